import { eventually } from '../setup/eventually'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client'
import { getDb } from '../../db/client'
import { agencies, agencyHistories, tasks } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import type { AgencyStatus } from '../../domain/agencies/agencies.rules'
import { findOutbox } from '../../domain/mail/mailer'
import {
  decideUpdate,
  onboardingStateQuery,
  overrideStatusUpdate,
  type OnboardingDurations,
} from '../../workflows/agency-onboarding/agency-onboarding.contract'
import { startWorker } from '../setup/worker'
import { deepest, startOnboarding } from '../setup/onboarding'

const durations: OnboardingDurations = { verify: '1h', details: '1h', agreement: '1h', staff: '1h' }

const start = (agencyId: number, d = durations) => startOnboarding(agencyId, d)

/** What updateAdminAgencyStatus commits before it tells the workflow. */
async function overrideInDb(agencyId: number, to: AgencyStatus) {
  await getDb().update(agencies).set({ status: to }).where(eq(agencies.id, agencyId))
}

const openKinds = async (agencyId: number) =>
  (
    await getDb()
      .select({ kind: tasks.kind })
      .from(tasks)
      .where(and(eq(tasks.agency_id, agencyId), isNull(tasks.closed_at)))
  ).map((t) => t.kind)

const historyActions = async (agencyId: number) =>
  (await getDb().select().from(agencyHistories).where(eq(agencyHistories.agency_id, agencyId))).map(
    (h) => h.action,
  )

describe('overrideStatus update of agencyOnboarding (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  beforeAll(async () => {
    stop = await startWorker()
  })
  afterAll(() => stop())

  it('refuses an unknown status in the validator and keeps waiting', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    const handle = await start(agency.id)
    const refused = await handle
      .executeUpdate(overrideStatusUpdate, { args: [{ status: 'APPROVED' as AgencyStatus, actor: 'test' }] })
      .catch((e) => e)
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(deepest(refused)).toBe('Unknown agency status APPROVED')
    // The query answers once the workflow has loaded the agency.
    const state = await eventually(
      () => handle.query(onboardingStateQuery).catch(() => null),
      'the onboarding state',
    )
    expect(state.phase).toBe('sign')
  })

  it('moves to the wait of the overridden status: its task, its deadline and its reminder', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    const handle = await start(agency.id, { ...durations, details: '1s' })
    await eventually(async () => (await openKinds(agency.id)).includes('SIGN_AGREEMENT'), 'sign task')

    await overrideInDb(agency.id, 'LOGIN_CRED_CHANGED')
    const result = await handle.executeUpdate(overrideStatusUpdate, {
      args: [{ status: 'LOGIN_CRED_CHANGED', actor: 'Oshc:admin@oshc.local' }],
    })
    expect(result).toEqual({ status: 'LOGIN_CRED_CHANGED', phase: 'details' })
    expect(await openKinds(agency.id)).toEqual(['COMPLETE_COMPANY_DETAILS'])
    // The details deadline (1s) now runs, not the agreement one (1h).
    const reminder = await eventually(
      async () => (await findOutbox(agency.email)).find((m) => m.subject.startsWith('Reminder')),
      'details reminder',
    )
    expect(reminder.text).toMatch(/complete your company details/)
    const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(row.status).toBe('LOGIN_CRED_CHANGED')
  })

  it('skips a reminder of a wait the agency has left before the workflow heard of it', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    const handle = await start(agency.id, { ...durations, agreement: '1s' })
    await eventually(async () => (await openKinds(agency.id)).includes('SIGN_AGREEMENT'), 'sign task')
    // Committed, but the workflow is not told yet: its agreement deadline passes meanwhile.
    await overrideInDb(agency.id, 'PORTAL_ACTIVATED')
    await eventually(
      async () => ((await handle.query(onboardingStateQuery)).reminders ?? 0) >= 1,
      'the deadline to pass',
      // A 1s timer and one activity; a minute leaves room for a loaded two-core machine.
      60_000,
    )
    expect(await findOutbox(agency.email)).toEqual([])
    expect(await historyActions(agency.id)).not.toContain('REMINDER_SENT')

    const result = await handle.executeUpdate(overrideStatusUpdate, {
      args: [{ status: 'PORTAL_ACTIVATED', actor: 'test' }],
    })
    expect(result.phase).toBe('done')
    expect(await handle.result()).toMatchObject({ status: 'PORTAL_ACTIVATED' })
    expect(await openKinds(agency.id)).toEqual([])
  }, 120_000)

  it('never writes an older status back: a decision for the wait staff moved away from is refused', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SIGNED' })
    const handle = await start(agency.id)
    await eventually(
      async () => (await openKinds(agency.id)).includes('AGENCY_ACTIVATION'),
      'activation task',
    )

    await overrideInDb(agency.id, 'AGREEMENT_SENT')
    await handle.executeUpdate(overrideStatusUpdate, { args: [{ status: 'AGREEMENT_SENT', actor: 'test' }] })
    const refused = await handle
      .executeUpdate(decideUpdate, { args: ['activatePortal', { actor: 'test' }] })
      .catch((e) => e)
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(deepest(refused)).toBe('Cannot activate the portal while the agency is at AGREEMENT_SENT')
    const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(row.status).toBe('AGREEMENT_SENT')
    const state = await handle.query(onboardingStateQuery)
    expect(state.phase).toBe('sign')
    expect(await openKinds(agency.id)).toEqual(['SIGN_AGREEMENT'])
  })

  it('is NOT_FOUND for a finished workflow, so the caller starts the onboarding again', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    const handle = await start(agency.id)
    await handle.result()
    const late = await handle
      .executeUpdate(overrideStatusUpdate, { args: [{ status: 'AGREEMENT_SENT', actor: 'test' }] })
      .catch((e) => e)
    expect(late).toBeInstanceOf(WorkflowNotFoundError)
  })
})
