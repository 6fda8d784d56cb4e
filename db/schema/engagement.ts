import { boolean, date, index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { timestamps } from './common'
import { identities } from './identity'
import { agencies } from './agencies'
import {
  COMMENTER_TYPES,
  PROMOTION_STATUSES,
  TICKET_PRIORITIES,
  TICKET_PROJECTS,
  TICKET_STAGES,
  TICKET_TYPES,
} from './enums'

export const promotionStatus = pgEnum('promotion_status', PROMOTION_STATUSES)
export const ticketStage = pgEnum('ticket_stage', TICKET_STAGES)
export const ticketPriority = pgEnum('ticket_priority', TICKET_PRIORITIES)
export const ticketType = pgEnum('ticket_type', TICKET_TYPES)
export const ticketProject = pgEnum('ticket_project', TICKET_PROJECTS)
export const commenterType = pgEnum('commenter_type', COMMENTER_TYPES)

/**
 * An announcement to agencies. `description` is HTML sanitised on write (an allow-list of tags
 * and attributes); agencies see PUBLISHED ones between publish_date and end_date.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    thumbnail: text('thumbnail'),
    publish_date: date('publish_date').notNull(),
    end_date: date('end_date').notNull(),
    status: promotionStatus('status').notNull().default('DRAFT'),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_by: integer('created_by').references(() => identities.id),
    updated_by: integer('updated_by').references(() => identities.id),
    ...timestamps,
  },
  (t) => [
    index('promotions_status_publish_idx').on(t.status, t.publish_date),
    index('promotions_created_idx').on(t.created_at),
  ],
)

/** A feedback ticket reported by staff or an agency (`agency_id` set for the agency side). */
export const feedbackTickets = pgTable(
  'feedback_tickets',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: ticketType('type').notNull(),
    priority: ticketPriority('priority').notNull().default('MEDIUM'),
    project_name: ticketProject('project_name').notNull().default('OSHC'),
    stage: ticketStage('stage').notNull().default('BACKLOG'),
    attachments: text('attachments').array().notNull().default([]),
    is_archived: boolean('is_archived').notNull().default(false),
    is_deleted: boolean('is_deleted').notNull().default(false),
    reporter_id: integer('reporter_id')
      .notNull()
      .references(() => identities.id),
    reporter_type: commenterType('reporter_type').notNull(),
    agency_id: integer('agency_id').references(() => agencies.id),
    ...timestamps,
  },
  (t) => [
    index('feedback_tickets_agency_idx').on(t.agency_id, t.created_at),
    index('feedback_tickets_stage_idx').on(t.stage, t.created_at),
  ],
)

/** A comment on a ticket; editable and deletable (softly) by its author only. */
export const feedbackComments = pgTable(
  'feedback_comments',
  {
    id: serial('id').primaryKey(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => feedbackTickets.id),
    content: text('content').notNull(),
    comment_type: text('comment_type').notNull().default('COMMENT'),
    user_type: commenterType('user_type').notNull(),
    commentor_id: integer('commentor_id')
      .notNull()
      .references(() => identities.id),
    is_deleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('feedback_comments_ticket_idx').on(t.ticket_id, t.created_at)],
)
