// The one way to write a notification: one row and one receiver row per person it reaches, in the
// caller's transaction so it lands with the change it reports.
import { and, eq, inArray, sql } from 'drizzle-orm'
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
import { forgetUnread, UNREAD_CHANNEL } from './unread-count'

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
  const ids = [...new Set(await recipients(tx, to))]
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
  if (n.meta) await replaceUnreadOfSameThing(tx, ids, { ...n, id: row.id, meta: n.meta })
  await tx
    .insert(notificationReceivers)
    .values(ids.map((identity_id) => ({ notification_id: row.id, identity_id })))
  await announceUnread(tx, ids)
  return row.id
}

/**
 * One unread notification per person, kind and thing (issue 29): a person who has not yet read the
 * last notification of this kind about the same record (same event type, link and meta) gets the
 * new one in its place, not beside it, so a second note on one invoice or a repeated reminder of
 * one task bumps the entry to the top with the latest words instead of growing the bell's count.
 * A notification nobody else still holds goes with it. Without meta nothing names the record, and
 * nothing is grouped.
 */
async function replaceUnreadOfSameThing(
  tx: DbOrTx,
  ids: number[],
  n: { id: number; eventType: string; link?: string | null; meta: Record<string, unknown> },
) {
  const { rows } = await tx.execute<{ notification_id: number }>(sql`
    delete from ${notificationReceivers} r
    using ${notifications} n
    where n.id = r.notification_id and n.id <> ${n.id}
      and r.status = 'UNREAD' and r.identity_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
      and n.event_type = ${n.eventType} and n.link is not distinct from ${n.link ?? null}
      and n.meta = ${JSON.stringify(n.meta)}::jsonb
    returning r.notification_id`)
  const emptied = [...new Set(rows.map((r) => Number(r.notification_id)))]
  if (emptied.length)
    await tx.execute(sql`
      delete from ${notifications} n
      where n.id in (${sql.join(
        emptied.map((i) => sql`${i}`),
        sql`, `,
      )})
        and not exists (select 1 from ${notificationReceivers} r where r.notification_id = n.id)`)
}

/**
 * Tells every web process, when the caller's transaction commits (PostgreSQL delivers NOTIFY at
 * commit, and not at all on rollback), that these people's unread counts changed.
 */
export async function announceUnread(tx: DbOrTx, identityIds: number[]) {
  const unique = [...new Set(identityIds)]
  forgetUnread(unique)
  // A NOTIFY payload holds under 8,000 bytes: 500 ids a message.
  for (let i = 0; i < unique.length; i += 500)
    await tx.execute(sql`SELECT pg_notify(${UNREAD_CHANNEL}, ${unique.slice(i, i + 500).join(',')})`)
}

/** Who a target reaches now (identity ids): for a job that tells the same people many times. */
export async function recipients(tx: DbOrTx, to: NotifyTarget): Promise<number[]> {
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
