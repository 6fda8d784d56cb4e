import { and, eq, inArray, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { commissions, invoiceLineItems, invoices, policyPremiumPayments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { lockPolicyFor, transitionPolicy } from '../policies/policy-history'
import { markInvoicePaid } from '../finance/invoices'
import { clock } from '../shared/clock'

/**
 * The one way a premium becomes paid, in `tx`: the premium payment turns PAID, the policy moves
 * to PAYMENT_APPROVED (from PURCHASED on staff approval or a NexPay webhook, or directly on a
 * balance or card purchase), the commission is banked and the policy's PREMIUM invoice is paid.
 * `action` picks the allowed start statuses; anything else is a 409.
 */
export async function settlePremiumPayment(
  tx: DbOrTx,
  opts: {
    policyId: number
    paymentId: number
    action: 'approvePayment' | 'purchasePaid'
    actor: Actor | string
    decidedBy?: number | null
    note?: string | null
    set?: Parameters<typeof transitionPolicy>[3]['set']
  },
) {
  const policy = await lockPolicyFor(tx, opts.policyId, opts.action)
  const now = clock.now()
  await tx
    .update(policyPremiumPayments)
    .set({ status: 'PAID', paid_at: now, decided_by: opts.decidedBy ?? null })
    .where(eq(policyPremiumPayments.id, opts.paymentId))
  await transitionPolicy(tx, policy, opts.action, {
    actor: opts.actor,
    note: opts.note,
    set: opts.set,
    meta: { payment_id: opts.paymentId },
  })
  await tx
    .update(commissions)
    .set({ status: 'COMMISSION_BANKED' })
    .where(and(eq(commissions.policy_id, policy.id), eq(commissions.status, 'PENDING')))
  const premiumInvoices = await tx
    .selectDistinct({ id: invoices.id })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(
      and(
        eq(invoiceLineItems.policy_id, policy.id),
        eq(invoices.invoice_type, 'PREMIUM'),
        ne(invoices.status, 'PAID'),
        ne(invoices.status, 'CANCELLED'),
      ),
    )
  for (const inv of premiumInvoices) await markInvoicePaid(tx, inv.id)
  await tx
    .update(invoiceLineItems)
    .set({ is_commission_banked: true })
    .where(
      and(
        eq(invoiceLineItems.policy_id, policy.id),
        inArray(invoiceLineItems.line_item_type, ['PREMIUM', 'OFFER_PREMIUM']),
      ),
    )
  return policy
}
