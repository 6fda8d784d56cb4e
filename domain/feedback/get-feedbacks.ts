import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { escapeLike } from '../reference/search-text'
import { feedbackTickets } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { presentTickets } from './feedback-presenter'
import type { FeedbackListQuery } from './feedback.schemas'

const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/**
 * GET /oshc/feedback/getFeedbacks (staff: every ticket; the agency side: its own agency's):
 * paged and sorted, filtered by id, project, priority, type, stage, archive (default: not
 * archived) and the creation day range; global_filter matches title and description.
 */
export const getFeedbacks = defineUseCase(
  { staff: true, agency: true },
  async function getFeedbacks(opts: { actor: Actor; query: FeedbackListQuery }) {
    const q = opts.query
    const t = feedbackTickets
    const like = q.global_filter ? `%${escapeLike(q.global_filter)}%` : null
    const where = and(
      eq(t.is_deleted, false),
      eq(t.is_archived, q.is_archived === 'true'),
      isAgencySide(opts.actor) ? eq(t.agency_id, opts.actor.agencyId) : undefined,
      q.id ? eq(t.id, q.id) : undefined,
      q.project.length ? inArray(t.project_name, q.project) : undefined,
      q.priority.length ? inArray(t.priority, q.priority) : undefined,
      q.type.length ? inArray(t.type, q.type) : undefined,
      q.stage.length ? inArray(t.stage, q.stage) : undefined,
      q.created_from ? gte(t.created_at, new Date(`${q.created_from}T00:00:00Z`)) : undefined,
      q.created_to ? lt(t.created_at, new Date(`${nextDay(q.created_to)}T00:00:00Z`)) : undefined,
      like ? or(ilike(t.title, like), ilike(t.description, like)) : undefined,
    )
    const order = q.sort_direction === 'asc' ? asc : desc
    const rows = await getDb()
      .select({ t, total: sql<number>`count(*) over()::int` })
      .from(t)
      .where(where)
      .orderBy(order(t[q.sort_key]), desc(t.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(where)
      total = n
    }
    return { items: await presentTickets(rows.map((r) => r.t)), pageInfo: pageInfo(q.page, q.perPage, total) }
  },
)
