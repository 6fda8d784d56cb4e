import { eventually } from '../setup/eventually'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ApplicationFailure, WorkflowUpdateFailedError } from '@temporalio/client'
import { getDb } from '../../db/client'
import { agencyHistories, identities, outboxMails, tasks } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { findOutbox } from '../../domain/mail/mailer'
import {
  agencyOnboardingWorkflowId,
  decideUpdate,
  onboardingStateQuery,
} from '../../workflows/agency-onboarding/agency-onboarding.contract'
import { createOnboardingActivities } from '../../workflows/agency-onboarding/agency-onboarding.activities'
import { realActivityDeps } from '../../workers/activities/deps'
import { startWorker } from '../setup/worker'
import { deepest, startOnboarding } from '../setup/onboarding'
import { eventsFor } from '../setup/notifications'

const durations = { verify: '2s', details: '2s', agreement: '2s', staff: '2s' }

const start = (agencyId: number, d = durations) => startOnboarding(agencyId, d)

describe('agencyOnboarding workflow (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  beforeAll(async () => {
    stop = await startWorker()
  })
  afterAll(() => stop())

  it('refuses a decision whose moment has passed (validator) and one that comes too early (database)', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    const handle = await start(agency.id)
    // The validator judges the workflow's view: wait until the workflow has loaded the agency.
    await eventually(
      () =>
        handle.query(onboardingStateQuery).then(
          (q) => q.phase === 'sign',
          () => false,
        ),
      'the workflow to load the agency',
    )
    // Too late: configuration is long done.
    const late = await handle
      .executeUpdate(decideUpdate, { args: ['configurationDone', { actor: 'test' }] })
      .catch((e) => e)
    expect(late).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(deepest(late)).toMatch(/AGREEMENT_SENT/)
    // Refused by the validator, not by the activity behind it: the failure is the validator's own
    // error, and the decision never entered the history (no accepted update, no activity run).
    expect(late.cause).toBeInstanceOf(ApplicationFailure)
    expect(deepest(late)).toBe('Cannot configurationDone: the agency is already at AGREEMENT_SENT')
    const events = (await handle.fetchHistory()).events ?? []
    expect(events.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(0)
    const ran = events.map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name)
    expect(ran).not.toContain('applyOnboardingDecision')
    // Too early: the agreement is not signed yet.
    const early = await handle
      .executeUpdate(decideUpdate, { args: ['activatePortal', { actor: 'test' }] })
      .catch((e) => e)
    expect(early).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(deepest(early)).toMatch(/AGREEMENT_SENT/)
    // The workflow is still running and waiting for the signature.
    const state = await handle.query(onboardingStateQuery)
    expect(state.phase).toBe('sign')
  })

  it('sends a reminder when a wait passes its deadline, then escalates to the staff team', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    await start(agency.id, { ...durations, agreement: '1s' })
    const reminder = await eventually(
      async () => (await findOutbox(agency.email)).find((m) => m.subject.startsWith('Reminder')),
      'reminder mail',
    )
    expect(reminder.text).toMatch(/sign and upload your agency agreement/)
    // The workflow names each reminder (workflow, run, number), so a retried activity sends it once.
    const [row] = await getDb().select().from(outboxMails).where(eq(outboxMails.id, reminder.id))
    expect(row.idempotency_key).toMatch(new RegExp(`^agency-onboarding-${agency.id}/[\\w-]+/reminder-1$`))
    await eventually(
      async () =>
        (await findOutbox('operations@oshc.local')).find(
          (m) => m.subject.startsWith('Escalation') && m.text.includes(agency.full_company_name!),
        ),
      'escalation mail',
    )
    // The history row and the task's escalation are written after the mail: wait for them too.
    await eventually(async () => {
      const history = await getDb()
        .select()
        .from(agencyHistories)
        .where(eq(agencyHistories.agency_id, agency.id))
      const actions = history.map((h) => h.action)
      return actions.includes('REMINDER_SENT') && actions.includes('ESCALATED')
    }, 'reminder and escalation in the history')
    const task = await eventually(async () => {
      const [t] = await getDb().select().from(tasks).where(eq(tasks.agency_id, agency.id))
      return t?.escalated_at ? t : undefined
    }, 'the task marked escalated')
    expect(task.kind).toBe('SIGN_AGREEMENT')
    // The agency is reminded on its bell; staff with agency management hear of the escalation.
    expect((await eventsFor([agency.identity_id!])).map((n) => n.event)).toContain('ONBOARDING_REMINDER')
    const [admin] = await getDb()
      .select({ id: identities.id })
      .from(identities)
      .where(eq(identities.email, 'admin@oshc.local'))
    const staffHeard = await eventsFor([admin.id], ['ONBOARDING_ESCALATED'])
    expect(staffHeard.map((n) => n.link)).toContain(`/staff/agencies/${agency.id}`)
  })

  it('sends a reminder once when the worker comes back after its deadline passed', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    await start(agency.id, { ...durations, agreement: '3s' })
    const reminders = async () =>
      (await findOutbox(agency.email)).filter((m) => m.subject.startsWith('Reminder'))
    // The workflow waits for the signature (its task is open) when the worker stops.
    await eventually(
      async () => (await getDb().select().from(tasks).where(eq(tasks.agency_id, agency.id))).length,
      'signature task',
    )
    await stop()
    await new Promise((r) => setTimeout(r, 4_000)) // the 3 s deadline passes without a worker
    expect(await reminders()).toHaveLength(0)

    stop = await startWorker()
    // A new worker picks the workflow up once the server gives up on the old one's sticky queue
    // (about 5 s); the margin is for a loaded CI machine.
    await eventually(async () => (await reminders()).length, 'reminder after the worker came back', 25_000)
    // The escalation (the next deadline) shows the workflow went on; the reminder went out once.
    await eventually(
      async () =>
        (await findOutbox('operations@oshc.local')).find(
          (m) => m.subject.startsWith('Escalation') && m.text.includes(agency.full_company_name!),
        ),
      'escalation mail',
    )
    expect(await reminders()).toHaveLength(1)
  })

  it('a reminder activity run twice with the same key (a retry) sends one mail', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    const { remindOnboarding } = createOnboardingActivities(realActivityDeps())
    const key = `${agencyOnboardingWorkflowId(agency.id)}/run-1/reminder-1`
    const reminders = async () =>
      (await findOutbox(agency.email)).filter((m) => m.subject.startsWith('Reminder'))
    await remindOnboarding({ agencyId: agency.id, phase: 'sign', escalate: false, key })
    await remindOnboarding({ agencyId: agency.id, phase: 'sign', escalate: false, key })
    expect(await reminders()).toHaveLength(1)
    // The next reminder has its own key and goes out.
    await remindOnboarding({ agencyId: agency.id, phase: 'sign', escalate: false, key: `${key}-2` })
    expect(await reminders()).toHaveLength(2)
  })

  it('carries on after the worker is stopped and started again mid-wait', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SIGNED' })
    const handle = await start(agency.id, { ...durations, staff: '1h' })
    await eventually(
      async () =>
        (await getDb().select().from(tasks).where(eq(tasks.agency_id, agency.id))).find(
          (t) => t.kind === 'AGENCY_ACTIVATION',
        ),
      'activation task',
    )
    await stop()
    // While no worker runs, the decision is queued; a new worker picks the workflow up from history.
    const pending = handle.executeUpdate(decideUpdate, { args: ['activatePortal', { actor: 'test' }] })
    await new Promise((r) => setTimeout(r, 1000))
    stop = await startWorker()
    const snapshot = await pending
    expect(snapshot.status).toBe('PORTAL_ACTIVATED')
    expect(await handle.result()).toMatchObject({ status: 'PORTAL_ACTIVATED' })
    const open = (await getDb().select().from(tasks).where(eq(tasks.agency_id, agency.id))).filter(
      (t) => !t.closed_at,
    )
    expect(open).toHaveLength(0)
    // The agency's bell heard of it, in the decision's transaction.
    expect((await eventsFor([agency.identity_id!], ['PORTAL_ACTIVATED'])).map((n) => n.link)).toEqual([
      '/agency',
    ])
  })
})
