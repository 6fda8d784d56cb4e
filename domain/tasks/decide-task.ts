import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { conflict } from '../shared/errors'
import { decideItem } from '../finance/bulk/decide-item'
import { bulkKindOf, loadStaffTask, nextTaskId, recordOfTask } from './task-records'

/**
 * Decides a finance task from its view (staff with finance): a bank payment to verify, a top-up,
 * a payout or a BNPL settlement, approved or rejected through the record's own decision
 * (decideItem: its second factor, state checks and maker-checker). A task decided elsewhere, or
 * already closed, is a 409. Answers the task and the next open task of its queue for this person.
 */
export const decideTask = defineUseCase(
  { staff: ['finance'] },
  async function decideTask(opts: {
    actor: StaffActor
    taskId: number
    decision: 'approve' | 'reject'
    reason?: string
    payment_type?: 'AGENCY_BALANCE' | 'SETTLED_WITH_CLAWBACK'
  }) {
    const task = await loadStaffTask(opts.taskId)
    const kind = bulkKindOf(task.kind)
    const record = recordOfTask(task.workflow_id)
    if (!kind || !record) throw conflict('This task is decided on its own page')
    if (task.closed_at) throw conflict('This task is already closed')
    const { actor, decision, reason, payment_type } = opts
    await decideItem({ actor, input: { kind, decision, reason, payment_type }, id: record.id })
    return { task, next_task_id: await nextTaskId(actor.identityId, task.kind, task.id) }
  },
)
