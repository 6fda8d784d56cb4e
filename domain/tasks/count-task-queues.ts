import { and, eq, isNull, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { tasks } from '../../db/schema'
import { isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { defineUseCase } from '../shared/authorize'
import { isDueToday } from './find-tasks'

/**
 * The staff inbox's queues: per kind, the open tasks, how many are overdue and how many fall due
 * later today (the business day, Australia/Sydney). One grouped scan of the open tasks' index.
 */
export const countTaskQueues = defineUseCase(
  { staff: true },
  async function countTaskQueues(opts: { actor: Actor }) {
    if (!isStaff(opts.actor)) throw notFound('Tasks')
    const rows = await getDb()
      .select({
        kind: tasks.kind,
        open: sql<number>`count(*)::int`,
        overdue: sql<number>`(count(*) filter (where ${tasks.due_at} < now()))::int`,
        due_today: sql<number>`(count(*) filter (where ${isDueToday}))::int`,
      })
      .from(tasks)
      .where(and(eq(tasks.audience, 'staff'), isNull(tasks.closed_at)))
      .groupBy(tasks.kind)
      .orderBy(tasks.kind)
    return rows
  },
)
