// The payout's money (ADR 0013), in the decision's transaction: the invoice's GST joins what is
// payable, a bank payout leaves commission payable through the bank's clearing account, any other
// payout credits the agency's balance (postBalanceEntry, COMMISSION_RECEIVED).
import type { DbOrTx } from '../../../db/client'
import type { commissionPayouts } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { formatCents } from '../../shared/format'
import { staffAsNow } from '../../money/authority'
import { account } from '../../money/accounts'
import { postTransfers } from '../../money/journal'
import { postBalanceEntry } from '../ledger/ledger'

/** The decision being applied (payout-decision's context). */
type PayoutCtx = { tx: DbOrTx; p: typeof commissionPayouts.$inferSelect; staff: StaffActor }

const journalLinks = ({ p, staff }: PayoutCtx) => ({
  agencyId: p.agency_id,
  payoutId: p.id,
  invoiceId: p.invoice_id,
  actor: staff,
})

/**
 * The agency's invoice adds GST to the banked commission: the house owes it on top, so it joins
 * what is payable before the payout takes the whole total out (house:gst, GST; issue 22).
 */
export async function postPayoutGst(ctx: PayoutCtx) {
  const { p } = ctx
  if (p.gst_amount > 0)
    await postTransfers(ctx.tx, [
      {
        key: `payout:${p.id}:gst`,
        debit: account.house('gst'),
        credit: account.agencyCommissionPayable(p.agency_id),
        amount: p.gst_amount,
        code: 'GST',
        note: `GST on commission payout #${p.id}`,
        ...journalLinks(ctx),
      },
    ])
}

/**
 * Paid by bank transfer: `amount` leaves commission payable through the bank's clearing account
 * (PAYOUT); nothing when the offsets took it all.
 */
export async function postPayoutByBank(ctx: PayoutCtx, amount: number, receiptId: string) {
  const { p } = ctx
  if (amount > 0)
    await postTransfers(ctx.tx, [
      {
        key: `payout:${p.id}`,
        debit: account.agencyCommissionPayable(p.agency_id),
        credit: account.clearing('bank'),
        amount,
        code: 'PAYOUT',
        note: `Commission payout #${p.id} by bank transfer, receipt ${receiptId}`,
        ...journalLinks(ctx),
      },
    ])
}

/** `credited` reaches the agency's balance (COMMISSION_RECEIVED), after `offset` against clawbacks. */
export async function creditPayoutToBalance(ctx: PayoutCtx, credited: number, offset: number) {
  const { tx, p, staff } = ctx
  return postBalanceEntry(tx, {
    agencyId: p.agency_id,
    type: 'COMMISSION_RECEIVED',
    amount: credited,
    actor: staff,
    invoiceId: p.invoice_id,
    note: `Commission payout #${p.id}${offset ? ` (after ${formatCents(offset)} offset against clawbacks)` : ''}`,
    // The writer's backstop: the decider as they are now (holding finance), not the maker.
    decision: { by: (await staffAsNow(tx, staff.identityId)) ?? staff, makers: [p.created_by] },
  })
}
