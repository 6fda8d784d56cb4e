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
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { presentPolicy } from './policy-presenter'
import { defineUseCase } from '../shared/authorize'
import { policyMeta, customerDetail, assigneesOf } from './policy-views'

/**
 * getPoliciesDetailsById / getPolicieById (policy readers of its agency, or staff): the policy with
 * its student, family, insurer, agency, premium payments, invoices, commission, certificates
 * (without download links), files, assignees and what may be done now.
 */
export const getPolicyDetails = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyDetails(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const db = getDb()
    const [
      people,
      [provider],
      [agency],
      payments,
      policyInvoices,
      [commission],
      certificates,
      files,
      assignees,
    ] = await Promise.all([
      customerDetail(p),
      p.insurance_provider_id
        ? db
            .select({
              id: insuranceProviders.id,
              name: insuranceProviders.name,
              display_name: insuranceProviders.display_name,
              logo: insuranceProviders.logo,
            })
            .from(insuranceProviders)
            .where(eq(insuranceProviders.id, p.insurance_provider_id))
        : Promise.resolve([]),
      db
        .select({ id: agencies.id, name: agencies.full_company_name, email: agencies.email })
        .from(agencies)
        .where(eq(agencies.id, p.agency_id)),
      db
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
        .where(eq(policyPremiumPayments.policy_id, p.id))
        .orderBy(desc(policyPremiumPayments.id)),
      db
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
        .where(eq(invoiceLineItems.policy_id, p.id))
        .orderBy(desc(invoices.id)),
      db
        .select({
          amount: commissions.amount,
          commission_rate: commissions.commission_rate,
          status: commissions.status,
        })
        .from(commissions)
        .where(eq(commissions.policy_id, p.id)),
      db
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
        .where(eq(policyCertificates.policy_id, p.id))
        .orderBy(desc(policyCertificates.id)),
      db
        .select({
          id: policyFiles.id,
          name: policyFiles.name,
          file_type: policyFiles.file_type,
          created_at: policyFiles.created_at,
        })
        .from(policyFiles)
        .where(eq(policyFiles.policy_id, p.id))
        .orderBy(desc(policyFiles.id)),
      assigneesOf(p),
    ])
    const issued = certificates.some((c) => c.certificate_type === 'new' && c.issued_at)
    return {
      policy: presentPolicy(p),
      ...people,
      provider: provider ?? null,
      agency,
      payments: payments.map((x) => ({
        ...x,
        amount: fromCents(x.amount),
        surcharge_amount: fromCents(x.surcharge_amount),
      })),
      invoices: policyInvoices.map((i) => ({
        ...i,
        total_amount_due: fromCents(i.total_amount_due),
        total_outstanding_amount: fromCents(i.total_outstanding_amount),
      })),
      commission: commission ? { ...commission, amount: fromCents(commission.amount) } : null,
      certificates,
      files,
      ...assignees,
      meta: policyMeta(p, issued),
    }
  },
)
