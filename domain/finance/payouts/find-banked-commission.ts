import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { bankedQuery, presentBanked, scope } from './payout-listing'

/**
 * getBankedCommision: COMMISSION_BANKED commissions (payable to agencies, not yet requested), most
 * recently banked first, with the premium invoice_line_item_id a payout request names. Staff any
 * agency (agency_id narrows); the agency side only its own.
 */
export const findBankedCommission = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBankedCommission(opts: {
    actor: Actor
    agencyId?: number
    input: { agency_id?: number; page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await scope(opts.actor, input, opts.agencyId)
    const rows = await bankedQuery(agencyId)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentBanked),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
