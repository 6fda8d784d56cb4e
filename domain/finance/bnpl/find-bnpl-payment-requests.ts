import { and, count, desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, bnplPaymentRequestItems, bnplPaymentRequests } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { presentBnplRequest } from './bnpl-requests'
import type { BnplRequestListInput } from './bnpl.schemas'

/**
 * The buy-now-pay-later settlement requests, newest first, filtered by status: every agency's for
 * staff with finance (agency_id filters), the caller's own for the agency side (`agencyId` must
 * be its own; another is 404). Each with its agency and number of policies.
 */
export const findBnplPaymentRequests = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBnplPaymentRequests(opts: {
    actor: Actor
    agencyId?: number
    input: BnplRequestListInput
  }) {
    const { actor, input } = opts
    const agencyId = isAgencySide(actor) ? actor.agencyId : (opts.agencyId ?? input.agency_id)
    if (opts.agencyId !== undefined) await assertAgencyAccess(actor, opts.agencyId)
    const filter = and(
      agencyId === undefined ? undefined : eq(bnplPaymentRequests.agency_id, agencyId),
      input.status ? eq(bnplPaymentRequests.status, input.status) : undefined,
    )
    const policyCount = getDb()
      .select({ request_id: bnplPaymentRequestItems.request_id, n: count().as('n') })
      .from(bnplPaymentRequestItems)
      .groupBy(bnplPaymentRequestItems.request_id)
      .as('policy_count')
    const rows = await getDb()
      .select({
        request: bnplPaymentRequests,
        agency: { id: agencies.id, name: agencies.full_company_name, email: agencies.email },
        policies: sql<number>`coalesce(${policyCount.n}, 0)::int`,
        total: sql<number>`count(*) over()::int`,
      })
      .from(bnplPaymentRequests)
      .innerJoin(agencies, eq(agencies.id, bnplPaymentRequests.agency_id))
      .leftJoin(policyCount, eq(policyCount.request_id, bnplPaymentRequests.id))
      .where(filter)
      .orderBy(desc(bnplPaymentRequests.created_at), desc(bnplPaymentRequests.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map((r) => ({
        ...presentBnplRequest(r.request),
        agency: { id: r.agency.id, name: r.agency.name ?? r.agency.email },
        policy_count: r.policies,
      })),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
