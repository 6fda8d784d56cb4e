// What the policy's details show of the records other areas keep about it (insurer, agency,
// premium payments, invoices, commission) and of its own certificates and files, newest first.
import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencies,
  commissions,
  insuranceProviders,
  invoiceLineItems,
  invoices,
  policyCertificates,
  policyFiles,
  policyPremiumPayments,
} from '../../db/schema'
import { fromCents } from '../shared/money'

/** The insurer of the policy, or null before one is chosen. */
export async function policyProvider(providerId: number | null) {
  if (!providerId) return null
  const [provider] = await getDb()
    .select({
      id: insuranceProviders.id,
      name: insuranceProviders.name,
      display_name: insuranceProviders.display_name,
      logo: insuranceProviders.logo,
    })
    .from(insuranceProviders)
    .where(eq(insuranceProviders.id, providerId))
  return provider ?? null
}

/** The selling agency's name and address. */
export async function policyAgency(agencyId: number) {
  const [agency] = await getDb()
    .select({ id: agencies.id, name: agencies.full_company_name, email: agencies.email })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  return agency
}

/** The premium payments (amounts in dollars; whether a bank document was uploaded, not the file). */
export async function policyPayments(policyId: number) {
  const rows = await getDb()
    .select({
      id: policyPremiumPayments.id,
      amount: policyPremiumPayments.amount,
      surcharge_amount: policyPremiumPayments.surcharge_amount,
      currency: policyPremiumPayments.currency,
      status: policyPremiumPayments.status,
      payment_type: policyPremiumPayments.payment_type,
      has_bank_document: sql<boolean>`${policyPremiumPayments.bank_document} is not null`,
      rejection_reason: policyPremiumPayments.rejection_reason,
      paid_at: policyPremiumPayments.paid_at,
      created_at: policyPremiumPayments.created_at,
    })
    .from(policyPremiumPayments)
    .where(eq(policyPremiumPayments.policy_id, policyId))
    .orderBy(desc(policyPremiumPayments.id))
  return rows.map((x) => ({
    ...x,
    amount: fromCents(x.amount),
    surcharge_amount: fromCents(x.surcharge_amount),
  }))
}

/** The invoices with a line for the policy (amounts in dollars). */
export async function policyInvoices(policyId: number) {
  const rows = await getDb()
    .selectDistinct({
      id: invoices.id,
      invoice_type: invoices.invoice_type,
      status: invoices.status,
      total_amount_due: invoices.total_amount_due,
      total_outstanding_amount: invoices.total_outstanding_amount,
      invoice_date: invoices.invoice_date,
      created_at: invoices.created_at,
    })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(eq(invoiceLineItems.policy_id, policyId))
    .orderBy(desc(invoices.id))
  return rows.map((i) => ({
    ...i,
    total_amount_due: fromCents(i.total_amount_due),
    total_outstanding_amount: fromCents(i.total_outstanding_amount),
  }))
}

/** The agency's commission on the policy (amount in dollars), or null. */
export async function policyCommission(policyId: number) {
  const [commission] = await getDb()
    .select({
      amount: commissions.amount,
      commission_rate: commissions.commission_rate,
      status: commissions.status,
    })
    .from(commissions)
    .where(eq(commissions.policy_id, policyId))
  return commission ? { ...commission, amount: fromCents(commission.amount) } : null
}

/** The certificates, without their download links. */
export function policyCertificatesOf(policyId: number) {
  return getDb()
    .select({
      id: policyCertificates.id,
      certificate_type: policyCertificates.certificate_type,
      certificate_name: policyCertificates.certificate_name,
      membership_number: policyCertificates.membership_number,
      policy_number: policyCertificates.policy_number,
      issued_at: policyCertificates.issued_at,
      created_at: policyCertificates.created_at,
    })
    .from(policyCertificates)
    .where(eq(policyCertificates.policy_id, policyId))
    .orderBy(desc(policyCertificates.id))
}

/** The files attached to the policy. */
export function policyFilesOf(policyId: number) {
  return getDb()
    .select({
      id: policyFiles.id,
      name: policyFiles.name,
      file_type: policyFiles.file_type,
      created_at: policyFiles.created_at,
    })
    .from(policyFiles)
    .where(eq(policyFiles.policy_id, policyId))
    .orderBy(desc(policyFiles.id))
}
