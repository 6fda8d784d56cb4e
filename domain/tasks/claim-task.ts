import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { tasks } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { conflict, notFound } from '../shared/errors'
import { defineUseCase } from '../shared/authorize'

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
