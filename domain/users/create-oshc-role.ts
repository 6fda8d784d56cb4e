import { eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { oshcRoles } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { conflictOnDuplicate, DomainError } from '../shared/errors'
import { RoleNameSchema } from './users.schemas'
import { DUPLICATE_ROLE, type PermissionView } from './roles'
import { validate } from './input-validation'
import { defineUseCase } from '../shared/authorize'

/** createOshcRole (staff with user_management): a role without permissions; 409 on a taken name. */
export const createOshcRole = defineUseCase(
  { staff: ['user_management'] },
  async function createOshcRole(opts: { actor: StaffActor; name: string }) {
    const { name } = validate(RoleNameSchema, { name: opts.name })
    const db = getDb()
    const [taken] = await db
      .select({ id: oshcRoles.id })
      .from(oshcRoles)
      .where(eq(sql`lower(${oshcRoles.name})`, name.toLowerCase()))
    if (taken) throw new DomainError('CONFLICT', DUPLICATE_ROLE, { name: [DUPLICATE_ROLE] })
    const [role] = await db
      .insert(oshcRoles)
      .values({ name })
      .returning({ id: oshcRoles.id, name: oshcRoles.name, created_at: oshcRoles.created_at })
      .catch(conflictOnDuplicate(DUPLICATE_ROLE))
    return { ...role, permissions: [] as PermissionView[] }
  },
)
