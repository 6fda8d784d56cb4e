import { z } from 'zod'

/** page / perPage arrive as text; sort_direction is 'true' (asc) / 'false' (desc) or asc / desc. */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'Not a number' }).int().min(1).default(1),
  perPage: z.coerce.number({ error: 'Not a number' }).int().min(1).max(100).default(10),
})

/** sort_direction of a list, `fallback` when the query names none (lists are newest first). */
export const sortDirection = (fallback: 'asc' | 'desc' = 'desc') =>
  z
    .enum(['true', 'false', 'asc', 'desc'])
    .default(fallback)
    .transform((v) => (v === 'true' || v === 'asc' ? 'asc' : 'desc'))

export const SortDirectionSchema = sortDirection()

/** `totalCapped`: the count stopped at `total` (a capped count): there are at least that many. */
export type PageInfo = {
  page: number
  perPage: number
  total: number
  totalPages: number
  totalCapped?: true
}

export function pageInfo(
  page: number,
  perPage: number,
  total: number,
  opts: { capped?: boolean } = {},
): PageInfo {
  const info: PageInfo = { page, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)) }
  if (opts.capped) info.totalCapped = true
  return info
}

/**
 * Past this many rows (beyond the page asked for) a list stops counting: counting every row of a
 * large table costs a full scan on each page view; "10,000+" says enough.
 */
export const COUNT_CAP = 10_000

/** The most rows a capped count of page `page` needs to see. */
export const countLimit = (page: number, perPage: number) => (page - 1) * perPage + COUNT_CAP

export type Paged<T> = { items: T[]; pageInfo: PageInfo }
