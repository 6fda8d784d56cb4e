import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { notificationPreferences } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import {
  DELIVERY_LABELS,
  defaultDelivery,
  eventLabelsOf,
  NOTIFICATION_GROUPS,
  type NotificationDelivery,
} from './notifications.rules'

/**
 * The caller's own mail settings: every event group with the kinds of notification it holds (by
 * label), how it is mailed (the person's choice, or the group's default) and whether that is the
 * default. Anyone signed in, for themselves only.
 */
export const getNotificationPreferences = defineUseCase(
  { staff: true, agency: true },
  async function getNotificationPreferences(opts: { actor: Actor }) {
    if (!('identityId' in opts.actor)) throw notFound('Person')
    const chosen = await getDb()
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.identity_id, opts.actor.identityId))
    return NOTIFICATION_GROUPS.map((g) => {
      const own = chosen.find((c) => c.event_group === g.key)?.delivery as NotificationDelivery | undefined
      const delivery = own ?? defaultDelivery(g.key)
      return {
        event_group: g.key,
        label: g.label,
        events: eventLabelsOf(g.key),
        delivery,
        delivery_label: DELIVERY_LABELS[delivery],
        is_default: !own,
      }
    })
  },
)
