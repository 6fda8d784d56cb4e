// The one way to write a notification: one row and one receiver row per person it reaches, in the
// caller's transaction so it lands with the change it reports.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import {
  agencies,
  agencyUsers,
  notificationReceivers,
  notifications,
  oshcPermissions,
  oshcRolePermissions,
  oshcUsers,
} from '../../db/schema'

export type NotifyTarget =
  /** The agency account and its active users. */
  | { agencyId: number }
  /** Every active staff user holding this permission. */
  | { staffPermission: string }
  | { identityIds: number[] }

export async function notify(
  tx: DbOrTx,
  n: {
    eventType: string
    title: string
    message: string
    link?: string | null
    meta?: Record<string, unknown>
  },
  to: NotifyTarget,
) {
  const ids = await recipients(tx, to)
  if (ids.length === 0) return null
  const [row] = await tx
    .insert(notifications)
    .values({
      event_type: n.eventType,
      title: n.title,
      message: n.message,
      link: n.link ?? null,
      meta: n.meta ?? null,
    })
    .returning({ id: notifications.id })
  await tx
    .insert(notificationReceivers)
    .values([...new Set(ids)].map((identity_id) => ({ notification_id: row.id, identity_id })))
  return row.id
}

async function recipients(tx: DbOrTx, to: NotifyTarget): Promise<number[]> {
  if ('identityIds' in to) return to.identityIds
  if ('agencyId' in to) {
    const [agency] = await tx
      .select({ identity_id: agencies.identity_id })
      .from(agencies)
      .where(eq(agencies.id, to.agencyId))
    const users = await tx
      .select({ identity_id: agencyUsers.identity_id })
      .from(agencyUsers)
      .where(and(eq(agencyUsers.agency_id, to.agencyId), eq(agencyUsers.status, 'ENABLED')))
    return [agency?.identity_id, ...users.map((u) => u.identity_id)].filter((x): x is number => !!x)
  }
  const rows = await tx
    .select({ identity_id: oshcUsers.identity_id })
    .from(oshcUsers)
    .innerJoin(oshcRolePermissions, eq(oshcRolePermissions.role_id, oshcUsers.role_id))
    .innerJoin(oshcPermissions, eq(oshcPermissions.id, oshcRolePermissions.permission_id))
    .where(and(inArray(oshcPermissions.name, [to.staffPermission]), eq(oshcUsers.status, 'ENABLED')))
  return rows.map((r) => r.identity_id)
}
