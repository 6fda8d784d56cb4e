import { type Actor } from '../../shared/actor'
import { pageInfo } from '../../shared/pagination'
import type { TopUpListInput } from '../finance.schemas'
import { defineUseCase } from '../../shared/authorize'
import { where, query, present, scope } from './topup-listing'

/**
 * getAgencyTopup: top-ups newest first (by default), filtered by status and agency, paged.
 * Staff with finance for any agency; an agency for itself (`agencyId` from the path).
 */
export const findTopups = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findTopups(opts: {
    actor: Actor
    agencyId?: number
    input: TopUpListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await scope(opts.actor, input, opts.agencyId)
    const rows = await query(where(input, agencyId), input)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return { items: rows.map(present), pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0) }
  },
)
