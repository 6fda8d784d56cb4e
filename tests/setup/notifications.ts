import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationReceivers, notifications } from '../../db/schema'

/** The event types notified to any of `identityIds`, oldest first (one per notification). */
export async function eventsFor(identityIds: number[], eventTypes?: string[]) {
  const rows = await getDb()
    .select({ id: notifications.id, event: notifications.event_type, link: notifications.link })
    .from(notifications)
    .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
    .where(
      and(
        inArray(notificationReceivers.identity_id, identityIds),
        eventTypes ? inArray(notifications.event_type, eventTypes) : undefined,
      ),
    )
    .orderBy(notifications.id)
  return [...new Map(rows.map((r) => [r.id, r])).values()]
}
