import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { amendmentQuery, amendmentWhere, presentAmendmentRow } from './amendment-listing'
import type { AmendmentListQuery } from './amendments.schemas'

/**
 * getAllAmendmentPolicies: amendments, open and closed, newest first by default; type all |
 * payable (the agency pays) | receivable (the agency receives), tab (CONFIRM_PREMIUM,
 * PAYMENT_PENDING, AMMEND_POLICY, REFUND, AMMENDED_POLICY), agency_id, policy_id, global_filter
 * (ref, student name or e-mail). Staff see every agency; an agency only its own.
 */
export const findAmendments = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function findAmendments(opts: { actor: Actor; input: AmendmentListQuery }) {
    const { input } = opts
    const rows = await amendmentQuery(amendmentWhere(opts.actor, input), input)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentAmendmentRow),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
