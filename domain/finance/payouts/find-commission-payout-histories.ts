import { isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { loadPayoutDetail } from './payout-detail'

/**
 * getCommissionPayoutOSHCHistories / getCommissionPayoutAgenciesHistories: a payout's timeline,
 * oldest first. Staff see every row (reminders and escalations too); the agency side only the rows
 * meant for it, and only for its own payouts (404 otherwise).
 */
export const findCommissionPayoutHistories = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findCommissionPayoutHistories(opts: { actor: Actor; payoutId: number }) {
    const { actor } = opts
    const agencySide = isAgencySide(actor)
    const detail = await loadPayoutDetail(opts.payoutId, {
      agencyId: agencySide ? actor.agencyId : undefined,
      agencyVisibleOnly: agencySide,
    })
    return detail.history
  },
)
