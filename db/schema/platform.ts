import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import { identities } from './identity'
import { agencies } from './agencies'

export const fileFolder = pgEnum('file_folder', ['private', 'public', 'feedback', 'admission'])

/** Every uploaded object, so downloads can be authorised against their owner. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    folder: fileFolder('folder').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploaded_by: integer('uploaded_by').references(() => identities.id),
    agency_id: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    uploaded_at: timestamp('uploaded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('files_key_idx').on(t.key), index('files_agency_idx').on(t.agency_id)],
)

/**
 * Mails sent through the outbox transport (development and tests), newest first by created_at.
 * A mail sent with an idempotency key (a workflow's reminder) also has its row here under SMTP:
 * the key is claimed before sending, so a retried activity never sends it twice. Under SMTP a mail
 * whose sending failed has its row too (issue 28: failed mails are a business gauge): not sent
 * (`sent_at` null), its attempts, the last error (no secrets) and when it failed. A keyed mail's
 * retry takes its failed row over; a mail that fails for good stays here, failed.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    idempotency_key: text('idempotency_key'),
    /** Sending attempts started (the outbox transport's one insert is one). */
    attempts: integer('attempts').notNull().default(1),
    /** When the transport took the mail; null while sending or after a failed attempt. */
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** When the last attempt failed; a mail with this set and no `sent_at` is failed. */
    failed_at: timestamp('failed_at', { withTimezone: true }),
    last_error: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('outbox_mails_to_idx').on(t.to, t.created_at),
    uniqueIndex('outbox_mails_idempotency_key_idx').on(t.idempotency_key),
    index('outbox_mails_unsent_idx')
      .on(t.created_at)
      .where(sql`${t.sent_at} is null`),
  ],
)

export const taskAudience = pgEnum('task_audience', ['staff', 'agency'])

/** The approval inbox: one row per human decision a workflow is waiting for. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    audience: taskAudience('audience').notNull().default('staff'),
    subject: text('subject').notNull(),
    agency_id: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }),
    assignee_id: integer('assignee_id').references(() => identities.id),
    link: text('link').notNull(),
    workflow_id: text('workflow_id').notNull(),
    due_at: timestamp('due_at', { withTimezone: true }),
    escalated_at: timestamp('escalated_at', { withTimezone: true }),
    opened_at: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    outcome: text('outcome'),
    ...timestamps,
  },
  (t) => [
    index('tasks_workflow_idx').on(t.workflow_id),
    index('tasks_open_idx').on(t.audience, t.closed_at, t.due_at),
    index('tasks_agency_idx').on(t.agency_id),
  ],
)

/**
 * A person's saved views of a list (issue 29): a name and the list's query string, e.g. the
 * inbox's "Top-ups overdue" = `kind=topup&overdue=true`. Each person sees only their own.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('saved_views_person_page_name_idx').on(t.identity_id, t.page, t.name)],
)

export const notificationStatus = pgEnum('notification_status', ['UNREAD', 'READ', 'DISMISSED'])

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  event_type: text('event_type').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  link: text('link'),
  meta: jsonb('meta'),
  ...timestamps,
})

export const notificationReceivers = pgTable(
  'notification_receivers',
  {
    id: serial('id').primaryKey(),
    notification_id: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    status: notificationStatus('status').notNull().default('UNREAD'),
    /** When it went out by mail (immediately or in a digest), or was settled as not to be mailed. */
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('notification_receivers_identity_idx').on(t.identity_id, t.status),
    index('notification_receivers_notification_idx').on(t.notification_id),
    // What the mail jobs look at: receivers not yet mailed, by age.
    index('notification_receivers_unmailed_idx')
      .on(t.created_at)
      .where(sql`${t.mailed_at} is null`),
  ],
)

export const notificationDelivery = pgEnum('notification_delivery', ['IMMEDIATE', 'DAILY', 'NONE'])

/** How a person wants the notifications of one event group by mail (no row: the group's default). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    identity_id: integer('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    event_group: text('event_group').notNull(),
    delivery: notificationDelivery('delivery').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.identity_id, t.event_group] })],
)

/**
 * One version per table of reference and pricing data, bumped by a statement trigger on every
 * write to it (migration 00xx_cache_versions): the web processes read them with each session
 * and drop what they cached from a table whose version moved (domain/shared/reference-cache.ts).
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

/** What browsers report of their own errors (POST /notifications/notifyErrors), kept for staff. */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: serial('id').primaryKey(),
    identity_id: integer('identity_id').references(() => identities.id, { onDelete: 'set null' }),
    error: text('error').notNull(),
    meta: jsonb('meta'),
    client_ip: text('client_ip'),
    ...timestamps,
  },
  (t) => [index('client_error_reports_created_idx').on(t.created_at)],
)
