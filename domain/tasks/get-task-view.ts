import { defineUseCase } from '../shared/authorize'
import { isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import {
  bulkKindOf,
  loadStaffTask,
  nextTaskId,
  policyOfRecord,
  readTaskRecord,
  recordOfTask,
} from './task-records'

/**
 * getTaskView (staff): the task, its record (and the policy it is about), the record's evidence
 * files, money trail and history, and the id of the next open task of the same kind that nobody
 * else has claimed (due first). A task of the agency side, or none, is NOT_FOUND.
 */
export const getTaskView = defineUseCase(
  { staff: true },
  async function getTaskView(opts: { actor: Actor; taskId: number }) {
    if (!isStaff(opts.actor)) throw notFound('Task')
    const task = await loadStaffTask(opts.taskId)
    const record = recordOfTask(task.workflow_id)
    const [policyId, read, next] = await Promise.all([
      policyOfRecord(record),
      readTaskRecord(record),
      nextTaskId(opts.actor.identityId, task.kind, task.id),
    ])
    return {
      task: { ...task, bulk_kind: bulkKindOf(task.kind), record, policy_id: policyId },
      ...read,
      next_task_id: next,
    }
  },
)
