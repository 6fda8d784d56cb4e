import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { payoutQuery, payoutWhere, presentPayoutRow, scope } from './payout-listing'
import type { PayoutListInput } from './payouts.schemas'

/**
 * getCommissionPayouts: payout requests newest first (by default), filtered by status, payment
 * type, agency and request date, paged. Staff with finance for any agency; an agency for itself
 * (`agencyId` from the path; another agency's is 404).
 */
export const findCommissionPayouts = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findCommissionPayouts(opts: {
    actor: Actor
    agencyId?: number
    input: PayoutListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await scope(opts.actor, input, opts.agencyId)
    const rows = await payoutQuery(payoutWhere(input, agencyId), input)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentPayoutRow),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
