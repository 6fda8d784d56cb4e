import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { amendmentQuery, amendmentWhere, presentAmendmentRow } from './amendment-listing'
import type { AmendmentListFilter } from './amendments.schemas'

/**
 * exportAmmendedPolicies: the amendment list without paging, in batches, for streamed exports.
 * `amended_only` true (the default) exports getAmmendedPolicies, false getAllAmendmentPolicies.
 */
export const iterateAmendedPolicies = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function iterateAmendedPolicies(opts: {
    actor: Actor
    input: AmendmentListFilter
    amendedOnly: boolean
  }) {
    const where = amendmentWhere(opts.actor, opts.input, { amendedOnly: opts.amendedOnly })
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await amendmentQuery(where, opts.input).limit(batch).offset(offset)
        for (const r of rows) yield presentAmendmentRow(r)
        if (rows.length < batch) return
      }
    })()
  },
)
