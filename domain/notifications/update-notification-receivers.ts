import { and, eq, inArray, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationReceivers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import type { UpdateReceivers } from './notifications.schemas'
import { countUnread } from './find-notifications'
import { announceUnread } from './notify'

const USER_TYPES = { Oshc: 'oshc', Agency: 'agency', agency_user: 'agency_user' } as const

/**
 * updateNotificationReciever (anyone signed in): marks the caller's own receivers of the given
 * notifications READ, UNREAD or DISMISSED, all or none: a notification the caller did not receive
 * (or another person named by userType/userId) is a 404 and nothing changes. `all: true` (the
 * "mark all read" button) takes every unread one instead of a list.
 */
export const updateNotificationReceivers = defineUseCase(
  { staff: true, agency: true },
  async function updateNotificationReceivers(opts: {
    actor: Actor
    input: UpdateReceivers | { all: true; status: 'READ' }
  }) {
    const actor = opts.actor
    if (actor.kind === 'public' || actor.kind === 'system' || actor.kind === 'widget')
      throw notFound('Notification')
    const input = opts.input
    if ('userType' in input && input.userType && input.userType !== 'none') {
      const self = 'userId' in actor ? actor.userId : 'agencyId' in actor ? actor.agencyId : null
      if (input.userType !== USER_TYPES[actor.kind] || (input.userId !== undefined && input.userId !== self))
        throw notFound('Notification')
    }
    const mine = eq(notificationReceivers.identity_id, actor.identityId)
    const changed = await getDb().transaction(async (tx) => {
      if ('all' in input) {
        const read = await tx
          .update(notificationReceivers)
          .set({ status: 'READ', updated_at: sql`now()` })
          .where(and(mine, eq(notificationReceivers.status, 'UNREAD')))
          .returning({ id: notificationReceivers.id })
        await announceUnread(tx, [actor.identityId])
        return read.length
      }
      const ids = [...new Set(input.notification_id)]
      const updated = await tx
        .update(notificationReceivers)
        .set({ status: input.status, updated_at: sql`now()` })
        .where(and(mine, inArray(notificationReceivers.notification_id, ids)))
        .returning({ id: notificationReceivers.notification_id })
      if (new Set(updated.map((u) => u.id)).size !== ids.length) throw notFound('Notification')
      await announceUnread(tx, [actor.identityId])
      return updated.length
    })
    return { updated: changed, unread: await countUnread(actor.identityId) }
  },
)
