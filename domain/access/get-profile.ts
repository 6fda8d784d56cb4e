import { eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencies,
  agencyPermissions,
  agencyRoles,
  agencyUsers,
  oshcPermissions,
  oshcRoles,
  oshcUsers,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { DomainError, notFound } from '../shared/errors'
import { pathByStatus } from '../agencies/agencies.rules'

/** The signed-in profile of spec/01 section 3, shaped by userType. */
export async function getProfile(actor: Actor) {
  const db = getDb()
  if (actor.kind === 'public' || actor.kind === 'system' || actor.kind === 'widget')
    throw new DomainError('UNAUTHENTICATED', 'You must be signed in')
  if (actor.kind === 'Agency') {
    const [a] = await db.select().from(agencies).where(eq(agencies.id, actor.agencyId))
    if (!a) throw notFound('Agency')
    const permission = await db
      .select({ id: agencyPermissions.id, name: agencyPermissions.name })
      .from(agencyPermissions)
      .where(inArray(agencyPermissions.name, [...actor.permissions]))
    return {
      userType: 'Agency' as const,
      full_company_name: a.full_company_name,
      email: a.email,
      profile_picture: a.profile_image,
      agencyId: a.id,
      status: a.status,
      isVerified: a.is_verfied,
      path_by_status: pathByStatus(a),
      permission,
    }
  }
  if (actor.kind === 'agency_user') {
    const [u] = await db
      .select({ user: agencyUsers, roleName: agencyRoles.name })
      .from(agencyUsers)
      .leftJoin(agencyRoles, eq(agencyRoles.id, agencyUsers.agency_role_id))
      .where(eq(agencyUsers.id, actor.userId))
    if (!u) throw notFound('User')
    const permission = await db
      .select({ id: agencyPermissions.id, name: agencyPermissions.name })
      .from(agencyPermissions)
      .where(inArray(agencyPermissions.name, [...actor.permissions, '__none__']))
    return {
      userType: 'agency_user' as const,
      ...person(u.user, u.user.agency_role_id, u.roleName, permission),
      agencyId: u.user.agency_id,
    }
  }
  const [u] = await db
    .select({ user: oshcUsers, roleName: oshcRoles.name })
    .from(oshcUsers)
    .leftJoin(oshcRoles, eq(oshcRoles.id, oshcUsers.role_id))
    .where(eq(oshcUsers.id, actor.userId))
  if (!u) throw notFound('User')
  const permission = await db
    .select({ id: oshcPermissions.id, name: oshcPermissions.name })
    .from(oshcPermissions)
    .where(inArray(oshcPermissions.name, [...actor.permissions, '__none__']))
  return { userType: 'Oshc' as const, ...person(u.user, u.user.role_id, u.roleName, permission) }
}

/** The fields agency users and staff share in the profile. */
function person(
  user: {
    id: number
    email: string
    profile_image: string | null
    status: 'ENABLED' | 'DISABLED'
    first_name: string
    middle_name: string | null
    last_name: string
  },
  roleId: number | null,
  roleName: string | null,
  permission: { id: number; name: string }[],
) {
  return {
    email: user.email,
    profile_picture: user.profile_image,
    userId: user.id,
    status: user.status,
    first_name: user.first_name,
    middle_name: user.middle_name,
    last_name: user.last_name,
    role: roleId ? { id: roleId, name: roleName } : null,
    permission,
  }
}

export type Profile = Awaited<ReturnType<typeof getProfile>>
