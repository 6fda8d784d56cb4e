// Which event types belong to which mail group, and how each group is mailed unless a person
// chose otherwise. Pure: the settings screen reads it too.
import { NOTIFICATION_EVENT_LABELS } from '../shared/labels'

export const NOTIFICATION_DELIVERIES = ['IMMEDIATE', 'DAILY', 'NONE'] as const
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number]

export const DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  IMMEDIATE: 'At once',
  DAILY: 'In a daily digest',
  NONE: 'No mail (bell only)',
}

/**
 * The groups, in the order the settings screen lists them, each with the event types it holds (by
 * exact name, `PREFIX_` or `_SUFFIX`) and its default: what someone waits on or must act on
 * (messages, tickets and enrolment notes; reminders and escalations of waiting work) is mailed at
 * once, everything else (sales, money, after-sale, onboarding, promotions) once a day.
 */
export const NOTIFICATION_GROUPS = [
  {
    key: 'messages',
    label: 'Messages, notes, tickets and enrolments',
    default: 'IMMEDIATE',
    events: ['MESSAGE_SENT_BY_', 'ADDED_NOTE', 'DOCUMENT_UPLOADED'],
  },
  {
    key: 'tasks',
    label: 'Reminders and escalations of waiting work',
    default: 'IMMEDIATE',
    events: ['TASK_', '_REMINDER', '_ESCALATED'],
  },
  {
    key: 'sales',
    label: 'Sales, payments and invoices',
    default: 'DAILY',
    events: ['POLICY_PURCHASED', 'PAYMENT_', 'INVOICE_', 'TOPUP_', 'BNPL_'],
  },
  {
    key: 'commission',
    label: 'Commission, payouts and clawbacks',
    default: 'DAILY',
    events: ['COMMISSION_', 'CLAWBACK_'],
  },
  {
    key: 'after_sale',
    label: 'Refunds, cancellations and amendments',
    default: 'DAILY',
    events: [
      'FULL_REFUND_',
      'AMENDMENT_',
      'CANCELLATION_',
      'POLICY_CANCELLATION_',
      'POLICY_READY_FOR_CANCELLATION',
    ],
  },
  {
    key: 'onboarding',
    label: 'Agency registration, onboarding and portal',
    default: 'DAILY',
    events: ['REGISTRATION_', 'AGENCY_', 'AGREEMENT_', 'PORTAL_', 'ONBOARDING_'],
  },
  { key: 'promotions', label: 'Promotions', default: 'DAILY', events: ['PROMOTION_'] },
  { key: 'other', label: 'Everything else', default: 'DAILY', events: [] },
] as const satisfies readonly {
  key: string
  label: string
  default: NotificationDelivery
  events: readonly string[]
}[]

export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number]['key']
export const NOTIFICATION_GROUP_KEYS = NOTIFICATION_GROUPS.map((g) => g.key) as [
  NotificationGroup,
  ...NotificationGroup[],
]

const matches = (eventType: string, pattern: string) =>
  pattern.endsWith('_')
    ? eventType.startsWith(pattern)
    : pattern.startsWith('_')
      ? eventType.endsWith(pattern)
      : eventType === pattern

/** The group of an event type: reminders and escalations first (whatever they are about), then the first group naming it. */
export function groupOf(eventType: string): NotificationGroup {
  const tasks = NOTIFICATION_GROUPS.find((g) => g.key === 'tasks')!
  if (tasks.events.some((p) => matches(eventType, p))) return 'tasks'
  return NOTIFICATION_GROUPS.find((g) => g.events.some((p) => matches(eventType, p)))?.key ?? 'other'
}

export const defaultDelivery = (group: NotificationGroup): NotificationDelivery =>
  NOTIFICATION_GROUPS.find((g) => g.key === group)!.default

/** The known event types of a group (those with a label), by label: what the settings page lists. */
export function eventLabelsOf(group: NotificationGroup): string[] {
  return Object.entries(NOTIFICATION_EVENT_LABELS)
    .filter(([type]) => groupOf(type) === group)
    .map(([, label]) => label)
}
