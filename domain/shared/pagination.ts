import { z } from 'zod'

/** page / perPage arrive as text; sort_direction is 'true' (asc) / 'false' (desc) or asc / desc. */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'Not a number' }).int().min(1).default(1),
  perPage: z.coerce.number({ error: 'Not a number' }).int().min(1).max(100).default(10),
})

export const SortDirectionSchema = z
  .enum(['true', 'false', 'asc', 'desc'])
  .default('false')
  .transform((v) => (v === 'true' || v === 'asc' ? 'asc' : 'desc'))

export type PageInfo = { page: number; perPage: number; total: number; totalPages: number }

export function pageInfo(page: number, perPage: number, total: number): PageInfo {
  return { page, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)) }
}

export type Paged<T> = { items: T[]; pageInfo: PageInfo }
