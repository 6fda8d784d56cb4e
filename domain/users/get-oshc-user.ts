import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcRoles, oshcUsers } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { EmailOrIdQuerySchema, type EmailOrIdQuery } from './users.schemas'
import { oshcUserColumns } from './user-loading'
import { presentOshcUser } from './user-presenters'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/** getOshcUserById (staff with user_management): one staff user by id or e-mail, with its role. */
export const getOshcUser = defineUseCase(
  { staff: ['user_management'] },
  async function getOshcUser(opts: { actor: StaffActor } & EmailOrIdQuery) {
    const { actor: _actor, ...raw } = opts
    const q = validate(EmailOrIdQuerySchema, raw)
    const where = q.id ? eq(oshcUsers.id, q.id) : eq(sql`lower(${oshcUsers.email})`, q.email ?? '')
    const [row] = await getDb()
      .select({ ...oshcUserColumns, role_name: oshcRoles.name })
      .from(oshcUsers)
      .leftJoin(oshcRoles, eq(oshcRoles.id, oshcUsers.role_id))
      .where(where)
    if (!row) throw notFound('User')
    return presentOshcUser(row)
  },
)
