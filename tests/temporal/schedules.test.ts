import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  identities,
  invoiceHistories,
  invoices,
  notificationReceivers,
  notifications,
  reconciliationRuns,
  tasks,
} from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { createInvoice } from '../../domain/finance/invoices/invoices'
import { recordInvoicePayment } from '../../domain/finance/invoices/invoice-payments'
import { businessDate } from '../../domain/finance/invoices/mark-invoices-overdue'
import { findOutbox } from '../../domain/mail/mailer'
import { notify } from '../../domain/notifications/notify'
import { config, financeTeamEmail } from '../../domain/shared/config'
import { syncWorkflowTasks } from '../../domain/tasks/workflow-tasks'
import { temporalClient } from '../../temporal/client'
import { SCHEDULE_IDS, SCHEDULED_JOB_WORKFLOWS } from '../../workflows/scheduled-jobs/scheduled-jobs.contract'
import { ensureSchedules, retryingDeadline } from '../../temporal/schedules'
import { startWorker } from '../setup/worker'

const IDS = Object.values(SCHEDULE_IDS)
const DAY_MS = 86_400_000

/** Triggers a schedule now and waits for the workflow it started; answers that workflow's result. */
async function triggerAndWait(scheduleId: string) {
  const handle = (await temporalClient()).schedule.getHandle(scheduleId)
  const before = (await retryingDeadline(() => handle.describe())).info.numActionsTaken
  await handle.trigger()
  let workflowId = ''
  for (let i = 0; i < 150 && !workflowId; i++) {
    const d = await retryingDeadline(() => handle.describe())
    const last = d.info.recentActions.at(-1)
    if (d.info.numActionsTaken > before && last) workflowId = last.action.workflow.workflowId
    else await new Promise((r) => setTimeout(r, 100))
  }
  expect(workflowId, `${scheduleId} started a workflow`).not.toBe('')
  expect(workflowId.startsWith(`${scheduleId}-`)).toBe(true)
  return (await temporalClient()).workflow.getHandle(workflowId).result()
}

describe('scheduled jobs (Temporal Schedules on the real dev server)', () => {
  let stop: () => Promise<void>
  beforeAll(async () => {
    stop = await startWorker()
  })
  afterAll(async () => {
    // The server outlives this file: no schedule keeps firing at a queue nobody polls.
    const client = await temporalClient()
    for (const id of IDS)
      await client.schedule
        .getHandle(id)
        .delete()
        .catch(() => undefined)
    await stop()
  })

  it('ensureSchedules creates each schedule once under its stable id; a second start changes nothing', async () => {
    const client = await temporalClient()
    const first = await ensureSchedules()
    expect(first.map((s) => s.scheduleId).sort()).toEqual([...IDS].sort())
    // 'created', or 'unchanged' when a create timed out under load and its retry found it landed.
    expect(first.filter((s) => s.outcome === 'updated')).toEqual([])
    const described = async () =>
      Object.fromEntries(
        await Promise.all(
          IDS.map(
            async (id) =>
              [id, await retryingDeadline(() => client.schedule.getHandle(id).describe())] as const,
          ),
        ),
      )
    const before = await described()

    const second = await ensureSchedules()
    expect(second.map((s) => s.outcome)).toEqual(IDS.map(() => 'unchanged'))
    const after = await described()
    for (const id of IDS) {
      expect(after[id].spec).toEqual(before[id].spec)
      expect(after[id].action).toEqual(before[id].action)
      expect(after[id].info.lastUpdatedAt).toEqual(before[id].info.lastUpdatedAt)
    }

    const listed: string[] = []
    for await (const s of client.schedule.list()) listed.push(s.scheduleId)
    for (const id of IDS) expect(listed.filter((l) => l === id)).toHaveLength(1)

    // What each runs and when, on the business clock.
    const overdue = after[SCHEDULE_IDS.invoicesOverdue]
    expect(overdue.spec.timezone).toBe('Australia/Sydney')
    expect(overdue.spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 0, end: 0, step: 1 }],
      minute: [{ start: 15, end: 15, step: 1 }],
    })
    expect(after[SCHEDULE_IDS.ledgerReconciliation].spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 2, end: 2, step: 1 }],
      minute: [{ start: 0, end: 0, step: 1 }],
    })
    expect(after[SCHEDULE_IDS.bnplSettlement].spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 9, end: 9, step: 1 }],
    })
    expect(after[SCHEDULE_IDS.inboxDeadlines].spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 0, end: 23, step: 1 }],
      minute: [{ start: 0, end: 0, step: 1 }],
    })
    expect(after[SCHEDULE_IDS.notificationMails].spec.calendars?.[0]).toMatchObject({
      minute: [{ start: 0, end: 59, step: 1 }],
    })
    expect(after[SCHEDULE_IDS.notificationDigests].spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 7, end: 7, step: 1 }],
      minute: [{ start: 0, end: 0, step: 1 }],
    })
    for (const id of IDS) {
      const a = after[id].action
      expect(a.type).toBe('startWorkflow')
      if (a.type !== 'startWorkflow') continue
      expect(a.workflowType).toBe(SCHEDULED_JOB_WORKFLOWS[id])
      expect(a.taskQueue).toBe(config().TEMPORAL_TASK_QUEUE)
      expect(after[id].policies.overlap).toBe('SKIP')
    }
  })

  it('a changed definition updates the schedule and keeps it paused when an operator paused it', async () => {
    await ensureSchedules()
    const handle = (await temporalClient()).schedule.getHandle(SCHEDULE_IDS.bnplSettlement)
    await handle.pause('paused by an operator')
    const changed = await ensureSchedules({ timezone: 'UTC' })
    expect(changed.map((s) => s.outcome)).toEqual(IDS.map(() => 'updated'))
    let d = await retryingDeadline(() => handle.describe())
    expect(d.spec.timezone).toBe('UTC')
    expect(d.state.paused).toBe(true)
    expect((await ensureSchedules()).map((s) => s.outcome)).toEqual(IDS.map(() => 'updated'))
    await handle.unpause()
    d = await retryingDeadline(() => handle.describe())
    expect(d.spec.timezone).toBe('Australia/Sydney')
    expect((await ensureSchedules()).map((s) => s.outcome)).toEqual(IDS.map(() => 'unchanged'))
  })

  it('invoices-overdue: an unsettled invoice past its due date becomes OVERDUE once, with history and a notification', async () => {
    await ensureSchedules()
    const db = getDb()
    const agency = await createAgency(db, { status: 'PORTAL_ACTIVATED' })
    const today = businessDate(new Date(), config().BUSINESS_TZ)
    const dayOffset = (days: number) =>
      businessDate(new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY_MS), 'UTC')
    const item = (total: number) => ({
      line_item_type: 'PREMIUM' as const,
      description: 'Premium',
      total_amount: total,
      payer: 'AGENCY',
      receiver: 'OSHC',
    })
    const base = { agencyId: agency.id, type: 'PREMIUM' as const, from: 'OSHC', to: 'AGENCY' }
    const ids = await db.transaction(async (tx) => {
      const late = await createInvoice(tx, { ...base, items: [item(100_00)], dueDate: dayOffset(-2) })
      const part = await createInvoice(tx, { ...base, items: [item(80_00)], dueDate: dayOffset(-1) })
      await recordInvoicePayment(tx, {
        invoiceId: part.invoice.id,
        method: 'BANK',
        amount: 30_00,
        status: 'COMPLETED',
        actor: 'test',
      })
      const dueToday = await createInvoice(tx, { ...base, items: [item(10_00)], dueDate: today })
      const paid = await createInvoice(tx, { ...base, items: [item(20_00)], dueDate: dayOffset(-3) })
      await recordInvoicePayment(tx, {
        invoiceId: paid.invoice.id,
        method: 'BANK',
        amount: 20_00,
        status: 'COMPLETED',
        actor: 'test',
      })
      return {
        late: late.invoice.id,
        part: part.invoice.id,
        dueToday: dueToday.invoice.id,
        paid: paid.invoice.id,
      }
    })

    const result = (await triggerAndWait(SCHEDULE_IDS.invoicesOverdue)) as { overdue: number }
    expect(result.overdue).toBeGreaterThanOrEqual(2)
    const status = async (id: number) =>
      (await db.select().from(invoices).where(eq(invoices.id, id)))[0].status
    expect(await status(ids.late)).toBe('OVERDUE')
    expect(await status(ids.part)).toBe('OVERDUE')
    expect(await status(ids.dueToday)).toBe('PENDING')
    expect(await status(ids.paid)).toBe('PAID')

    const history = async (id: number) =>
      db
        .select()
        .from(invoiceHistories)
        .where(and(eq(invoiceHistories.invoice_id, id), eq(invoiceHistories.to_status, 'OVERDUE')))
    const [h] = await history(ids.part)
    expect(h).toMatchObject({
      from_status: 'PARTIALLY_PAID',
      actor: 'schedule:invoices-overdue',
      action: 'STATUS_CHANGED',
    })
    const notes = async (id: number, side: 'agency' | 'staff' = 'agency') =>
      db
        .select({
          id: notifications.id,
          title: notifications.title,
          link: notifications.link,
          identity: notificationReceivers.identity_id,
        })
        .from(notifications)
        .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
        .where(
          and(
            eq(notifications.event_type, 'INVOICE_OVERDUE'),
            sql`${notifications.meta} @> ${JSON.stringify({ invoice_id: id })}::jsonb`,
            sql`${notifications.link} like ${side === 'agency' ? '/agency/%' : '/staff/%'}`,
          ),
        )
    const [n] = await notes(ids.late)
    expect(n).toMatchObject({ title: `Invoice #${ids.late} is overdue`, identity: agency.identity_id })
    // Finance staff hear of it too, each with a receiver row, linked to the staff invoice page.
    const [admin] = await db
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, 'admin@oshc.local'))
    const staffNotes = await notes(ids.late, 'staff')
    expect(staffNotes.map((r) => r.identity)).toContain(admin.id)
    expect(staffNotes.map((r) => r.identity)).not.toContain(agency.identity_id)
    expect(staffNotes[0]).toMatchObject({
      title: `Invoice #${ids.late} of ${agency.full_company_name} is overdue`,
      link: `/staff/finance/invoices/${ids.late}`,
    })

    // Again: nothing moves twice.
    await triggerAndWait(SCHEDULE_IDS.invoicesOverdue)
    expect(await history(ids.late)).toHaveLength(1)
    expect(await notes(ids.late)).toHaveLength(1)
    expect(await notes(ids.late, 'staff')).toHaveLength(staffNotes.length)
    expect(await status(ids.dueToday)).toBe('PENDING')
  })

  it('inbox-deadlines: a top-up task past due gets one reminder, then one escalation; workflow tasks are left to their workflow', async () => {
    await ensureSchedules()
    const db = getDb()
    const agency = await createAgency(db, { status: 'PORTAL_ACTIVATED' })
    const tag = `${agency.id}-${Date.now()}`
    const subject = `Approve top-up ${tag}`
    const open = async (workflowId: string, subj: string) => {
      await syncWorkflowTasks(workflowId, {
        kind: 'topup',
        audience: 'staff',
        subject: subj,
        agencyId: agency.id,
        link: '/staff/finance/topups',
        dueAt: new Date(Date.now() - 60_000),
      })
      return (await db.select().from(tasks).where(eq(tasks.workflow_id, workflowId)))[0]
    }
    const task = await open(`topup-test-${tag}`, subject)
    const owned = await open(`payout-test-${tag}`, `Payout ${tag}`)

    const mailsAbout = async (s: string) =>
      (await findOutbox(financeTeamEmail(), 1000)).filter((m) => m.subject.includes(s))
    const notes = async (event: string, taskId: number) =>
      db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.event_type, event),
            sql`${notifications.meta} @> ${JSON.stringify({ task_id: taskId })}::jsonb`,
          ),
        )

    await triggerAndWait(SCHEDULE_IDS.inboxDeadlines)
    let mails = await mailsAbout(tag)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject.startsWith(`Reminder: ${subject} (due `)).toBe(true)
    expect(mails[0].text).toContain('http://test.local/staff/finance/topups')
    expect(await notes('TASK_REMINDER', task.id)).toHaveLength(1)
    expect((await db.select().from(tasks).where(eq(tasks.id, task.id)))[0].escalated_at).toBeNull()

    // An hour later: still within the escalation period, nothing new.
    await triggerAndWait(SCHEDULE_IDS.inboxDeadlines)
    expect(await mailsAbout(tag)).toHaveLength(1)
    expect(await notes('TASK_REMINDER', task.id)).toHaveLength(1)

    // Past the second period (INBOX_ESCALATION_AFTER, 1 day): escalated once.
    await db
      .update(tasks)
      .set({ due_at: new Date(Date.now() - 2 * DAY_MS) })
      .where(eq(tasks.id, task.id))
    await triggerAndWait(SCHEDULE_IDS.inboxDeadlines)
    await triggerAndWait(SCHEDULE_IDS.inboxDeadlines)
    mails = await mailsAbout(tag)
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Escalation', 'Reminder'])
    const [after] = await db.select().from(tasks).where(eq(tasks.id, task.id))
    expect(after.escalated_at).not.toBeNull()
    expect(after.closed_at).toBeNull()
    expect(await notes('TASK_ESCALATED', task.id)).toHaveLength(1)
    expect(await notes('TASK_REMINDER', task.id)).toHaveLength(1)

    // The workflow-owned task got nothing from this job.
    expect(await notes('TASK_REMINDER', owned.id)).toHaveLength(0)
    expect((await db.select().from(tasks).where(eq(tasks.id, owned.id)))[0].escalated_at).toBeNull()
  })

  it('ledger-reconciliation writes a run; bnpl-settlement runs its job', async () => {
    await ensureSchedules()
    const result = (await triggerAndWait(SCHEDULE_IDS.ledgerReconciliation)) as {
      runId: number
      mismatchCount: number
    }
    const [run] = await getDb()
      .select()
      .from(reconciliationRuns)
      .where(eq(reconciliationRuns.id, result.runId))
    expect(run).toMatchObject({ trigger: 'schedule', mismatch_count: result.mismatchCount })
    expect(run.agencies_checked).toBeGreaterThanOrEqual(1)
    expect(run.finished_at).not.toBeNull()

    const bnpl = (await triggerAndWait(SCHEDULE_IDS.bnplSettlement)) as { reminded: number }
    expect(typeof bnpl.reminded).toBe('number')
  })

  it('notification-mails mails a notification wanted at once; notification-digests mails the daily digest once', async () => {
    await ensureSchedules()
    const db = getDb()
    const agency = await createAgency(db, { status: 'PORTAL_ACTIVATED' })
    const note = (eventType: string, title: string) =>
      db.transaction((tx) =>
        notify(
          tx,
          { eventType, title, message: `${title} happened`, link: '/agency' },
          { agencyId: agency.id },
        ),
      )
    await note('MESSAGE_SENT_BY_OSHC', 'A message from staff')
    await note('POLICY_PURCHASED', 'Policy bought')
    const now = (await triggerAndWait(SCHEDULE_IDS.notificationMails)) as { mailed: number }
    expect(now.mailed).toBeGreaterThanOrEqual(1)
    expect((await findOutbox(agency.email)).map((m) => m.subject)).toEqual(['A message from staff'])
    const digest = (await triggerAndWait(SCHEDULE_IDS.notificationDigests)) as { mailed: number }
    expect(digest.mailed).toBeGreaterThanOrEqual(1)
    await triggerAndWait(SCHEDULE_IDS.notificationDigests)
    const subjects = (await findOutbox(agency.email)).map((m) => m.subject).sort()
    expect(subjects).toEqual(['A message from staff', 'Your daily digest: 1 notification'])
  })
})
