import { z } from 'zod'
import { TICKET_PRIORITIES, TICKET_PROJECTS, TICKET_STAGES, TICKET_TYPES } from '../../db/schema/enums'
import { id, isoDate, list, text } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const type = z.enum(TICKET_TYPES, { error: 'Choose BUG, NEW_FEATURE or IMPROVEMENT' })
const priority = z.enum(TICKET_PRIORITIES, { error: 'Choose URGENT, MEDIUM or LOW' })
const project = z.enum(TICKET_PROJECTS, { error: 'Choose OSHC or YOUR_OVHC' })
const stage = z.enum(TICKET_STAGES, { error: 'Choose BACKLOG, TODO, IN_PROGRESS or DONE' })
/** File keys of uploads in the feedback folder (domain/files). */
const attachments = z.array(z.string().trim().min(1).max(1024)).max(10, 'At most 10 attachments')

/** addFeedback. */
export const FeedbackSchema = z.object({
  title: text(3, 200),
  description: text(1, 10_000, 'Description is required'),
  type,
  priority: priority.default('MEDIUM'),
  project_name: project.default('OSHC'),
  attachments: attachments.default([]),
})
export type FeedbackInput = z.infer<typeof FeedbackSchema>

/** updateFeedback/{id}: the reporter's fields; `stage` by staff only. */
export const UpdateFeedbackSchema = z.object({
  title: text(3, 200).optional(),
  description: text(1, 10_000, 'Description is required').optional(),
  type: type.optional(),
  priority: priority.optional(),
  project_name: project.optional(),
  attachments: attachments.optional(),
  stage: stage.optional(),
})
export type UpdateFeedbackInput = z.infer<typeof UpdateFeedbackSchema>

export const FEEDBACK_SORT_KEYS = ['created_at', 'updated_at', 'priority', 'stage', 'title'] as const

/** getFeedbacks: every filter of spec/03 section 7. */
export const FeedbackListQuerySchema = PageQuerySchema.extend({
  sort_key: z.preprocess(
    blankToUndefined,
    z.enum(FEEDBACK_SORT_KEYS, { error: 'Unknown sort key' }).default('created_at'),
  ),
  sort_direction: SortDirectionSchema,
  global_filter: z.preprocess(blankToUndefined, z.string().trim().max(256).optional()),
  id: z.preprocess(blankToUndefined, id().optional()),
  project: list(project).default([]),
  priority: list(priority).default([]),
  type: list(type).default([]),
  stage: list(stage).default([]),
  is_archived: z.preprocess(blankToUndefined, z.enum(['true', 'false']).default('false')),
  created_from: z.preprocess(blankToUndefined, isoDate().optional()),
  created_to: z.preprocess(blankToUndefined, isoDate().optional()),
})
export type FeedbackListQuery = z.infer<typeof FeedbackListQuerySchema>

export const ArchiveQuerySchema = z.object({
  is_archive: z.enum(['true', 'false'], { error: 'Send is_archive=true or false' }),
})
export const CommentSchema = z.object({ ticket_id: id(), content: text(1, 5_000, 'Comment is required') })
export const UpdateCommentSchema = z.object({ content: text(1, 5_000, 'Comment is required') })
export const IdParamSchema = z.object({ id: id() })

// ---- A ticket page's forms (Conform, both sides), one per intent --------------------------------

const commentText = (message: string) => z.string({ error: message }).trim().min(1, message).max(5000)

/** The ticket page's forms by intent: comment, edit or delete one's own, and staff's moves. */
export const TICKET_FORMS = {
  comment: z.object({ intent: z.literal('comment'), content: commentText('Write a comment first') }),
  editComment: z.object({
    intent: z.literal('edit-comment'),
    comment_id: id(),
    content: commentText('Comment is required'),
  }),
  deleteComment: z.object({ intent: z.literal('delete-comment'), comment_id: id() }),
  stage: z.object({ intent: z.literal('stage'), stage }),
  archive: z.object({ intent: z.enum(['archive', 'restore']) }),
  delete: z.object({ intent: z.literal('delete') }),
}
