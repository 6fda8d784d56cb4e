import { and, asc, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { escapeLike } from '../reference/search-text'
import { promotions } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { todayIso } from '../shared/fields'
import { pageInfo } from '../shared/pagination'
import { presentPromotions } from './promotion-presenter'
import type { PromotionListQuery } from './promotions.schemas'

/**
 * GET /oshc/promotion/get-promotions (any staff member or agency user): paged, sorted by
 * sort_key. With isAdmin=true staff see every promotion (drafts, past, future); everyone else
 * sees the published ones running today. global_filter matches the title.
 */
export const findPromotions = defineUseCase(
  { staff: true, agency: true },
  async function findPromotions(opts: { actor: Actor; query: PromotionListQuery }) {
    const q = opts.query
    const admin = isStaff(opts.actor) && q.isAdmin === 'true'
    const today = todayIso()
    const where = and(
      eq(promotions.is_deleted, false),
      admin
        ? undefined
        : and(
            eq(promotions.status, 'PUBLISHED'),
            lte(promotions.publish_date, today),
            gte(promotions.end_date, today),
          ),
      q.global_filter ? ilike(promotions.title, `%${escapeLike(q.global_filter)}%`) : undefined,
      q.publish_date_filter ? gte(promotions.publish_date, q.publish_date_filter) : undefined,
      q.end_date_filter ? lte(promotions.end_date, q.end_date_filter) : undefined,
    )
    const order = q.sort_direction === 'asc' ? asc : desc
    const rows = await getDb()
      .select({ p: promotions, total: sql<number>`count(*) over()::int` })
      .from(promotions)
      .where(where)
      .orderBy(order(promotions[q.sort_key]), desc(promotions.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(promotions)
        .where(where)
      total = n
    }
    return {
      items: await presentPromotions(rows.map((r) => r.p)),
      pageInfo: pageInfo(q.page, q.perPage, total),
    }
  },
)
