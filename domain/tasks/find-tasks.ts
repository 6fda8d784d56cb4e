import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, oshcUsers, tasks } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { pageInfo } from '../shared/pagination'
import { defineUseCase } from '../shared/authorize'
import { APP_TIME_ZONE } from '../shared/format'
import type { TASK_SORT } from './tasks.schemas'

export type FindTasksInput = {
  state: 'open' | 'closed' | 'all'
  kind?: string
  search?: string
  mine?: boolean
  overdue?: boolean
  sort_key: (typeof TASK_SORT)[number]
  sort_direction: 'asc' | 'desc'
  page: number
  perPage: number
}

/** An open task falling due later today, the business day (Australia/Sydney). */
export const isDueToday = sql<boolean>`(${tasks.closed_at} is null and ${tasks.due_at} >= now()
  and (${tasks.due_at} at time zone ${APP_TIME_ZONE})::date = (now() at time zone ${APP_TIME_ZONE})::date)`

/** A task row as the inbox and the task view show it (from tasks, agencies and oshc_users). */
export const TASK_COLUMNS = {
  id: tasks.id,
  kind: tasks.kind,
  subject: tasks.subject,
  agency_id: tasks.agency_id,
  agency_name: agencies.full_company_name,
  agency_email: agencies.email,
  amount: tasks.amount,
  assignee_id: tasks.assignee_id,
  assignee_name: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${oshcUsers.first_name}, ${oshcUsers.last_name})), '')`,
  link: tasks.link,
  workflow_id: tasks.workflow_id,
  due_at: tasks.due_at,
  escalated_at: tasks.escalated_at,
  opened_at: tasks.opened_at,
  closed_at: tasks.closed_at,
  outcome: tasks.outcome,
  is_overdue: sql<boolean>`(${tasks.closed_at} is null and ${tasks.due_at} < now())`,
  is_due_today: isDueToday,
}

/**
 * The inbox: staff see staff tasks; an agency sees its own agency tasks. Each row carries the
 * claimant's name (`assignee_name`) and whether it is past due (`is_overdue`, open tasks only).
 */
export const findTasks = defineUseCase(
  { staff: true, agency: true },
  async function findTasks(opts: { actor: Actor; input: FindTasksInput }) {
    const { actor, input } = opts
    const where: SQL[] = []
    if (isStaff(actor)) where.push(eq(tasks.audience, 'staff'))
    else if (isAgencySide(actor))
      where.push(eq(tasks.audience, 'agency'), eq(tasks.agency_id, actor.agencyId))
    else throw notFound('Tasks')
    if (input.state === 'open') where.push(isNull(tasks.closed_at))
    if (input.state === 'closed') where.push(isNotNull(tasks.closed_at))
    if (input.kind) where.push(eq(tasks.kind, input.kind))
    if (input.mine && 'identityId' in actor) where.push(eq(tasks.assignee_id, actor.identityId))
    if (input.overdue) where.push(lt(tasks.due_at, sql`now()`), isNull(tasks.closed_at))
    if (input.search) {
      const like = `%${input.search}%`
      where.push(
        or(ilike(tasks.subject, like), ilike(agencies.full_company_name, like), ilike(agencies.email, like))!,
      )
    }
    const db = getDb()
    const order = (input.sort_direction === 'asc' ? asc : desc)(tasks[input.sort_key])
    const rows = await db
      .select({
        ...TASK_COLUMNS,
        total: sql<number>`count(*) over()::int`,
      })
      .from(tasks)
      .leftJoin(agencies, eq(agencies.id, tasks.agency_id))
      .leftJoin(oshcUsers, eq(oshcUsers.identity_id, tasks.assignee_id))
      .where(and(...where))
      .orderBy(order, desc(tasks.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    const total = rows[0]?.total ?? 0
    return {
      items: rows.map(({ total: _t, ...r }) => r),
      pageInfo: pageInfo(input.page, input.perPage, total),
    }
  },
)
