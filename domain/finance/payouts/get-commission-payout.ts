import { isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { loadPayoutDetail } from './payout-detail'

/**
 * getCommissionPayoutById: one payout with its agency, commission lines (policy, commission, GST
 * share), invoice and timeline. Staff with finance (with `agencyId` from the path, which must be
 * the payout's); the agency side only its own (another agency's is 404) and only the timeline
 * rows meant for it.
 */
export const getCommissionPayout = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getCommissionPayout(opts: { actor: Actor; payoutId: number; agencyId?: number }) {
    const { actor } = opts
    if (opts.agencyId !== undefined) await assertAgencyAccess(actor, opts.agencyId)
    const agency = isAgencySide(actor) ? actor.agencyId : opts.agencyId
    return loadPayoutDetail(opts.payoutId, { agencyId: agency, agencyVisibleOnly: isAgencySide(actor) })
  },
)
