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
