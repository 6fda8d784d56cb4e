import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { amendmentQuery, amendmentWhere, presentAmendmentRow } from './amendment-listing'
import type { AmendmentListQuery } from './amendments.schemas'

/**
 * getAmmendedPolicies: the amendments that are done (new certificate uploaded, the policy carries
 * the amended details), with the filters of getAllAmendmentPolicies. Staff: every agency.
 */
export const findAmendedPolicies = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function findAmendedPolicies(opts: { actor: Actor; input: AmendmentListQuery }) {
    const { input } = opts
    const rows = await amendmentQuery(amendmentWhere(opts.actor, input, { amendedOnly: true }), input)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentAmendmentRow),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
