import { and, asc, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, oshcUsers, tasks } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { pageInfo } from '../shared/pagination'
import type { TASK_SORT } from './tasks.schemas'
import { defineUseCase } from '../shared/authorize'
import { clock } from '../shared/clock'

export type WantedTask = {
  kind: string
  audience: 'staff' | 'agency'
  subject: string
  agencyId: number | null
  link: string
  dueAt: Date | null
  amount?: number | null
}

/**
 * Makes the open tasks of one workflow match what it now waits for: tasks of other kinds close as
 * completed, the wanted one opens unless already open. Idempotent, so activities may retry it.
 */
export async function syncWorkflowTasks(workflowId: string, wanted: WantedTask | null) {
  const db = getDb()
  await db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.workflow_id, workflowId), isNull(tasks.closed_at)))
      .for('update')
    for (const t of open) {
      if (wanted && t.kind === wanted.kind) continue
      await tx.update(tasks).set({ closed_at: clock.now(), outcome: 'completed' }).where(eq(tasks.id, t.id))
    }
    if (wanted && !open.some((t) => t.kind === wanted.kind)) {
      await tx.insert(tasks).values({
        workflow_id: workflowId,
        kind: wanted.kind,
        audience: wanted.audience,
        subject: wanted.subject,
        agency_id: wanted.agencyId,
        link: wanted.link,
        due_at: wanted.dueAt,
        amount: wanted.amount ?? null,
      })
    }
  })
}

export async function markTasksEscalated(workflowId: string) {
  await getDb()
    .update(tasks)
    .set({ escalated_at: clock.now() })
    .where(and(eq(tasks.workflow_id, workflowId), isNull(tasks.closed_at)))
}

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
        due_at: tasks.due_at,
        escalated_at: tasks.escalated_at,
        opened_at: tasks.opened_at,
        closed_at: tasks.closed_at,
        outcome: tasks.outcome,
        is_overdue: sql<boolean>`(${tasks.closed_at} is null and ${tasks.due_at} < now())`,
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

/** Claim an open staff task (or release it with `release`). */
export const claimTask = defineUseCase(
  { staff: true },
  async function claimTask(opts: { actor: Actor; taskId: number; release?: boolean }) {
    if (!isStaff(opts.actor)) throw notFound('Task')
    const db = getDb()
    const [task] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, opts.taskId), eq(tasks.audience, 'staff')))
    if (!task) throw notFound('Task')
    if (task.closed_at) throw conflict('This task is already closed')
    const me = opts.actor.identityId
    if (!opts.release && task.assignee_id && task.assignee_id !== me)
      throw conflict('Another staff member has claimed this task')
    const [updated] = await db
      .update(tasks)
      .set({ assignee_id: opts.release ? null : me })
      .where(eq(tasks.id, task.id))
      .returning()
    return updated
  },
)

/**
 * Closes every open task of one workflow with `outcome` (e.g. approved, rejected). Pass the
 * transaction of the decision so the task closes with it. Idempotent.
 */
export async function closeWorkflowTasks(
  workflowId: string,
  outcome: string,
  tx: Pick<ReturnType<typeof getDb>, 'update'> = getDb(),
) {
  await tx
    .update(tasks)
    .set({ closed_at: clock.now(), outcome })
    .where(and(eq(tasks.workflow_id, workflowId), isNull(tasks.closed_at)))
}
