// Inbox tasks owned by workflows: opened, escalated and closed by workflow id (activities and
// money decisions call these; findTasks and claimTask are the people's side).
import { and, eq, isNull, like, ne } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { tasks } from '../../db/schema'
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
    if (wanted && !open.some((t) => t.kind === wanted.kind)) await openTask(tx, workflowId, wanted)
  })
}

/**
 * Opens one inbox task keyed `workflowId` in the caller's transaction; one that no workflow owns is
 * reminded and escalated by the inbox job.
 */
export async function openTask(tx: DbOrTx, workflowId: string, t: WantedTask) {
  await tx.insert(tasks).values({
    workflow_id: workflowId,
    kind: t.kind,
    audience: t.audience,
    subject: t.subject,
    agency_id: t.agencyId,
    link: t.link,
    due_at: t.dueAt,
    amount: t.amount ?? null,
  })
}

/** Closes the open tasks whose key starts with `prefix`, but the one keyed `except`. */
export async function closeTasksByPrefix(
  db: DbOrTx,
  prefix: string,
  except: string,
  outcome: string,
  at = clock.now(),
) {
  await db
    .update(tasks)
    .set({ closed_at: at, outcome })
    .where(and(like(tasks.workflow_id, `${prefix}%`), ne(tasks.workflow_id, except), isNull(tasks.closed_at)))
}

export async function markTasksEscalated(workflowId: string) {
  await getDb()
    .update(tasks)
    .set({ escalated_at: clock.now() })
    .where(and(eq(tasks.workflow_id, workflowId), isNull(tasks.closed_at)))
}

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
