import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, agencyRoles, agencyUsers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { pageInfo } from '../shared/pagination'
import { agencyReadScope } from './users.rules'
import { UserListQuerySchema, type UserListQuery } from './users.schemas'
import { agencyUserColumns } from './user-loading'
import { presentAgencyUser } from './user-presenters'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * getAllAgencyUser/{agency_id}: the users of one agency, filtered, sorted and paged in SQL. The agency
 * side reads only its own agency (another id is "not found"); staff with user_management any agency.
 */
export const findAgencyUsers = defineUseCase(
  { staff: ['user_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function findAgencyUsers(opts: { actor: Actor; agencyId: number } & UserListQuery) {
    const { actor, agencyId: requested, ...raw } = opts
    const agencyId = agencyReadScope(actor, requested)
    const q = validate(UserListQuerySchema, raw)
    const db = getDb()
    const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId))
    if (!agency) throw notFound('Agency')
    const where: SQL[] = [eq(agencyUsers.agency_id, agencyId)]
    if (q.status) where.push(eq(agencyUsers.status, q.status))
    if (q.global_filter) {
      const like = `%${q.global_filter}%`
      where.push(
        or(
          ilike(agencyUsers.first_name, like),
          ilike(agencyUsers.last_name, like),
          ilike(agencyUsers.email, like),
        )!,
      )
    }
    const filter = and(...where)
    const dir = q.sort_direction === 'asc' ? asc : desc
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ ...agencyUserColumns, role_name: agencyRoles.name })
        .from(agencyUsers)
        .leftJoin(agencyRoles, eq(agencyRoles.id, agencyUsers.agency_role_id))
        .where(filter)
        .orderBy(dir(agencyUsers[q.sort_key]), dir(agencyUsers.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      db.select({ total: count() }).from(agencyUsers).where(filter),
    ])
    return { items: rows.map(presentAgencyUser), pageInfo: pageInfo(q.page, q.perPage, total) }
  },
)
