import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { clawbackQuery, clawbackWhere, presentClawbackRow, scope } from './clawback-listing'
import type { ClawbackListInput } from './clawbacks.schemas'

/**
 * getClawbackDetailsByAdmin / getClawbackDetailsByAgency/{agency_id} /
 * getClawbackDetailsForCommissionPayout/{agency_id} (`openOnly`): clawbacks newest first by
 * default, filtered by status, method, agency and policy, paged. Staff with finance any agency;
 * the agency side its own (another agency's id: 404).
 */
export const findClawbacks = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findClawbacks(opts: {
    actor: Actor
    agencyId?: number
    openOnly?: boolean
    input: ClawbackListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await scope(opts.actor, input, opts.agencyId)
    const rows = await clawbackQuery(clawbackWhere({ ...input, openOnly: opts.openOnly }, agencyId), input)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentClawbackRow),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
