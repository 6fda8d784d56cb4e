import { z } from 'zod'
import { id } from '../shared/fields'
import { PageQuerySchema } from '../shared/pagination'
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_GROUP_KEYS,
  type NotificationDelivery,
  type NotificationGroup,
} from './notifications.rules'

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const
export const RECEIVER_STATUSES = ['READ', 'UNREAD', 'DISMISSED'] as const

/** GET /notifications/getAllNotifications: one's own, newest first unless `sort=asc`. */
export const NotificationListQuerySchema = PageQuerySchema.extend({
  filter: z.enum(NOTIFICATION_FILTERS, { error: 'must be all, unread or read' }).default('all'),
  sort: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
})
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>

const ids = z.preprocess(
  (v) => (Array.isArray(v) ? v : v === undefined ? v : [v]),
  z.array(id()).min(1, 'Choose at least one notification').max(500, 'At most 500 notifications at once'),
)

/**
 * POST /notifications/updateNotificationReciever: `userType` / `userId` of the specification name
 * whose receivers change; only one's own can, so when sent they must be the caller's.
 */
export const UpdateReceiversSchema = z.object({
  notification_id: ids,
  status: z.enum(RECEIVER_STATUSES, { error: 'must be READ, UNREAD or DISMISSED' }),
  userType: z.enum(['oshc', 'agency', 'agency_user', 'none']).optional(),
  userId: z.coerce.number().int().positive().optional(),
})
export type UpdateReceivers = z.infer<typeof UpdateReceiversSchema>

export const CLIENT_ERROR_MAX = 4000

/** POST /notifications/notifyErrors: a browser's error, capped in size. */
export const ClientErrorSchema = z.object({
  error: z
    .string({ error: 'error is required' })
    .min(1, 'error is required')
    .transform((s) => s.slice(0, CLIENT_ERROR_MAX)),
  meta: z
    .record(z.string(), z.unknown())
    .optional()
    .refine((m) => m === undefined || JSON.stringify(m).length <= CLIENT_ERROR_MAX, {
      message: `must be at most ${CLIENT_ERROR_MAX} characters as JSON`,
    }),
})

/** The mail settings form and call: a delivery per event group; groups not sent keep theirs. */
export const NotificationPreferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        event_group: z.enum(NOTIFICATION_GROUP_KEYS, { error: 'Unknown event group' }),
        delivery: z.enum(NOTIFICATION_DELIVERIES, { error: 'must be IMMEDIATE, DAILY or NONE' }),
      }),
    )
    .min(1, 'Choose at least one group')
    .max(NOTIFICATION_GROUP_KEYS.length, 'Each group once'),
})
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesSchema>

/** The mail settings page's form (Conform, both sides): one delivery per event group, named by the group. */
export const NotificationSettingsFormSchema = z.object(
  Object.fromEntries(
    NOTIFICATION_GROUP_KEYS.map((k) => [
      k,
      z.enum(NOTIFICATION_DELIVERIES, { error: 'Choose how to be mailed' }),
    ]),
  ) as Record<NotificationGroup, z.ZodEnum<{ [K in NotificationDelivery]: K }>>,
)
