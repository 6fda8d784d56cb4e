import { sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationPreferences } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'
import { notFound } from '../shared/errors'
import { getNotificationPreferences } from './get-notification-preferences'
import type { NotificationPreferencesInput } from './notifications.schemas'

/**
 * Sets how the caller is mailed per event group (IMMEDIATE, DAILY digest or NONE), for the groups
 * sent; answers every group as getNotificationPreferences does. Only one's own settings.
 */
export const updateNotificationPreferences = defineUseCase(
  { staff: true, agency: true },
  async function updateNotificationPreferences(opts: { actor: Actor; input: NotificationPreferencesInput }) {
    const { actor } = opts
    if (!('identityId' in actor)) throw notFound('Person')
    const rows = [...new Map(opts.input.preferences.map((p) => [p.event_group, p])).values()]
    await getDb()
      .insert(notificationPreferences)
      .values(
        rows.map((p) => ({
          identity_id: actor.identityId,
          event_group: p.event_group,
          delivery: p.delivery,
        })),
      )
      .onConflictDoUpdate({
        target: [notificationPreferences.identity_id, notificationPreferences.event_group],
        set: { delivery: sql`excluded.delivery`, updated_at: clock.now() },
      })
    return getNotificationPreferences({ actor })
  },
)
