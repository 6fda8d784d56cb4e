import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Client, Connection, WorkflowUpdateFailedError } from '@temporalio/client'
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker'
import {
  AGENCY_ONBOARDING_WORKFLOW,
  agencyChangedSignal,
  onboardingStateQuery,
  type OnboardingActivities,
  type OnboardingSnapshot,
} from '../../workflows/agency-onboarding/agency-onboarding.contract'
import {
  CLAWBACK_WORKFLOW,
  clawbackChangedSignal,
  clawbackDecideUpdate,
  type ClawbackActivities,
  type ClawbackState,
  type ClawbackStatus,
} from '../../workflows/clawback/clawback.contract'
import {
  COMMISSION_PAYOUT_WORKFLOW,
  payoutDecideUpdate,
  payoutStateQuery,
  type CommissionPayoutActivities,
  type PayoutState,
  type PayoutStatus,
} from '../../workflows/commission-payout/commission-payout.contract'
import {
  FULL_REFUND_WORKFLOW,
  refundDecideUpdate,
  type FullRefundActivities,
  type FullRefundStatus,
  type RefundState,
} from '../../workflows/full-refund/full-refund.contract'

/**
 * The wait for a person (workflows/await-decision.ts) with mocked activities, typed by each
 * contract's activities interface, on the dev server the global setup started: a worker per test
 * on its own task queue, durations of a second or two.
 */

const by = { identityId: 7, userId: 7, email: 'checker@oshc.local' }
const maker = { identityId: 8, userId: 8, email: 'maker@oshc.local' }
const LONG = { reminder: '1h', escalation: '2h' }

let native: NativeConnection
let client: Client

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('ERROR', () => {}) })
  native = await NativeConnection.connect({ address: inject('temporalAddress') })
  client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) })
})
afterAll(async () => {
  await client.connection.close()
  await native.close()
})

/** A worker with `activities` on a task queue of its own, running while `fn` runs. */
async function withWorker<T>(activities: object, taskQueue: string, fn: () => Promise<T>): Promise<T> {
  const worker = await Worker.create({
    connection: native,
    taskQueue,
    workflowBundle: { codePath: inject('workflowBundlePath') },
    activities,
  })
  return worker.runUntil(fn)
}

const queue = () => `await-decision-${randomUUID()}`
const ms = (n: number) => new Promise((r) => setTimeout(r, n))

async function until<T>(
  read: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeout = 10_000,
): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const v = await read()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await ms(25)
  }
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (err) {
    expect(err).toBeInstanceOf(WorkflowUpdateFailedError)
    return String((err as Error).cause)
  }
  throw new Error('expected the decision to be refused')
}

/** A payout in memory; `gate` holds the decision's activity until released. */
function payoutActivities() {
  let status: PayoutStatus = 'REQUESTED'
  let release: () => void = () => {}
  const gate = { held: false, hold: () => {}, release: () => release() }
  let held = Promise.resolve()
  gate.hold = () => {
    held = new Promise((r) => (release = r))
  }
  const calls = {
    apply: 0,
    remind: [] as { escalate: boolean; key: string; at: number }[],
  }
  const state = (): PayoutState => ({
    payoutId: 1,
    agencyId: 2,
    status,
    totalCents: 10_000,
    paymentType: null,
  })
  const activities: CommissionPayoutActivities = {
    loadCommissionPayout: async () => state(),
    openCommissionPayoutTask: async () => {},
    applyCommissionPayoutDecision: async ({ decision }) => {
      calls.apply++
      await held
      status = decision.kind === 'approve' ? 'APPROVED' : 'REJECTED'
      return state()
    },
    remindCommissionPayout: async ({ escalate, key }) => {
      calls.remind.push({ escalate, key, at: Date.now() })
    },
  }
  return { activities, calls, gate }
}

/** A full refund in memory, applying decisions as the database would. */
function refundActivities() {
  let status: FullRefundStatus = 'REQUESTED'
  let initiatedBy: number | null = null
  let awaitingBatch = false
  const calls = { apply: [] as string[], complete: 0 }
  const state = (): RefundState => ({
    refundId: 1,
    policyId: 2,
    agencyId: 3,
    status,
    initiatedBy,
    awaitingBatch,
  })
  const activities: FullRefundActivities = {
    loadFullRefund: async () => state(),
    openFullRefundTask: async () => {},
    applyFullRefundDecision: async ({ decision }) => {
      calls.apply.push(decision.kind)
      if (decision.kind === 'initiate') initiatedBy = decision.by.identityId
      // A batch's payment gives the proof: the refund is APPROVED with it, and then paid.
      awaitingBatch = decision.kind === 'approve' && decision.pay_by_batch === true
      status = { initiate: 'INITIATED', approve: 'APPROVED', reject: 'REJECTED', paid: 'APPROVED' }[
        decision.kind
      ] as FullRefundStatus
      return state()
    },
    completeFullRefund: async () => {
      calls.complete++
      status = 'COMPLETED'
      return state()
    },
    remindFullRefund: async () => {},
  }
  return { activities, calls }
}

/** A clawback in memory; `status` is the database's, changed by the test as a use case would. */
function clawbackActivities(initial: ClawbackStatus) {
  const db = { status: initial }
  const calls = { load: 0, apply: 0, remind: [] as { phase: string; escalate: boolean; key: string }[] }
  const state = (): ClawbackState => ({
    clawbackId: 1,
    agencyId: 2,
    policyId: 3,
    status: db.status,
    method: 'BANK',
    outstandingCents: 500,
    amountCents: 500,
  })
  const activities: ClawbackActivities = {
    loadClawback: async () => {
      calls.load++
      return state()
    },
    openClawbackTask: async () => {},
    applyClawbackDecision: async ({ decision }) => {
      calls.apply++
      db.status = decision.kind === 'approve' ? 'COMPLETED' : 'REJECTED'
      return state()
    },
    remindClawback: async ({ phase, escalate, key }) => {
      calls.remind.push({ phase, escalate, key })
    },
    closeClawbackTasks: async () => {},
  }
  return { activities, calls, db }
}

const clawbackDurations = {
  reminder: '1h',
  secondReminder: '2h',
  escalation: '3h',
  decisionReminder: '1h',
  decisionEscalation: '2h',
}

describe('the wait for a person (mocked activities)', () => {
  it('a duplicate decision is refused by the validator; the first is applied once', async () => {
    const { activities, calls } = refundActivities()
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const handle = await client.workflow.start(FULL_REFUND_WORKFLOW, {
        taskQueue,
        workflowId: `full-refund-dup-${randomUUID()}`,
        args: [{ refundId: 1, policyId: 2, durations: LONG }],
      })
      const initiate = {
        kind: 'initiate' as const,
        refundable_premium_amount: 1000,
        deductable_commission_amount: 100,
        is_full_refund: true,
        by: maker,
      }
      const first = await handle.executeUpdate(refundDecideUpdate, { args: [initiate] })
      expect(first.status).toBe('INITIATED')
      expect(await refusal(handle.executeUpdate(refundDecideUpdate, { args: [initiate] }))).toContain(
        'This full refund is INITIATED; initiate needs REQUESTED',
      )
      expect(calls.apply).toEqual(['initiate'])
      // The next wait takes its decision: approved, then paid inside the same update.
      const done = await handle.executeUpdate(refundDecideUpdate, {
        args: [{ kind: 'approve', payment_method: 'AGENCY_BALANCE', payment_url: null, by }],
      })
      expect(done.status).toBe('COMPLETED')
      expect(await handle.result()).toBe('COMPLETED')
      expect(calls).toEqual({ apply: ['initiate', 'approve'], complete: 1 })
    })
  })

  it('a refund approved to be paid by a batch waits for its `paid` decision, then is paid once', async () => {
    const { activities, calls } = refundActivities()
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const handle = await client.workflow.start(FULL_REFUND_WORKFLOW, {
        taskQueue,
        workflowId: `full-refund-batch-${randomUUID()}`,
        args: [{ refundId: 1, policyId: 2, durations: LONG }],
      })
      const paid = { kind: 'paid' as const, payment_url: 'payout-batch:1/statement-line:2', batch_id: 1, by }
      // Not waiting for a batch: the validator refuses a batch's payment.
      expect(await refusal(handle.executeUpdate(refundDecideUpdate, { args: [paid] }))).toContain(
        'paid needs APPROVED',
      )
      await handle.executeUpdate(refundDecideUpdate, {
        args: [
          {
            kind: 'initiate',
            refundable_premium_amount: 1000,
            deductable_commission_amount: 0,
            is_full_refund: true,
            by: maker,
          },
        ],
      })
      const approved = await handle.executeUpdate(refundDecideUpdate, {
        args: [{ kind: 'approve', payment_method: 'BANK', payment_url: null, pay_by_batch: true, by }],
      })
      expect(approved).toMatchObject({ status: 'APPROVED', awaitingBatch: true })
      expect(calls.complete).toBe(0)
      const done = await handle.executeUpdate(refundDecideUpdate, { args: [paid] })
      expect(done.status).toBe('COMPLETED')
      expect(await handle.result()).toBe('COMPLETED')
      expect(calls).toEqual({ apply: ['initiate', 'approve', 'paid'], complete: 1 })
    })
  })

  it('an illegal decision is refused before it enters history, and nothing is applied', async () => {
    const { activities, calls } = payoutActivities()
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const handle = await client.workflow.start(COMMISSION_PAYOUT_WORKFLOW, {
        taskQueue,
        workflowId: `payout-illegal-${randomUUID()}`,
        args: [{ payoutId: 1, durations: LONG }],
      })
      expect(
        await refusal(
          handle.executeUpdate(payoutDecideUpdate, {
            args: [{ kind: 'approve', payment_type: 'BANK', bank_document: null, by }],
          }),
        ),
      ).toContain('bank_document is required')
      expect(
        await refusal(
          handle.executeUpdate(payoutDecideUpdate, { args: [{ kind: 'reject', rejection_reason: ' ', by }] }),
        ),
      ).toContain('Rejection reason is required')
      const history = await handle.fetchHistory()
      expect(history.events?.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(0)
      expect(calls.apply).toBe(0)
      await handle.executeUpdate(payoutDecideUpdate, {
        args: [{ kind: 'reject', rejection_reason: 'Wrong invoice', by }],
      })
      expect(await handle.result()).toBe('REJECTED')
    })
  })

  it('two racing decisions: one wins, the other is refused while the first is applied', async () => {
    const { activities, calls, gate } = payoutActivities()
    gate.hold()
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const handle = await client.workflow.start(COMMISSION_PAYOUT_WORKFLOW, {
        taskQueue,
        workflowId: `payout-race-${randomUUID()}`,
        args: [{ payoutId: 1, durations: LONG }],
        // The held activity keeps the workflow task open: the second decision reaches the
        // workflow when the worker heartbeats that task, at 80% of this timeout.
        workflowTaskTimeout: '2s',
      })
      const settled: PromiseSettledResult<PayoutState>[] = []
      const both = [
        handle.executeUpdate(payoutDecideUpdate, {
          args: [{ kind: 'approve', payment_type: 'AGENCY_BALANCE', bank_document: null, by }],
        }),
        handle.executeUpdate(payoutDecideUpdate, { args: [{ kind: 'reject', rejection_reason: 'No', by }] }),
      ].map((p) =>
        p.then(
          (value) => settled.push({ status: 'fulfilled', value }),
          (reason: unknown) => settled.push({ status: 'rejected', reason }),
        ),
      )
      // The loser is refused while the winner's activity is still held.
      await until(() => settled.length === 1 && calls.apply === 1, 'the refusal of the second decision')
      expect(settled[0].status).toBe('rejected')
      gate.release()
      await Promise.all(both)
      const [lost, won] = settled as [PromiseRejectedResult, PromiseFulfilledResult<PayoutState>]
      expect(String((lost.reason as Error).cause)).toContain(
        'A decision on this payout is already being applied',
      )
      expect(['APPROVED', 'REJECTED']).toContain(won.value.status)
      expect(calls.apply).toBe(1)
      expect(await handle.result()).toBe(won.value.status)
    })
  })

  it('reminds at the first deadline, escalates at the second (both from the wait start), then stops', async () => {
    const { activities, calls } = payoutActivities()
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const started = Date.now()
      const handle = await client.workflow.start(COMMISSION_PAYOUT_WORKFLOW, {
        taskQueue,
        workflowId: `payout-remind-${randomUUID()}`,
        args: [{ payoutId: 1, durations: { reminder: '1s', escalation: '2s' } }],
      })
      const { runId } = await handle.describe()
      await until(() => calls.remind.length === 2, 'the escalation')
      expect(calls.remind.map(({ escalate, key }) => ({ escalate, key }))).toEqual([
        { escalate: false, key: `${handle.workflowId}/${runId}/reminder-1` },
        { escalate: true, key: `${handle.workflowId}/${runId}/reminder-2` },
      ])
      expect(calls.remind[0].at - started).toBeGreaterThanOrEqual(900)
      expect(calls.remind[1].at - started).toBeGreaterThanOrEqual(1_900)
      expect(calls.remind[1].at - started).toBeLessThan(4_000)
      // Escalated: the wait goes on without a deadline.
      await ms(1_500)
      expect(calls.remind).toHaveLength(2)
      expect((await handle.query(payoutStateQuery)).reminders).toBe(2)
      await handle.executeUpdate(payoutDecideUpdate, {
        args: [{ kind: 'approve', payment_type: 'AGENCY_BALANCE', bank_document: null, by }],
      })
      expect(await handle.result()).toBe('APPROVED')
    })
  })

  it('the clawback waits for payment with three deadlines, keyed by phase and cycle', async () => {
    const { activities, calls } = clawbackActivities('INITIATED')
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const handle = await client.workflow.start(CLAWBACK_WORKFLOW, {
        taskQueue,
        workflowId: `clawback-remind-${randomUUID()}`,
        args: [
          {
            clawbackId: 1,
            durations: {
              ...clawbackDurations,
              reminder: '500ms',
              secondReminder: '1s',
              escalation: '1500ms',
            },
          },
        ],
      })
      const { runId } = await handle.describe()
      await until(() => calls.remind.length === 3, 'the escalation of the payment wait')
      expect(calls.remind).toEqual(
        [1, 2, 3].map((n) => ({
          phase: 'payment',
          escalate: n === 3,
          key: `${handle.workflowId}/${runId}/payment-1-${n}`,
        })),
      )
      await handle.terminate('done')
    })
  })

  /**
   * The worker is away while the agency's use case changes the database and signals `changed`,
   * and a staff decision arrives: the workflow meets both in one task, so the decision's handler
   * (not the loop) reloads the clawback before checking it.
   */
  async function changedWithDecision(from: ClawbackStatus, to: ClawbackStatus) {
    const { activities, calls, db } = clawbackActivities(from)
    const taskQueue = queue()
    const workflowId = `clawback-changed-${randomUUID()}`
    const handle = await withWorker(activities, taskQueue, async () => {
      const h = await client.workflow.start(CLAWBACK_WORKFLOW, {
        taskQueue,
        workflowId,
        args: [{ clawbackId: 1, durations: clawbackDurations }],
      })
      await until(() => calls.load === 1, 'the first load')
      await ms(200)
      return h
    })
    db.status = to
    await handle.signal(clawbackChangedSignal)
    const decision = handle.executeUpdate(clawbackDecideUpdate, { args: [{ kind: 'approve', by }] }).then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    )
    await ms(300)
    const outcome = await withWorker(activities, taskQueue, async () => {
      const out = await decision
      await handle.result()
      return out
    })
    // Signal and decision met in one workflow task: no load (a local activity marker) between them.
    const events = (await handle.fetchHistory()).events ?? []
    const signalled = events.findIndex((e) => e.workflowExecutionSignaledEventAttributes)
    const accepted = events.findIndex((e) => e.workflowExecutionUpdateAcceptedEventAttributes)
    expect(signalled).toBeGreaterThan(0)
    expect(accepted).toBeGreaterThan(signalled)
    expect(events.slice(signalled, accepted).filter((e) => e.markerRecordedEventAttributes)).toEqual([])
    return { outcome, calls, handle }
  }

  it("the clawback reloads on `changed` before a decision: the agency's payment makes it decidable", async () => {
    const { outcome, calls, handle } = await changedWithDecision('INITIATED', 'REQUESTED')
    expect(outcome.error).toBeUndefined()
    expect(outcome.value?.status).toBe('COMPLETED')
    expect(calls.apply).toBe(1)
    expect(calls.load).toBe(2)
    expect(await handle.result()).toBe('COMPLETED')
  })

  it('a late decision, after the clawback moved on without it, is refused once the handler reloads', async () => {
    const { outcome, calls, handle } = await changedWithDecision('REQUESTED', 'COMPLETED')
    expect(outcome.error).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(String((outcome.error as Error).cause)).toContain('This clawback is COMPLETED')
    expect(calls.apply).toBe(0)
    expect(await handle.result()).toBe('COMPLETED')
  })

  it('onboarding: a same-phase change restarts the deadline, a new phase resets the count; keys run on', async () => {
    const db: OnboardingSnapshot = {
      agencyId: 1,
      status: 'SIGN_UP_REQUEST_SENT',
      is_email_verified: true,
      is_request_submitted: false,
      has_unsigned_agreement: false,
      configured_providers: 0,
    }
    const remind: { phase: string; escalate: boolean; key: string; at: number }[] = []
    const activities: OnboardingActivities = {
      loadOnboardingSnapshot: async () => ({ ...db }),
      applyOnboardingDecision: async () => ({ ...db }),
      syncOnboardingTasks: async () => {},
      remindOnboarding: async ({ phase, escalate, key }) => {
        remind.push({ phase, escalate, key: key!, at: Date.now() })
      },
    }
    const taskQueue = queue()
    await withWorker(activities, taskQueue, async () => {
      const started = Date.now()
      const handle = await client.workflow.start(AGENCY_ONBOARDING_WORKFLOW, {
        taskQueue,
        workflowId: `agency-onboarding-mock-${randomUUID()}`,
        args: [{ agencyId: 1, durations: { verify: '1h', details: '1s', agreement: '1s', staff: '1h' } }],
      })
      const { runId } = await handle.describe()
      await until(() => remind.length === 1, 'the details reminder')
      // The agency saves a step (still the details phase): the escalation is a full second later.
      await ms(500)
      db.status = 'COMPANY_DETAIL_STEP_ONE_DONE'
      const changedAt = Date.now()
      await handle.signal(agencyChangedSignal)
      await until(() => remind.length === 2, 'the details escalation')
      expect(remind[1].at - changedAt).toBeGreaterThanOrEqual(900)
      expect(remind[1].at - started).toBeGreaterThanOrEqual(2_300)
      // A new phase is a new wait: its reminder is the first of that wait, its key the run's third.
      db.status = 'AGREEMENT_SENT'
      await handle.signal(agencyChangedSignal)
      await until(async () => (await handle.query(onboardingStateQuery)).phase === 'sign', 'the sign phase')
      expect((await handle.query(onboardingStateQuery)).reminders).toBe(0)
      await until(() => remind.length === 3, 'the sign reminder')
      expect(remind.map(({ phase, escalate, key }) => ({ phase, escalate, key }))).toEqual([
        { phase: 'details', escalate: false, key: `${handle.workflowId}/${runId}/reminder-1` },
        { phase: 'details', escalate: true, key: `${handle.workflowId}/${runId}/reminder-2` },
        { phase: 'sign', escalate: false, key: `${handle.workflowId}/${runId}/reminder-3` },
      ])
      await handle.terminate('done')
    })
  })
})
