import { eventually } from '../setup/eventually'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import { WorkflowNotFoundError } from '@temporalio/client'
import { getDb } from '../../db/client'
import { agencies, agencyHistories, tasks } from '../../db/schema'
import { createAgency } from '../../db/seed/factories'
import { AGENCY_STATUSES, type AgencyStatus } from '../../domain/agencies/agencies.rules'
import { onboardingProcess } from '../../domain/agencies/onboarding-workflow/onboarding-process'
import { temporalClient } from '../../temporal/client'
import {
  agencyOnboardingWorkflowId,
  onboardingStateQuery,
  type OnboardingPhase,
} from '../../workflows/agency-onboarding/agency-onboarding.contract'
import { agencyWithToken, api, staffToken, staffWith } from '../setup/api'
import { startWorker } from '../setup/worker'
import * as agencyPage from '../../app/routes/staff+/agencies.$agencyId._index/route'

const BASE = '/agencies/agency-management'
const STAFF_LABEL = 'Oshc:admin@oshc.local'
let stopWorker: () => Promise<void>
let staff: string

beforeAll(async () => {
  stopWorker = await startWorker()
  staff = await staffToken()
})
afterAll(() => stopWorker())

const handleOf = async (agencyId: number) =>
  (await temporalClient()).workflow.getHandle(agencyOnboardingWorkflowId(agencyId))

/** 'running', 'COMPLETED', ... or 'none' when the workflow was never started. */
async function workflowStatus(agencyId: number) {
  try {
    return (await (await handleOf(agencyId)).describe()).status.name
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return 'none'
    throw err
  }
}

async function workflowState(agencyId: number) {
  return (await handleOf(agencyId)).query(onboardingStateQuery).catch(() => null)
}

const openTaskKinds = async (agencyId: number) =>
  (
    await getDb()
      .select({ kind: tasks.kind })
      .from(tasks)
      .where(and(eq(tasks.agency_id, agencyId), isNull(tasks.closed_at)))
  )
    .map((t) => t.kind)
    .sort()

/** The wait each status implies (with the registration request submitted from COMPANY_DETAIL_DONE on). */
const PHASE: Record<AgencyStatus, OnboardingPhase> = {
  PENDING: 'verify',
  SIGN_UP_REQUEST_SENT: 'details',
  LOGIN_CRED_CHANGED: 'details',
  COMPANY_DETAIL_STEP_ONE_DONE: 'details',
  COMPANY_DETAIL_STEP_TWO_DONE: 'details',
  COMPANY_DETAIL_DONE: 'configure',
  CONFIGURATION_DONE: 'send-agreement',
  AGREEMENT_SENT: 'sign',
  AGREEMENT_SIGNED: 'activate',
  PORTAL_ACTIVATED: 'done',
  PORTAL_DEACTIVATED: 'done',
}
/** The inbox task open in each wait. */
const TASK: Record<OnboardingPhase, string[]> = {
  verify: [],
  details: ['COMPLETE_COMPANY_DETAILS'],
  configure: ['AGENCY_CONFIGURATION'],
  'send-agreement': ['AGENCY_AGREEMENT'],
  sign: ['SIGN_AGREEMENT'],
  activate: ['AGENCY_ACTIVATION'],
  done: [],
}

/**
 * Starting points: a running workflow in three different waits, a completed workflow (active
 * portal), and an agency whose workflow was never started.
 */
const STARTS: { from: AgencyStatus; workflow: 'running' | 'completed' | 'none' }[] = [
  { from: 'PENDING', workflow: 'running' },
  { from: 'COMPANY_DETAIL_DONE', workflow: 'running' },
  { from: 'AGREEMENT_SIGNED', workflow: 'running' },
  { from: 'PORTAL_ACTIVATED', workflow: 'completed' },
  { from: 'LOGIN_CRED_CHANGED', workflow: 'none' },
]

/** The ordinary staff steps keep their own history action; everything else is an override. */
function expectedAction(from: AgencyStatus, to: AgencyStatus) {
  if (from === 'AGREEMENT_SIGNED' && to === 'PORTAL_ACTIVATED') return 'activatePortal'
  if (from === 'PORTAL_ACTIVATED' && to === 'PORTAL_DEACTIVATED') return 'PORTAL_DEACTIVATED'
  return 'STATUS_OVERRIDDEN'
}

describe('updateAdminAgencyStatus sets any status and the onboarding workflow follows', () => {
  for (const { from, workflow } of STARTS) {
    for (const to of AGENCY_STATUSES.filter((s) => s !== from)) {
      it(`${from} (workflow ${workflow}) -> ${to}`, async () => {
        const agency = await createAgency(getDb(), { status: from, submitted: true })
        const handle = await handleOf(agency.id)
        if (workflow !== 'none') {
          await onboardingProcess().changed(agency.id)
          if (workflow === 'completed') await handle.result()
          else {
            await eventually(
              async () => (await workflowState(agency.id))?.phase === PHASE[from],
              `workflow in ${PHASE[from]}`,
            )
            await eventually(
              async () => (await openTaskKinds(agency.id)).join() === TASK[PHASE[from]].join(),
              'tasks of the starting wait',
            )
          }
        }

        const reason = `Support ticket ${from} to ${to}`
        const r = await api('POST', `${BASE}/updateAdminAgencyStatus/${agency.id}`, {
          token: staff,
          body: { status: to, reason },
        })
        expect(r.status).toBe(200)
        expect(r.body.data.status).toBe(to)

        const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
        expect(row.status).toBe(to)
        const history = await getDb()
          .select()
          .from(agencyHistories)
          .where(and(eq(agencyHistories.agency_id, agency.id), eq(agencyHistories.note, reason)))
        expect(history).toHaveLength(1)
        expect(history[0]).toMatchObject({
          action: expectedAction(from, to),
          from_status: from,
          to_status: to,
          actor: STAFF_LABEL,
        })

        const phase = PHASE[to]
        if (workflow === 'running') {
          // The call waits for the workflow's update: its state and the inbox already follow.
          if (phase === 'done') {
            expect((await handle.result())?.status).toBe(to)
          } else {
            const state = await handle.query(onboardingStateQuery)
            expect(state.phase).toBe(phase)
            expect(state.snapshot.status).toBe(to)
            expect(state.reminders).toBe(0)
          }
          expect(await openTaskKinds(agency.id)).toEqual(TASK[phase])
        } else if (phase === 'done') {
          // Nothing to wait for: an override starts no workflow (a finished one stays finished).
          const expected = workflow === 'none' ? 'none' : 'COMPLETED'
          await eventually(async () => (await workflowStatus(agency.id)) === expected, expected)
          expect(await openTaskKinds(agency.id)).toEqual([])
        } else {
          // The override started the onboarding again, in the wait of the new status.
          await eventually(
            async () => (await workflowState(agency.id))?.phase === phase,
            `restart in ${phase}`,
          )
          expect(await workflowStatus(agency.id)).toBe('RUNNING')
          expect((await workflowState(agency.id))?.snapshot.status).toBe(to)
          await eventually(
            async () => (await openTaskKinds(agency.id)).join() === TASK[phase].join(),
            `tasks of ${phase}`,
          )
        }
        // The workflow never writes an older status back.
        const [after] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
        expect(after.status).toBe(to)
      })
    }
  }
})

describe('updateAdminAgencyStatus refusals', () => {
  it('needs agency_management: 403 for other staff and for the agency itself', async () => {
    const { agency, token } = await agencyWithToken('CONFIGURATION_DONE')
    const finance = await staffWith(['finance'])
    for (const t of [finance, token]) {
      const r = await api('POST', `${BASE}/updateAdminAgencyStatus/${agency.id}`, {
        token: t,
        body: { status: 'AGREEMENT_SIGNED', reason: 'Signed on paper' },
      })
      expect(r.status).toBe(403)
      expect(r.body.message).toBe('You do not have permission to do this')
    }
    const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(row.status).toBe('CONFIGURATION_DONE')
  })

  it('answers 400 on the reason field when an override comes without one', async () => {
    const agency = await createAgency(getDb(), { status: 'CONFIGURATION_DONE' })
    for (const body of [{ status: 'AGREEMENT_SIGNED' }, { status: 'AGREEMENT_SIGNED', reason: '   ' }]) {
      const r = await api('POST', `${BASE}/updateAdminAgencyStatus/${agency.id}`, { token: staff, body })
      expect(r.status).toBe(400)
      const message =
        'Give a reason: moving the agency from CONFIGURATION_DONE to AGREEMENT_SIGNED overrides its onboarding steps'
      expect(r.body.message).toBe(message)
      expect(r.body.errors.reason).toEqual([message])
    }
    const invalid = await api('POST', `${BASE}/updateAdminAgencyStatus/${agency.id}`, {
      token: staff,
      body: { status: 'APPROVED', reason: 'x' },
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors.status).toEqual(['Invalid status'])
    const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(row.status).toBe('CONFIGURATION_DONE')
    const history = await getDb()
      .select()
      .from(agencyHistories)
      .where(eq(agencyHistories.agency_id, agency.id))
    expect(history.filter((h) => h.action === 'STATUS_OVERRIDDEN')).toEqual([])
  })

  it('keeps the ordinary deactivation and reactivation free of a reason', async () => {
    const agency = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED' })
    const path = `${BASE}/updateAdminAgencyStatus/${agency.id}`
    expect((await api('POST', path, { token: staff, body: { status: 'PORTAL_DEACTIVATED' } })).status).toBe(
      200,
    )
    expect((await api('POST', path, { token: staff, body: { status: 'PORTAL_ACTIVATED' } })).status).toBe(200)
    const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(row.status).toBe('PORTAL_ACTIVATED')
  })
})

describe('the staff agency page sets any status with a reason', () => {
  const ORIGIN = 'http://test.local'
  const post = (path: string, form: Record<string, string>) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${staff}`, origin: ORIGIN },
      body: new URLSearchParams(form),
    })

  it('refuses a missing reason on its field and saves the override with one', async () => {
    const agency = await createAgency(getDb(), { status: 'AGREEMENT_SENT' })
    const path = `/staff/agencies/${agency.id}`
    const params = { agencyId: String(agency.id) }
    const missing = (await agencyPage.action({
      request: post(path, { intent: 'set-status', status: 'AGREEMENT_SIGNED', reason: '' }),
      params,
      context: {},
    })) as unknown as { data: { error: Record<string, string[]> }; init: { status: number } }
    expect(missing.init.status).toBe(400)
    expect(missing.data.error.reason).toEqual(['Give a reason for the change'])

    const saved = await agencyPage.action({
      request: post(path, { intent: 'set-status', status: 'AGREEMENT_SIGNED', reason: 'Signed on paper' }),
      params,
      context: {},
    })
    expect(saved).toBeInstanceOf(Response)
    expect((saved as Response).status).toBe(302)
    const [row] = await getDb().select().from(agencies).where(eq(agencies.id, agency.id))
    expect(row.status).toBe('AGREEMENT_SIGNED')
    await eventually(
      async () => (await openTaskKinds(agency.id)).join() === 'AGENCY_ACTIVATION',
      'activation task',
    )
  })
})
