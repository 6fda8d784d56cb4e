import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyRoles, agencyUsers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { agencyReadScope } from './users.rules'
import { EmailOrIdQuerySchema, type EmailOrIdQuery } from './users.schemas'
import { agencyUserColumns } from './user-loading'
import { presentAgencyUser } from './user-presenters'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/**
 * getAgencyUserByEmailOrId (agency side, any agency permission): one user of the caller's agency by
 * id or e-mail; users of other agencies are "not found".
 */
export const getAgencyUser = defineUseCase(
  { agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyUser(opts: { actor: Actor } & EmailOrIdQuery) {
    const { actor, ...raw } = opts
    const agencyId = agencyReadScope(actor)
    const q = validate(EmailOrIdQuerySchema, raw)
    const match = q.id ? eq(agencyUsers.id, q.id) : eq(sql`lower(${agencyUsers.email})`, q.email ?? '')
    const [row] = await getDb()
      .select({ ...agencyUserColumns, role_name: agencyRoles.name })
      .from(agencyUsers)
      .leftJoin(agencyRoles, eq(agencyRoles.id, agencyUsers.agency_role_id))
      .where(and(match, eq(agencyUsers.agency_id, agencyId)))
    if (!row) throw notFound('User')
    return presentAgencyUser(row)
  },
)
