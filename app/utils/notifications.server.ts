import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { findNotifications, countUnread } from '../../domain/notifications/find-notifications'
import {
  NotificationListQuerySchema,
  NotificationSettingsFormSchema,
} from '../../domain/notifications/notifications.schemas'
import { updateNotificationReceivers } from '../../domain/notifications/update-notification-receivers'
import { id } from '../../domain/shared/fields'
import { getNotificationPreferences } from '../../domain/notifications/get-notification-preferences'
import { updateNotificationPreferences } from '../../domain/notifications/update-notification-preferences'
import {
  DELIVERY_LABELS,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_GROUP_KEYS,
} from '../../domain/notifications/notifications.rules'
import { queryObject } from '../../api/router.server'
import { readForm, submitForm, throwAsResponse } from './forms.server'
import { requireUser } from './session.server'
import { redirectWithToast } from './toast.server'

/**
 * The notifications page of either portal: the caller's own, filtered and paged; `?count=1` the
 * bell's count only, `?latest=1` the bell menu's five newest.
 */
export async function notificationsLoader(request: Request) {
  const { actor } = await requireUser(request)
  const url = new URL(request.url)
  if (url.searchParams.get('count') === '1') return { unread: await countUnread(actor.identityId) }
  if (url.searchParams.get('latest') === '1') {
    // The bell's menu: the five newest (read or not) and the count.
    const query = NotificationListQuerySchema.parse({ perPage: '5' })
    const r = await findNotifications({ actor, query }).catch(throwAsResponse)
    return { latest: r.items, unread: r.unread }
  }
  const parsed = NotificationListQuerySchema.safeParse({ perPage: '25', ...queryObject(url) })
  if (!parsed.success) throw new Response('Bad filter', { status: 400 })
  const r = await findNotifications({ actor, query: parsed.data }).catch(throwAsResponse)
  return { ...r, query: parsed.data }
}

const ActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('open'), notificationId: id(), link: z.string().max(500).optional() }),
  z.object({ intent: z.enum(['read', 'unread', 'dismiss']), notificationId: id() }),
  z.object({ intent: z.literal('read-all') }),
])

const STATUS = { open: 'READ', read: 'READ', unread: 'UNREAD', dismiss: 'DISMISSED' } as const

/** Opening one marks it read and follows its link (only a path of this site); the others mark and stay. */
export async function notificationsAction(request: Request) {
  const { actor } = await requireUser(request)
  return submitForm(await readForm(request), ActionSchema, async (v) => {
    if (v.intent === 'read-all') {
      const r = await updateNotificationReceivers({ actor, input: { all: true, status: 'READ' } })
      return redirectWithToast(request.url, { type: 'success', title: `${r.updated} marked read` })
    }
    await updateNotificationReceivers({
      actor,
      input: { notification_id: [v.notificationId], status: STATUS[v.intent] },
    })
    if (v.intent === 'open' && v.link?.startsWith('/') && !v.link.startsWith('//')) return redirect(v.link)
    return redirect(request.url)
  })
}

/** The mail settings page of either portal: the caller's own settings. */
export async function notificationSettingsLoader(request: Request) {
  const { actor } = await requireUser(request)
  return {
    groups: await getNotificationPreferences({ actor }).catch(throwAsResponse),
    deliveries: NOTIFICATION_DELIVERIES.map((d) => ({ value: d, label: DELIVERY_LABELS[d] })),
  }
}

export async function notificationSettingsAction(request: Request) {
  const { actor } = await requireUser(request)
  return submitForm(await readForm(request), NotificationSettingsFormSchema, async (v) => {
    await updateNotificationPreferences({
      actor,
      input: {
        preferences: NOTIFICATION_GROUP_KEYS.map((event_group) => ({
          event_group,
          delivery: v[event_group],
        })),
      },
    })
    return redirectWithToast(request.url, { type: 'success', title: 'Mail settings saved' })
  })
}
