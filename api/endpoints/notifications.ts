import { endpoint, ok, type Endpoint } from '../define'
import { getNotificationPreferences } from '../../domain/notifications/get-notification-preferences'
import { updateNotificationPreferences } from '../../domain/notifications/update-notification-preferences'
import * as S from '../../domain/notifications/notifications.schemas'
import { findNotifications } from '../../domain/notifications/find-notifications'
import { updateNotificationReceivers } from '../../domain/notifications/update-notification-receivers'
import { reportClientError } from '../../domain/notifications/report-client-error'

export const notificationEndpoints: Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/notifications/getAllNotifications',
    summary:
      "The caller's own notifications (dismissed ones left out): filter all | unread | read, sort desc (newest first) | asc, paged; `unread` beside `data` is the unread count",
    access: findNotifications.access,
    query: S.NotificationListQuerySchema,
    handler: async ({ actor, query }) => {
      const r = await findNotifications({ actor, query })
      return { data: r.items, pageInfo: r.pageInfo, extra: { unread: r.unread } }
    },
  }),
  endpoint({
    method: 'POST',
    path: '/notifications/updateNotificationReciever',
    summary:
      "Marks the caller's own receivers of notification_id (one or a list, at most 500) READ, UNREAD or DISMISSED, all or none: a notification the caller did not receive, or userType/userId naming someone else, is a 404",
    access: updateNotificationReceivers.access,
    body: S.UpdateReceiversSchema,
    handler: async ({ actor, body }) =>
      ok(await updateNotificationReceivers({ actor, input: body }), 'Updated'),
  }),
  endpoint({
    method: 'GET',
    path: '/notifications/getNotificationPreferences',
    summary:
      "Not in the spec: the caller's own mail settings, every event group with its delivery (IMMEDIATE, DAILY digest or NONE) and whether it is the group's default",
    access: getNotificationPreferences.access,
    handler: async ({ actor }) => ok(await getNotificationPreferences({ actor })),
  }),
  endpoint({
    method: 'POST',
    path: '/notifications/updateNotificationPreferences',
    summary:
      'Not in the spec: sets how the caller is mailed per event group (preferences: [{ event_group, delivery }]); answers every group',
    access: updateNotificationPreferences.access,
    body: S.NotificationPreferencesSchema,
    handler: async ({ actor, body }) =>
      ok(await updateNotificationPreferences({ actor, input: body }), 'Mail settings saved'),
  }),
  endpoint({
    method: 'POST',
    path: '/notifications/notifyErrors',
    summary: `A browser's error report (error, meta; each at most ${S.CLIENT_ERROR_MAX} characters), stored for staff and never echoed; 30 per IP in ten minutes, then 429 with Retry-After`,
    access: reportClientError.access,
    body: S.ClientErrorSchema,
    status: 201,
    handler: async ({ actor, body, clientIp }) => ({
      status: 201,
      ...ok(await reportClientError({ actor, clientIp, input: body }), 'Received'),
    }),
  }),
]
