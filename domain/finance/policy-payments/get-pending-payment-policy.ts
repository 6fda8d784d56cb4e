import { and, desc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencies,
  commissions,
  customers,
  insuranceProviders,
  invoiceLineItems,
  invoices,
  policies,
  policyPremiumPayments,
} from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { STATUS_LABELS } from '../../policies/policies.rules'
import { loadVisiblePolicy } from './policy-payment-loading'
import { defineUseCase } from '../../shared/authorize'

/**
 * getPendingPaymentPolicyById: one policy's payment picture (premium, every premium payment newest
 * first, commission, PREMIUM invoices). Staff with finance; the agency side (finance or purchase)
 * for its own policies (another agency's is 404).
 */
export const getPendingPaymentPolicy = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getPendingPaymentPolicy(opts: { actor: Actor; policyId: number }) {
    const visible = await loadVisiblePolicy(opts.actor, opts.policyId)
    return presentPaymentPicture(await loadPaymentPicture(visible.id))
  },
)

/**
 * The policy with its customer, provider and agency, its premium payments newest first, its
 * commission and its PREMIUM invoices.
 */
async function loadPaymentPicture(policyId: number) {
  const db = getDb()
  const [[row], payments, [commission], premiumInvoices] = await Promise.all([
    db
      .select({
        policy: policies,
        customer: {
          id: customers.id,
          first_name: customers.first_name,
          last_name: customers.last_name,
          email: customers.email,
        },
        provider: { id: insuranceProviders.id, name: insuranceProviders.display_name },
        agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
      })
      .from(policies)
      .innerJoin(customers, eq(customers.id, policies.customer_id))
      .innerJoin(agencies, eq(agencies.id, policies.agency_id))
      .leftJoin(insuranceProviders, eq(insuranceProviders.id, policies.insurance_provider_id))
      .where(eq(policies.id, policyId)),
    db
      .select()
      .from(policyPremiumPayments)
      .where(eq(policyPremiumPayments.policy_id, policyId))
      .orderBy(desc(policyPremiumPayments.created_at), desc(policyPremiumPayments.id)),
    db.select().from(commissions).where(eq(commissions.policy_id, policyId)),
    db
      .selectDistinct({
        id: invoices.id,
        status: invoices.status,
        total_amount_due: invoices.total_amount_due,
        total_outstanding_amount: invoices.total_outstanding_amount,
        invoice_date: invoices.invoice_date,
      })
      .from(invoices)
      .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
      .where(and(eq(invoiceLineItems.policy_id, policyId), inArray(invoices.invoice_type, ['PREMIUM']))),
  ])
  return { row, payments, commission, premiumInvoices }
}

type PaymentPicture = Awaited<ReturnType<typeof loadPaymentPicture>>

/** The payment picture as the API answers it (AUD decimals). */
function presentPaymentPicture({ row, payments, commission, premiumInvoices }: PaymentPicture) {
  const p = row.policy
  return {
    id: p.id,
    ref: p.ref,
    status: p.status,
    status_label: STATUS_LABELS[p.status],
    policy_type: p.policy_type,
    start_date: p.start_date,
    end_date: p.end_date,
    premium: p.premium === null ? null : fromCents(p.premium),
    premium_without_gst: p.premium_without_gst === null ? null : fromCents(p.premium_without_gst),
    premium_currency: p.premium_currency,
    payment_method: p.payment_method,
    purchased_at: p.purchased_at,
    customer: row.customer,
    provider: row.provider?.id ? row.provider : null,
    agency: row.agency,
    payments: payments.map((x) => ({
      id: x.id,
      status: x.status,
      payment_type: x.payment_type,
      amount: fromCents(x.amount),
      currency: x.currency,
      rejection_reason: x.rejection_reason,
      bank_document_available: Boolean(x.bank_document),
      paid_at: x.paid_at,
      created_at: x.created_at,
    })),
    commission: commission
      ? {
          id: commission.id,
          status: commission.status,
          amount: fromCents(commission.amount),
          commission_rate: commission.commission_rate,
        }
      : null,
    invoices: premiumInvoices.map((i) => ({
      ...i,
      total_amount_due: fromCents(i.total_amount_due),
      total_outstanding_amount: fromCents(i.total_outstanding_amount),
    })),
  }
}
