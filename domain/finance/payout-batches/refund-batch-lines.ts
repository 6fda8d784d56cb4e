// Full refunds approved to be paid by a payout batch (issue 25): which wait outside a batch, and
// their lines in the ABA file (the agency's verified payout account, as for its payouts).
import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencies, agencyBankDetails, fullRefunds, payoutBatchItems, policies } from '../../../db/schema'
import { conflict, validation } from '../../shared/errors'
import { netRefund } from '../../refunds/refunds.rules'
import { payeeIssue, refundReference } from './payout-batches.rules'

/** Refunds APPROVED by BANK with no proof yet, with their policy, agency and verified account. */
function awaitingRefunds(db: DbOrTx) {
  return db
    .select({
      refund: fullRefunds,
      ref: policies.ref,
      agency_name: agencies.full_company_name,
      agency_email: agencies.email,
      bank: agencyBankDetails,
    })
    .from(fullRefunds)
    .innerJoin(policies, eq(policies.id, fullRefunds.policy_id))
    .innerJoin(agencies, eq(agencies.id, fullRefunds.agency_id))
    .leftJoin(agencyBankDetails, eq(agencyBankDetails.agency_id, fullRefunds.agency_id))
    .orderBy(asc(fullRefunds.id))
    .$dynamic()
}

const awaiting = and(
  eq(fullRefunds.status, 'APPROVED'),
  eq(fullRefunds.payment_method, 'BANK'),
  isNull(fullRefunds.payment_url),
)

export const refundAmount = (r: typeof fullRefunds.$inferSelect) =>
  netRefund(r.refundable_premium_amount ?? 0, r.deductable_commission_amount ?? 0)

/** Refunds waiting for a batch and in none, oldest first (at most `limit`). */
export function refundCandidateRows(db: DbOrTx, limit: number) {
  const inLiveBatch = db
    .select({ one: payoutBatchItems.id })
    .from(payoutBatchItems)
    .where(and(eq(payoutBatchItems.refund_id, fullRefunds.id), eq(payoutBatchItems.state, 'INCLUDED')))
  return awaitingRefunds(db)
    .where(and(awaiting, notExists(inLiveBatch)))
    .limit(limit)
}

/**
 * The chosen refunds' lines, the refunds locked in id order: each must wait for a batch (APPROVED
 * by BANK without proof: 409), be in no live batch (409 naming it) and its agency have a verified
 * payout account a Direct Entry file can pay (400 naming it and why).
 */
export async function refundBatchLines(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return []
  const rows = await awaitingRefunds(tx)
    .where(inArray(fullRefunds.id, ids))
    .for('update', { of: fullRefunds })
  const missing = ids.find((i) => !rows.some((r) => r.refund.id === i))
  if (missing) throw validation('refund_ids', `Full refund #${missing} was not found`)
  const [live] = await tx
    .select({ refund_id: payoutBatchItems.refund_id, batch_id: payoutBatchItems.batch_id })
    .from(payoutBatchItems)
    .where(and(inArray(payoutBatchItems.refund_id, ids), eq(payoutBatchItems.state, 'INCLUDED')))
  if (live) throw conflict(`Full refund #${live.refund_id} is already in payout batch #${live.batch_id}`)
  for (const { refund, ref, agency_name, agency_email, bank } of rows) {
    const r = refund
    if (r.status !== 'APPROVED' || r.payment_method !== 'BANK' || r.payment_url)
      throw conflict(
        `Full refund #${r.id} of ${ref} is ${r.status}${r.payment_url ? ' with its own proof' : ''}; a batch pays refunds approved to be paid by a batch`,
      )
    const issue = payeeIssue(bank)
    if (issue)
      throw validation('refund_ids', `Full refund #${r.id} (${agency_name ?? agency_email}): ${issue}`)
  }
  return rows.map(({ refund, bank }) => ({
    refund_id: refund.id,
    agency_id: refund.agency_id,
    amount_cents: refundAmount(refund),
    bsb: bank!.bsb!,
    account_number: bank!.account_number,
    account_name: bank!.bank_account_name,
    lodgement_reference: refundReference(refund.id),
  }))
}
