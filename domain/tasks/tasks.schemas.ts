import { z } from 'zod'
import { bool, id } from '../shared/fields'
import { PageQuerySchema, sortDirection } from '../shared/pagination'

export const TASK_SORT = ['opened_at', 'due_at', 'kind'] as const

export const TaskListQuerySchema = z
  .object({
    state: z.enum(['open', 'closed', 'all']).default('open'),
    kind: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((v) => v || undefined),
    search: z
      .string()
      .trim()
      .max(256)
      .optional()
      .transform((v) => v || undefined),
    mine: bool().optional(),
    overdue: bool().optional(),
    // Due first by default: the work that is late or nearly so leads (no due date last).
    sort_key: z.enum(TASK_SORT, { error: 'Unknown sort key' }).default('due_at'),
    sort_direction: sortDirection('asc'),
  })
  .merge(PageQuerySchema)

/** A task's claim or release (the inbox row's and the task view's form). */
export const ClaimSchema = z.object({ taskId: id(), intent: z.enum(['claim', 'release']) })

/** The most views one person keeps of one list. */
export const MAX_SAVED_VIEWS = 20

/** A person's view of a list, saved under a name (the list's query string, without its page). */
export const SaveViewSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters'),
  query: z.string().max(1000, 'This view is too long to save').default(''),
})

/** Forgetting one saved view. */
export const DeleteViewSchema = z.object({ viewId: id() })
