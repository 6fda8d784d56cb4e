import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationReceivers, notifications } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import type { NotificationListQuery } from './notifications.schemas'

const identityOf = (actor: Actor) => ('identityId' in actor ? actor.identityId : 0)

/**
 * getAllNotifications (anyone signed in): the caller's own notifications, without the dismissed
 * ones; `filter` unread or read, newest first (or `sort=asc`), paged in SQL with the unread count.
 */
export const findNotifications = defineUseCase(
  { staff: true, agency: true },
  async function findNotifications(opts: { actor: Actor; query: NotificationListQuery }) {
    const { query } = opts
    const mine = and(
      eq(notificationReceivers.identity_id, identityOf(opts.actor)),
      query.filter === 'all'
        ? ne(notificationReceivers.status, 'DISMISSED')
        : eq(notificationReceivers.status, query.filter === 'read' ? 'READ' : 'UNREAD'),
    )
    const order = query.sort === 'asc' ? asc : desc
    const rows = await getDb()
      .select({
        id: notifications.id,
        event_type: notifications.event_type,
        title: notifications.title,
        message: notifications.message,
        link: notifications.link,
        created_at: notifications.created_at,
        status: notificationReceivers.status,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(notificationReceivers)
      .innerJoin(notifications, eq(notifications.id, notificationReceivers.notification_id))
      .where(mine)
      .orderBy(order(notifications.created_at), order(notifications.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
    const total = rows[0]?.total ?? (query.page > 1 ? await countMine(mine) : 0)
    return {
      items: rows.map(({ total: _t, ...r }) => r),
      pageInfo: pageInfo(query.page, query.perPage, total),
      unread: await countUnread(identityOf(opts.actor)),
    }
  },
)

async function countMine(where: ReturnType<typeof and>) {
  const [r] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationReceivers)
    .where(where)
  return r.n
}

/** Unread notifications of one person: one index-only count (the bell). */
export async function countUnread(identityId: number) {
  const [r] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationReceivers)
    .where(and(eq(notificationReceivers.identity_id, identityId), eq(notificationReceivers.status, 'UNREAD')))
  return r.n
}
