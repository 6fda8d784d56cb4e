// The task view (issue 29): a staff task with its record's evidence, money trail and history,
// decided through the record's own decision, then the next task of its queue; the queues' counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyTopups, tasks } from '../../db/schema'
import { localStore } from '../../domain/files/object-store'
import { readFileForPreview } from '../../domain/files/read-file-for-preview'
import type { Actor } from '../../domain/shared/actor'
import { APP_TIME_ZONE } from '../../domain/shared/format'
import { countTaskQueues } from '../../domain/tasks/count-task-queues'
import { decideTask } from '../../domain/tasks/decide-task'
import { deleteSavedView } from '../../domain/tasks/delete-saved-view'
import { findSavedViews } from '../../domain/tasks/find-saved-views'
import { saveView } from '../../domain/tasks/save-view'
import { MAX_SAVED_VIEWS } from '../../domain/tasks/tasks.schemas'
import { getTaskView } from '../../domain/tasks/get-task-view'
import { openTask } from '../../domain/tasks/workflow-tasks'
import { agencyWithToken } from '../setup/api'
import { staffActor } from '../setup/payouts'
import { requestedBankTopup } from '../setup/topups'
import { startWorker } from '../setup/worker'

const TODAY = new Date().toISOString().slice(0, 10)
let stop: () => Promise<void>
let staff: Awaited<ReturnType<typeof staffActor>>

beforeAll(async () => {
  staff = await staffActor()
  stop = await startWorker()
})
afterAll(() => stop())

async function topupTask() {
  const { agency, token } = await agencyWithToken()
  const topupId = await requestedBankTopup({ agencyId: agency.id, token }, 150, TODAY)
  const [task] = await getDb()
    .select()
    .from(tasks)
    .where(eq(tasks.workflow_id, `topup-${topupId}`))
  return { agency, topupId, task }
}

describe('the task view', () => {
  it('shows a top-up with its receipt, decides it through its own decision, and names the next task', async () => {
    const first = await topupTask()
    const second = await topupTask()
    // The first falls due before the second: due first, it is the one "next" leads to from the second.
    await getDb()
      .update(tasks)
      .set({ due_at: new Date(Date.now() - 60_000) })
      .where(eq(tasks.id, first.task.id))
    const view = await getTaskView({ actor: staff, taskId: first.task.id })
    expect(view.task).toMatchObject({
      kind: 'topup',
      bulk_kind: 'topup',
      record: { type: 'topup', id: first.topupId },
      amount: 15_000,
      is_overdue: true,
    })
    expect(view.evidence).toEqual([expect.objectContaining({ name: 'receipt.pdf', kind: 'pdf' })])
    expect(view.next_task_id).toEqual(expect.any(Number))
    expect(view.next_task_id).not.toBe(first.task.id)

    const decided = await decideTask({ actor: staff, taskId: first.task.id, decision: 'approve' })
    expect(decided.task.id).toBe(first.task.id)
    const [topup] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, first.topupId))
    expect(topup.status).toBe('APPROVED')
    const after = await getTaskView({ actor: staff, taskId: first.task.id })
    expect(after.task.closed_at).not.toBeNull()
    expect(after.trail).toEqual([
      expect.objectContaining({ label: 'Top-up', amount: 15_000, state: expect.any(String) }),
    ])
    await expect(
      decideTask({ actor: staff, taskId: first.task.id, decision: 'approve' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This task is already closed',
    })
    // The second one is still open and reachable as a next task.
    const again = await getTaskView({ actor: staff, taskId: second.task.id })
    expect(again.task.closed_at).toBeNull()
  })

  it('rejects with the reason the agency reads; a task decided on its own page is a 409', async () => {
    const t = await topupTask()
    await decideTask({ actor: staff, taskId: t.task.id, decision: 'reject', reason: 'No such transfer' })
    const [topup] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, t.topupId))
    expect(topup).toMatchObject({ status: 'REJECTED', rejection_reason: 'No such transfer' })

    const [onboarding] = await getDb()
      .insert(tasks)
      .values({
        kind: 'AGENCY_CONFIGURATION',
        subject: 'Configure',
        agency_id: t.agency.id,
        link: `/staff/agencies/${t.agency.id}`,
        workflow_id: `agency-onboarding-${t.agency.id}`,
      })
      .returning()
    await expect(
      decideTask({ actor: staff, taskId: onboarding.id, decision: 'approve' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'This task is decided on its own page' })
    const view = await getTaskView({ actor: staff, taskId: onboarding.id })
    expect(view.task).toMatchObject({ bulk_kind: null, record: { type: 'agency', id: t.agency.id } })
  })

  it('is NOT_FOUND for an agency task, an unknown one, and for the agency side', async () => {
    const t = await topupTask()
    const [agencyTask] = await getDb()
      .insert(tasks)
      .values({
        kind: 'SIGN_AGREEMENT',
        audience: 'agency',
        subject: 'Sign',
        agency_id: t.agency.id,
        link: '/onboarding/agreement',
        workflow_id: `agency-onboarding-${t.agency.id}`,
      })
      .returning()
    await expect(getTaskView({ actor: staff, taskId: agencyTask.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(getTaskView({ actor: staff, taskId: 2_000_000_000 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const agencySide = {
      kind: 'Agency',
      identityId: 0,
      agencyId: t.agency.id,
      email: t.agency.email,
      permissions: new Set(['finance']),
    } as unknown as Actor
    await expect(getTaskView({ actor: agencySide, taskId: t.task.id })).rejects.toMatchObject({
      code: expect.stringMatching(/NOT_FOUND|FORBIDDEN/),
    })
  })

  it('counts each queue: open, overdue, and due later today in Sydney', async () => {
    const kind = `test_queue_${Date.now().toString(36)}`
    const now = Date.now()
    const sydneyDay = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: APP_TIME_ZONE })
    const soon = now + 5 * 60_000
    const dues = [new Date(now - 3_600_000), new Date(soon), new Date(now + 3 * 86_400_000), null]
    for (const [i, due_at] of dues.entries())
      await openTask(getDb(), `${kind}-${i}`, {
        kind,
        audience: 'staff',
        subject: `Queue task ${i}`,
        agencyId: null,
        link: '/staff/inbox',
        dueAt: due_at,
      })
    const queue = (await countTaskQueues({ actor: staff })).find((q) => q.kind === kind)
    expect(queue).toEqual({
      kind,
      open: 4,
      overdue: 1,
      due_today: sydneyDay(soon) === sydneyDay(now) ? 1 : 0,
    })
    await getDb()
      .update(tasks)
      .set({ closed_at: new Date() })
      .where(and(eq(tasks.kind, kind)))
  })

  it("serves a file's bytes for the preview to whoever may see it; another agency gets NOT_FOUND", async () => {
    const t = await topupTask()
    const [topup] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, t.topupId))
    const bytes = new TextEncoder().encode('%PDF-1.4 receipt')
    await localStore.put(topup.receipt_url!, bytes)
    const file = await readFileForPreview({ actor: staff, key: topup.receipt_url! })
    expect(file).toMatchObject({ contentType: 'application/pdf', filename: 'receipt.pdf' })
    expect(new TextDecoder().decode(file.bytes)).toBe('%PDF-1.4 receipt')
    const other = (await agencyWithToken()).agency
    const stranger = {
      kind: 'Agency',
      identityId: 0,
      agencyId: other.id,
      email: other.email,
      permissions: new Set(['finance']),
    } as unknown as Actor
    await expect(readFileForPreview({ actor: stranger, key: topup.receipt_url! })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('saved views of the inbox', () => {
  it("keeps a person's own views by name, replaces one saved again, and refuses another's", async () => {
    const me = await staffActor()
    const other = await staffActor()
    const page = 'staff-inbox'
    await saveView({ actor: me, page, name: 'Top-ups overdue', query: 'kind=topup&overdue=true&page=3' })
    await saveView({ actor: me, page, name: 'Mine', query: 'mine=true' })
    await saveView({
      actor: me,
      page,
      name: 'Top-ups overdue',
      query: 'kind=topup&overdue=true&sort_key=due_at',
    })
    expect(await findSavedViews({ actor: me, page })).toEqual([
      { id: expect.any(Number), name: 'Mine', query: 'mine=true' },
      { id: expect.any(Number), name: 'Top-ups overdue', query: 'kind=topup&overdue=true&sort_key=due_at' },
    ])
    expect(await findSavedViews({ actor: other, page })).toEqual([])
    const [mine] = await findSavedViews({ actor: me, page })
    await expect(deleteSavedView({ actor: other, viewId: mine.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await deleteSavedView({ actor: me, viewId: mine.id })
    expect((await findSavedViews({ actor: me, page })).map((v) => v.name)).toEqual(['Top-ups overdue'])
    for (let i = 0; i < MAX_SAVED_VIEWS - 1; i++)
      await saveView({ actor: me, page, name: `View ${i}`, query: '' })
    await expect(saveView({ actor: me, page, name: 'One too many', query: '' })).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    // Saving an existing name again is still allowed at the limit.
    await saveView({ actor: me, page, name: 'View 0', query: 'state=closed' })
  })
})
