import { z } from 'zod'
import { bool } from '../shared/fields'
import { PageQuerySchema, SortDirectionSchema } from '../shared/pagination'

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
    sort_key: z.enum(TASK_SORT, { error: 'Unknown sort key' }).default('opened_at'),
    sort_direction: SortDirectionSchema,
  })
  .merge(PageQuerySchema)
