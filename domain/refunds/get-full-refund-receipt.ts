import { and, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, customers, fullRefunds } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { fromCents } from '../shared/money'
import { loadPolicy } from '../policies/policy-loading'
import { netRefund } from './refunds.rules'

/**
 * getFullRefundPolicyDetailReceipt/{policy_id} (staff with finance) and
 * getFullRefundPolicyDetailReceiptForAgency/{policy_id} (the agency side, its own policies): the
 * receipt of the policy's completed full refund: receipt id, amounts in AUD (refundable premium,
 * commission deducted, refund paid), method and proof, invoice, dates. 404 when no refund of the
 * policy was paid, or for another agency's policy.
 */
export const getFullRefundReceipt = defineUseCase(
  { staff: ['finance', 'policy_management'], agency: true },
  async function getFullRefundReceipt(opts: { actor: Actor; policyId: number }) {
    const policy = await loadPolicy(opts.actor, opts.policyId)
    const db = getDb()
    const [row] = await db
      .select({
        refund: fullRefunds,
        first_name: customers.first_name,
        last_name: customers.last_name,
        agency: agencies.full_company_name,
      })
      .from(fullRefunds)
      .innerJoin(customers, eq(customers.id, policy.customer_id))
      .innerJoin(agencies, eq(agencies.id, fullRefunds.agency_id))
      .where(and(eq(fullRefunds.policy_id, policy.id), eq(fullRefunds.status, 'COMPLETED')))
      .orderBy(desc(fullRefunds.completed_at))
      .limit(1)
    if (!row) throw notFound('Full refund receipt')
    const r = row.refund
    const refundable = r.refundable_premium_amount ?? 0
    const deducted = r.deductable_commission_amount ?? 0
    return {
      receipt_id: r.receipt_id,
      full_refund_id: r.id,
      policy_id: policy.id,
      ref: policy.ref,
      customer_name: `${row.first_name} ${row.last_name}`,
      agency_name: row.agency,
      refundable_premium_amount: fromCents(refundable),
      deductable_commission_amount: fromCents(deducted),
      refund_amount: fromCents(netRefund(refundable, deducted)),
      is_full_refund: r.is_full_refund,
      payment_method: r.payment_method,
      payment_url: r.payment_url,
      invoice_id: r.invoice_id,
      clawback_id: r.clawback_id,
      requested_at: r.created_at,
      completed_at: r.completed_at,
      currency: 'AUD',
    }
  },
)
