import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcRoles, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { pageInfo } from '../shared/pagination'
import { UserListQuerySchema, type UserListQuery } from './users.schemas'
import { oshcUserColumns } from './user-loading'
import { presentOshcUser } from './user-presenters'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * getOshcUsers (staff with user_management): staff users filtered, sorted and paged in SQL. The sort
 * key is one of USER_SORT_KEYS (anything else is a 400), ties broken by id.
 */
export const findOshcUsers = defineUseCase(
  { staff: ['user_management'] },
  async function findOshcUsers(opts: { actor: StaffActor } & UserListQuery) {
    const { actor: _actor, ...raw } = opts
    const q = validate(UserListQuerySchema, raw)
    const where: SQL[] = []
    if (q.status) where.push(eq(oshcUsers.status, q.status))
    if (q.global_filter) {
      const like = `%${q.global_filter}%`
      where.push(
        or(
          ilike(oshcUsers.first_name, like),
          ilike(oshcUsers.last_name, like),
          ilike(oshcUsers.email, like),
        )!,
      )
    }
    const filter = where.length ? and(...where) : undefined
    const dir = q.sort_direction === 'asc' ? asc : desc
    const db = getDb()
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ ...oshcUserColumns, role_name: oshcRoles.name })
        .from(oshcUsers)
        .leftJoin(oshcRoles, eq(oshcRoles.id, oshcUsers.role_id))
        .where(filter)
        .orderBy(dir(oshcUsers[q.sort_key]), dir(oshcUsers.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      db.select({ total: count() }).from(oshcUsers).where(filter),
    ])
    return { items: rows.map(presentOshcUser), pageInfo: pageInfo(q.page, q.perPage, total) }
  },
)
