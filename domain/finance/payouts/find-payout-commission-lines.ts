import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { payoutLinesQuery, presentPayoutLine, scope } from './payout-listing'
import type { PayoutLinesInput } from './payouts.schemas'

/**
 * getPayoutCommissionForEachPolicy(ForAdmin): the commission of each policy in payout requests
 * (one row per policy and request, newest request first) with its GST share, the payout's status
 * and the commission's; filters payout id and status. Staff any agency (agency_id narrows); an
 * agency its own (path).
 */
export const findPayoutCommissionLines = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findPayoutCommissionLines(opts: {
    actor: Actor
    agencyId?: number
    input: PayoutLinesInput
  }) {
    const { input } = opts
    const agencyId = await scope(opts.actor, input, opts.agencyId)
    const rows = await payoutLinesQuery(input, agencyId)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentPayoutLine),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
