import { type Actor } from '../shared/actor'
import { countLimit, pageInfo } from '../shared/pagination'
import type { PolicyListQuery } from './policies.schemas'
import { defineUseCase } from '../shared/authorize'
import {
  type PolicyScope,
  filters,
  orderBy,
  present,
  filtersCustomers,
  checkScope,
  pagedPolicies,
  searchHits,
  sortsByCustomer,
} from './policy-listing'

/**
 * getPoliciesByStatus / getArchivePolicies (agency: any agency permission, own agency; staff:
 * policy_management or finance, every agency): filtered, sorted and paged in SQL; archived
 * policies only appear in the archive list. The page and its count are one statement.
 */
export const findPolicies = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function findPolicies(opts: { actor: Actor; scope: PolicyScope; query: PolicyListQuery }) {
    const { actor, scope, query } = opts
    await checkScope(actor, scope.agencyId)
    const hits = searchHits(query.global_filter)
    const page = await pagedPolicies({
      where: filters(actor, scope, query, hits),
      hits,
      orderBy: orderBy(query),
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      count: { limit: countLimit(query.page, query.perPage), customers: filtersCustomers(query) },
      sortsByCustomer: sortsByCustomer(query),
    })
    return {
      items: page.rows.map(present),
      pageInfo: pageInfo(query.page, query.perPage, page.total, { capped: page.capped }),
    }
  },
)
