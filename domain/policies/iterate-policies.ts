import { type Actor } from '../shared/actor'
import type { PolicyListFilter } from './policies.schemas'
import { defineUseCase } from '../shared/authorize'
import { type PolicyScope, filters, orderBy, baseQuery, present, checkScope } from './policy-listing'

/** The same list without paging, in batches, for streamed exports (checks as findPolicies). */
export const iteratePolicies = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function iteratePolicies(opts: { actor: Actor; scope: PolicyScope; query: PolicyListFilter }) {
    const { actor, scope, query } = opts
    await checkScope(actor, scope.agencyId)
    const where = filters(actor, scope, query)
    return (async function* (batch = 500) {
      for (let offset = 0; ; offset += batch) {
        const rows = await baseQuery()
          .where(where)
          .orderBy(...orderBy(query))
          .limit(batch)
          .offset(offset)
        for (const r of rows) yield present(r)
        if (rows.length < batch) return
      }
    })()
  },
)
