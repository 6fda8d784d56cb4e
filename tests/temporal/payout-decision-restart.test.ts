import { afterAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  clawbacks,
  financeRequestHistories,
  invoicePayments,
  moneyTransfers,
  outboxMails,
  tasks,
} from '../../db/schema'
import { approveCommissionPayout } from '../../domain/finance/payouts/approve-commission-payout'
import { applyCommissionPayoutDecision } from '../../domain/finance/payouts/payout-workflow-steps'
import { requestCommissionPayout } from '../../domain/finance/payouts/request-commission-payout'
import { sharedStepDeps } from '../../domain/shared/step-deps'
import { temporalClient } from '../../temporal/client'
import { commissionPayoutWorkflowId } from '../../workflows/commission-payout/commission-payout.contract'
import { eventually } from '../setup/eventually'
import { agencyWithBanked, commissionStatuses, payoutRow, staffActor } from '../setup/payouts'
import { startWorker } from '../setup/worker'

// Issue 28: "a payout decision in flight completes exactly once across a worker restart". The
// first worker is a process of its own (workers/main.ts, as production runs it) killed with
// SIGKILL while the decision's activity is between its committed transaction and its answer (held
// at the agency's mail, after the money moved); a second worker takes the workflow over. The
// decision must be applied once, and the staff member's call must get its answer.

const root = path.resolve(import.meta.dirname, '../..')
let first: ChildProcess | undefined
let stopSecond: (() => Promise<void>) | undefined
let blocker: pg.Client | undefined

/**
 * SIGKILL to the worker's whole process group: `tsx` runs the worker as a child process of its
 * own, which a signal to `tsx` alone would leave running (and polling) after the "crash".
 */
function killHard(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    // already gone
  }
}

afterAll(async () => {
  if (first) killHard(first)
  await blocker?.end().catch(() => {})
  await stopSecond?.()
})

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The processes `pid` started (the worker node process under `tsx`), from /proc. */
async function childPids(pid: number) {
  const { readFile } = await import('node:fs/promises')
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '')
  const pids = text.split(/\s+/).filter(Boolean).map(Number)
  expect(pids.length, 'the worker runs as a child of tsx').toBeGreaterThan(0)
  return pids
}

/** workers/main.ts on this file's task queue; resolves once it polls. */
async function startWorkerProcess() {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['workers/main.ts'], {
    cwd: root,
    // Schedules off: the Temporal server is shared with the other test files of this run.
    env: { ...process.env, TEMPORAL_SCHEDULES: 'off', WORKER_METRICS_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, killed whole (killHard).
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  await eventually(async () => output.includes('polling task queue'), 'the first worker polling', 90_000)
  return child
}

describe('a payout decision in flight across a worker restart', () => {
  it('is applied exactly once, and the caller gets its answer', async () => {
    first = await startWorkerProcess()
    const a = await agencyWithBanked(2)
    const staff = await staffActor()
    const requested = await requestCommissionPayout({
      actor: a.actor,
      externalInvoiceId: `INV-${a.agency.id}-restart`,
      lineItemIds: a.lineIds,
    })
    const workflowId = commissionPayoutWorkflowId(requested.id)
    await eventually(
      async () => (await getDb().select().from(tasks).where(eq(tasks.workflow_id, workflowId)))[0],
      'the inbox task the first worker opened',
    )

    // Hold the decision's activity after its transaction: the agency's mail claims its outbox key
    // (payout-<id>-APPROVED), and this uncommitted row with the same key makes that insert wait.
    const mailKey = `payout-${requested.id}-APPROVED`
    blocker = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await blocker.connect()
    await blocker.query('begin')
    await blocker.query(
      `insert into outbox_mails ("to", subject, text, idempotency_key) values ('held@example.test', 'held', 'held', $1)`,
      [mailKey],
    )

    const decision = approveCommissionPayout({
      actor: staff,
      payoutId: requested.id,
      paymentType: 'AGENCY_BALANCE',
    })
    decision.catch(() => {}) // awaited below; not an unhandled rejection meanwhile
    // The money moved (committed) and the activity waits on the mail: the first worker dies there.
    await eventually(
      async () => (await payoutRow(requested.id)).status === 'APPROVED',
      'the committed approval',
    )
    const held = await eventually(
      async () =>
        (
          await blocker!.query<{ pid: number }>(
            `select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%outbox_mails%'`,
          )
        ).rows[0],
      'the activity waiting on its mail',
    )
    const killed = new Promise((r) => first!.once('exit', r))
    const workerPids = await childPids(first.pid!)
    killHard(first)
    await killed
    // The worker itself is gone, not only its launcher.
    await eventually(async () => workerPids.every((pid) => !alive(pid)), 'the worker process gone')
    // Its database session goes with it (PostgreSQL would notice only when the lock is released).
    await blocker.query('select pg_terminate_backend($1)', [held.pid])
    await blocker.query('rollback')
    await blocker.end()
    blocker = undefined

    stopSecond = await startWorker()
    const answer = await decision
    expect(answer).toMatchObject({ status: 'APPROVED', payment_type: 'AGENCY_BALANCE' })
    const handle = (await temporalClient()).workflow.getHandle(workflowId)
    expect(await handle.result()).toBe('APPROVED')
    // The history holds one accepted and one completed update: the first worker's attempt never
    // completed its workflow task, the second worker applied the decision again (a no-op on an
    // APPROVED payout) and answered it. Event types: 41 update accepted, 43 update completed.
    const events = (await handle.fetchHistory()).events ?? []
    const types = events.map((e) => Number(e.eventType))
    expect(types.filter((t) => t === 41)).toHaveLength(1)
    expect(types.filter((t) => t === 43)).toHaveLength(1)

    // Once: one status change, one credit, one payment, one journal transfer per leg, one mail.
    const p = await payoutRow(requested.id)
    expect(p).toMatchObject({ status: 'APPROVED', decided_by: staff.identityId })
    const ledger = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.agency_id, a.agency.id))
    expect(ledger.map((l) => [l.type, l.transaction_amount])).toEqual([
      ['COMMISSION_RECEIVED', p.total_amount],
    ])
    const payments = await getDb()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoice_id, p.invoice_id!))
    expect(payments.map((x) => [x.method, x.payment_amount])).toEqual([['AGENCY_BALANCE', p.total_amount]])
    const transfers = await getDb()
      .select({ code: moneyTransfers.code, amount: moneyTransfers.amount })
      .from(moneyTransfers)
      .where(eq(moneyTransfers.payout_id, p.id))
    expect(transfers.length).toBeGreaterThan(0)
    expect(new Set(transfers.map((t) => t.code)).size).toBe(transfers.length)
    const decided = await getDb()
      .select({ action: financeRequestHistories.action })
      .from(financeRequestHistories)
      .where(
        and(
          eq(financeRequestHistories.request_type, 'COMMISSION_PAYOUT'),
          eq(financeRequestHistories.request_id, p.id),
        ),
      )
    expect(decided.filter((h) => /APPROV/.test(h.action))).toHaveLength(1)
    expect(await commissionStatuses(a.commissions.map((c) => c.id))).toEqual(['PAID'])
    const [task] = await getDb().select().from(tasks).where(eq(tasks.workflow_id, workflowId))
    expect(task.outcome).toBe('approved')
    const mails = await getDb().select().from(outboxMails).where(eq(outboxMails.idempotency_key, mailKey))
    expect(mails).toHaveLength(1)
    expect(mails[0].sent_at).toBeInstanceOf(Date)
  }, 180_000)

  it('applied again after such a restart, a decision that offset clawbacks tells them again', async () => {
    // The first attempt committed, offset a clawback and died before telling its workflow; the
    // retried activity finds the payout APPROVED and must still tell it (signal-with-start: safe
    // when it was told already).
    const a = await agencyWithBanked(1)
    const staff = await staffActor()
    const requested = await requestCommissionPayout({
      actor: a.actor,
      externalInvoiceId: `INV-${a.agency.id}-offset`,
      lineItemIds: a.lineIds,
    })
    const [clawback] = await getDb()
      .insert(clawbacks)
      .values({
        policy_id: a.policies[0].id,
        agency_id: a.agency.id,
        clawback_premium_amount: 500,
        clawback_commission_amount: 100,
        outstanding_amount: 100,
        status: 'INITIATED',
      })
      .returning()
    const told: number[] = []
    const deps = {
      ...sharedStepDeps(),
      clawbacks: { start: async () => {}, changed: async (id: number) => void told.push(id) },
    }
    const decision = {
      kind: 'approve' as const,
      payment_type: 'SETTLED_WITH_CLAWBACK' as const,
      bank_document: null,
      by: { identityId: staff.identityId, userId: staff.userId, email: staff.email },
    }
    const once = await applyCommissionPayoutDecision({ payoutId: requested.id, decision }, deps)
    const again = await applyCommissionPayoutDecision({ payoutId: requested.id, decision }, deps)
    expect(again).toEqual(once)
    expect(told).toEqual([clawback.id, clawback.id])
    const ledger = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.agency_id, a.agency.id))
    expect(ledger).toHaveLength(1)
  })
})
