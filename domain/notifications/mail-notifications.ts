// The mail side of notifications, run by two Temporal Schedules: `notification-mails` (every
// minute) mails those who want a group at once; `notification-digests` (daily) mails each person
// who wants a group daily one digest of what is still unread. Each receiver is mailed at most once.
import { and, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { identities, notificationPreferences, notificationReceivers, notifications } from '../../db/schema'
import type { sendMail } from '../mail/mailer'
import { notificationMails } from '../mail/templates'
import { defaultDelivery, groupOf, type NotificationDelivery } from './notifications.rules'

const DAY_MS = 86_400_000
/** Receivers older than this are never mailed (a job down for longer does not flood inboxes). */
const LOOKBACK_MS = 2 * DAY_MS

type Deps = { db: Db; mail: typeof sendMail; now: Date }

/** Receivers read per query; a run pages through all of them (none is starved by older ones waiting for the digest). */
const PAGE = 1_000

/**
 * mode `immediate`: each unmailed receiver whose group the person wants at once gets one mail;
 * mode `daily`: each person gets one digest of their unread, unmailed notifications in groups
 * they want daily. Both settle what they looked at: receivers mailed, read or dismissed meanwhile,
 * or in a group the person wants by no mail, get `mailed_at` and are not looked at again; those
 * waiting for the other mode are left for it. A retried run mails nothing twice: each mail has its
 * idempotency key (the receiver's id; for a digest the person and the first receiver it holds,
 * which stays the same until the digest is settled), claimed before sending.
 */
export async function mailNotifications(deps: Deps & { mode: 'immediate' | 'daily' }) {
  const since = new Date(deps.now.getTime() - LOOKBACK_MS)
  // Too old to mail: settled without a mail.
  await deps.db
    .update(notificationReceivers)
    .set({ mailed_at: sql`now()` })
    .where(and(isNull(notificationReceivers.mailed_at), lt(notificationReceivers.created_at, since)))
  const wanted: NotificationDelivery = deps.mode === 'immediate' ? 'IMMEDIATE' : 'DAILY'
  const digests = new Map<number, Row[]>()
  let mailed = 0
  let settled = 0
  for (let after = 0; ;) {
    const rows = await unmailed(deps.db, since, after)
    if (!rows.length) break
    after = rows[rows.length - 1].receiverId
    const deliveryOf = await deliveries(deps.db, rows)
    const settle: number[] = []
    for (const r of rows) {
      const delivery = deliveryOf(r)
      if (r.status !== 'UNREAD' || delivery === 'NONE') settle.push(r.receiverId)
      else if (delivery !== wanted) continue
      else if (deps.mode === 'daily') digests.set(r.identityId, [...(digests.get(r.identityId) ?? []), r])
      else {
        const sent = await deps.mail(
          { to: r.email, ...notificationMails.one(r) },
          { idempotencyKey: `notification-${r.receiverId}` },
        )
        if (sent) mailed++
        settle.push(r.receiverId)
      }
    }
    settled += await settleReceivers(deps.db, settle)
    if (rows.length < PAGE) break
  }
  for (const [identityId, items] of digests) {
    const sent = await deps.mail(
      { to: items[0].email, ...notificationMails.digest(items) },
      { idempotencyKey: `notification-digest-${identityId}-${items[0].receiverId}` },
    )
    if (sent) mailed++
    settled += await settleReceivers(
      deps.db,
      items.map((r) => r.receiverId),
    )
  }
  return { mailed, settled }
}

type Row = Awaited<ReturnType<typeof unmailed>>[number]

/** One page of receivers not yet mailed nor settled, younger than `since`, by id after `after`. */
function unmailed(db: Db, since: Date, after: number) {
  return db
    .select({
      receiverId: notificationReceivers.id,
      identityId: notificationReceivers.identity_id,
      status: notificationReceivers.status,
      email: identities.email,
      eventType: notifications.event_type,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
    })
    .from(notificationReceivers)
    .innerJoin(notifications, eq(notifications.id, notificationReceivers.notification_id))
    .innerJoin(identities, eq(identities.id, notificationReceivers.identity_id))
    .where(
      and(
        isNull(notificationReceivers.mailed_at),
        gte(notificationReceivers.created_at, since),
        gt(notificationReceivers.id, after),
      ),
    )
    .orderBy(notificationReceivers.id)
    .limit(PAGE)
}

/** How each receiver of `rows` wants its notification mailed: the person's choice, else the group's default. */
async function deliveries(db: Db, rows: Row[]) {
  const chosen = await db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.identity_id, [...new Set(rows.map((r) => r.identityId))]))
  return (r: Row): NotificationDelivery => {
    const group = groupOf(r.eventType)
    const own = chosen.find((c) => c.identity_id === r.identityId && c.event_group === group)
    return own?.delivery ?? defaultDelivery(group)
  }
}

async function settleReceivers(db: Db, ids: number[]) {
  if (!ids.length) return 0
  await db
    .update(notificationReceivers)
    .set({ mailed_at: sql`now()` })
    .where(and(inArray(notificationReceivers.id, ids), isNull(notificationReceivers.mailed_at)))
  return ids.length
}
