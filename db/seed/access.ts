import { eq, sql } from 'drizzle-orm'
import { hash } from '@node-rs/argon2'
import type { Db } from '../client'
import {
  agencyPermissions,
  identities,
  oshcPermissions,
  oshcRolePermissions,
  oshcRoles,
  oshcUsers,
} from '../schema'

export const STAFF_PERMISSION_ROWS = [
  { name: 'agency_management', display_name: 'Agency management' },
  { name: 'user_management', display_name: 'User management' },
  { name: 'quote', display_name: 'Quotes' },
  { name: 'finance', display_name: 'Finance' },
  { name: 'policy_management', display_name: 'Policy management' },
]
export const AGENCY_PERMISSION_ROWS = [
  { name: 'quote', display_name: 'Quotes' },
  { name: 'purchase', display_name: 'Purchase' },
  { name: 'user_management', display_name: 'User management' },
  { name: 'finance', display_name: 'Finance' },
]

export const ADMIN_EMAIL = 'admin@oshc.local'

/** Permissions, the Super Admin role holding all of them, and the seeded staff login. */
export async function seedAccess(db: Db, adminPassword: string) {
  await db.insert(oshcPermissions).values(STAFF_PERMISSION_ROWS).onConflictDoNothing()
  await db.insert(agencyPermissions).values(AGENCY_PERMISSION_ROWS).onConflictDoNothing()
  await db.insert(oshcRoles).values({ name: 'Super Admin' }).onConflictDoNothing()
  const [role] = await db.select().from(oshcRoles).where(eq(oshcRoles.name, 'Super Admin'))
  const perms = await db.select({ id: oshcPermissions.id }).from(oshcPermissions)
  await db
    .insert(oshcRolePermissions)
    .values(perms.map((p) => ({ role_id: role.id, permission_id: p.id })))
    .onConflictDoNothing()
  const [existing] = await db
    .select()
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, ADMIN_EMAIL))
  if (!existing) {
    const [identity] = await db
      .insert(identities)
      .values({ email: ADMIN_EMAIL, kind: 'Oshc', password_hash: await hash(adminPassword) })
      .returning()
    await db.insert(oshcUsers).values({
      identity_id: identity.id,
      first_name: 'System',
      last_name: 'Administrator',
      email: ADMIN_EMAIL,
      role_id: role.id,
    })
  }
  return { superAdminRoleId: role.id }
}

export const DEMO_FINANCE_EMAIL = 'finance@oshc.local'

/**
 * Demo data only: a second staff login, "Finance Officer" with finance and policy management, so
 * that maker-checker approvals (a refund, a payout, a clawback) can be shown: one staff member
 * sets the amounts, the other approves them. The password is the demo agencies' one.
 */
export async function seedDemoStaff(db: Db, password: string) {
  await db.insert(oshcRoles).values({ name: 'Finance Officer' }).onConflictDoNothing()
  const [role] = await db.select().from(oshcRoles).where(eq(oshcRoles.name, 'Finance Officer'))
  const perms = await db.select({ id: oshcPermissions.id, name: oshcPermissions.name }).from(oshcPermissions)
  await db
    .insert(oshcRolePermissions)
    .values(
      perms
        .filter((p) => p.name === 'finance' || p.name === 'policy_management')
        .map((p) => ({ role_id: role.id, permission_id: p.id })),
    )
    .onConflictDoNothing()
  const [existing] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(eq(sql`lower(${identities.email})`, DEMO_FINANCE_EMAIL))
  if (existing) return
  const [identity] = await db
    .insert(identities)
    .values({ email: DEMO_FINANCE_EMAIL, kind: 'Oshc', password_hash: await hash(password) })
    .returning()
  await db.insert(oshcUsers).values({
    identity_id: identity.id,
    first_name: 'Fiona',
    last_name: 'Finance',
    email: DEMO_FINANCE_EMAIL,
    role_id: role.id,
  })
}
