import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Worker } from '@temporalio/worker'
import { WorkflowUpdateFailedError } from '@temporalio/client'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  clawbacks,
  commissions,
  fullRefunds,
  invoiceLineItems,
  invoicePayments,
  invoices,
  policies,
  policyHistories,
  policyPremiumPayments,
  tasks,
} from '../../db/schema'
import { createAgency, createPolicy } from '../../db/seed/factories'
import { findOutbox } from '../../domain/mail/mailer'
import type { Actor } from '../../domain/shared/actor'
import type { DomainError } from '../../domain/shared/errors'
import { requestFullRefund } from '../../domain/refunds/request-full-refund'
import { initiateFullRefund } from '../../domain/refunds/initiate-full-refund'
import { approveFullRefund } from '../../domain/refunds/approve-full-refund'
import { rejectFullRefund } from '../../domain/refunds/reject-full-refund'
import { temporalClient } from '../../temporal/client'
import {
  fullRefundWorkflowId,
  refundDecideUpdate,
  refundStateQuery,
} from '../../workflows/full-refund/full-refund.contract'
import { eventually } from '../setup/eventually'
import { staffActor, uploadedFile } from '../setup/payouts'
import { startWorker } from '../setup/worker'

// Short deadlines, read by the port when it starts each workflow: the reminder 3 s into a wait,
// the escalation at 6 s.
process.env.FULL_REFUND_REMINDER = '3s'
process.env.FULL_REFUND_ESCALATION = '6s'
const FINANCE_TEAM = 'operations@oshc.local'

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (err) {
    return err
  }
  throw new Error('expected a refusal')
}

const handleOf = async (policyId: number) =>
  (await temporalClient()).workflow.getHandle(fullRefundWorkflowId(policyId))

/** A paid policy of a new agency (premium paid by bank, commission banked) and the agency's actor. */
async function paidPolicy(status: 'PAYMENT_APPROVED' | 'CERTIFICATE_ISSUED' = 'PAYMENT_APPROVED') {
  const db = getDb()
  const agency = await createAgency(db, { status: 'PORTAL_ACTIVATED', password: 'Agency-Passw0rd!' })
  const { policy } = await createPolicy(db, { agencyId: agency.id, status })
  const [commission] = await db.select().from(commissions).where(eq(commissions.policy_id, policy.id))
  const actor: Actor = {
    kind: 'Agency',
    identityId: agency.identity_id!,
    agencyId: agency.id,
    email: agency.email,
    permissions: new Set(['quote', 'purchase', 'user_management', 'finance']),
  }
  return { agency, policy, commission, actor, premium: policy.premium! }
}

/** A refund requested on a paid policy, its workflow waiting with the assess task open. */
async function requested(status?: 'PAYMENT_APPROVED' | 'CERTIFICATE_ISSUED') {
  const p = await paidPolicy(status)
  const refund = await requestFullRefund({ actor: p.actor, policyId: p.policy.id, reason: 'Visa refused' })
  const workflowId = fullRefundWorkflowId(p.policy.id)
  await eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(and(eq(tasks.workflow_id, workflowId), eq(tasks.kind, 'full_refund_initiate')))
    return t
  }, 'the assess task of the refund')
  return { ...p, refund, workflowId }
}

const aud = (cents: number) => cents / 100

const ledgerOf = (agencyId: number) =>
  getDb()
    .select()
    .from(agencyBalanceTransactions)
    .where(eq(agencyBalanceTransactions.agency_id, agencyId))
    .orderBy(asc(agencyBalanceTransactions.id))

const refundRow = async (id: number) =>
  (await getDb().select().from(fullRefunds).where(eq(fullRefunds.id, id)))[0]
const policyRow = async (id: number) => (await getDb().select().from(policies).where(eq(policies.id, id)))[0]
const tasksOf = (workflowId: string) =>
  getDb().select().from(tasks).where(eq(tasks.workflow_id, workflowId)).orderBy(asc(tasks.id))

describe('fullRefund workflow (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  let maker: Awaited<ReturnType<typeof staffActor>>
  let checker: Awaited<ReturnType<typeof staffActor>>
  beforeAll(async () => {
    stop = await startWorker()
    maker = await staffActor()
    checker = await staffActor()
  })
  afterAll(() => stop())

  it('happy path by agency balance: assess task, then approve task, then paid: ledger, invoice, premium and commission refunded', async () => {
    const r = await requested()
    expect((await policyRow(r.policy.id)).cancellation_request_status).toBe('REQUESTED_FOR_CANCELLATION')
    const deducted = 1_000
    const initiated = await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: aud(deducted),
      isFullRefund: true,
    })
    expect(initiated).toMatchObject({
      status: 'INITIATED',
      refundable_premium_amount: aud(r.premium),
      deductable_commission_amount: aud(deducted),
      refund_amount: aud(r.premium - deducted),
    })
    expect((await policyRow(r.policy.id)).status).toBe('FULL_REFUND_INITIATED')
    await eventually(async () => {
      const open = (await tasksOf(r.workflowId)).filter((t) => !t.closed_at)
      return open.length === 1 && open[0].kind === 'full_refund_approve' && open[0]
    }, 'the approve task')
    const out = await approveFullRefund({
      actor: checker,
      policyId: r.policy.id,
      paymentMethod: 'AGENCY_BALANCE',
    })
    const net = r.premium - deducted
    expect(out).toMatchObject({
      status: 'COMPLETED',
      payment_method: 'AGENCY_BALANCE',
      refund_amount: aud(net),
    })
    expect(out.receipt_id).toMatch(/^FR-\d+-\d{8}$/)
    const p = await policyRow(r.policy.id)
    expect(p).toMatchObject({
      status: 'FULL_REFUND_COMPLETED',
      full_refundable_premium: r.premium,
      full_refund_payment_method: 'AGENCY_BALANCE',
    })
    expect((await ledgerOf(r.agency.id)).map((l) => [l.type, l.transaction_amount, l.policy_id])).toEqual([
      ['POLICY_PREMIUM_REFUNDED', net, r.policy.id],
    ])
    const row = await refundRow(r.refund.id)
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, row.invoice_id!))
    expect(inv).toMatchObject({ invoice_type: 'FULL_REFUND', from: 'AGENCY', to: 'OSHC', status: 'PAID' })
    expect(inv.total_amount_due + inv.total_amount_owed).toBeGreaterThan(0)
    const pays = await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, inv.id))
    expect(pays.map((x) => [x.method, x.payment_amount, x.status])).toEqual([
      ['AGENCY_BALANCE', net, 'COMPLETED'],
    ])
    const [line] = await getDb()
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoice_id, inv.id))
    expect(line).toMatchObject({
      policy_id: r.policy.id,
      total_amount: net,
      payer: 'OSHC',
      receiver: 'AGENCY',
    })
    const [pp] = await getDb()
      .select()
      .from(policyPremiumPayments)
      .where(eq(policyPremiumPayments.policy_id, r.policy.id))
    expect(pp.status).toBe('FULL_REFUNDED')
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, r.policy.id))
    expect(c.status).toBe('FULL_REFUNDED')
    const all = await tasksOf(r.workflowId)
    expect(all.map((t) => [t.kind, t.outcome])).toEqual([
      ['full_refund_initiate', 'completed'],
      ['full_refund_approve', 'approved'],
    ])
    expect(all[1].amount).toBe(net)
    expect(await (await handleOf(r.policy.id)).result()).toBe('COMPLETED')
    const subjects = (await findOutbox(r.agency.email)).map((m) => m.subject)
    expect(subjects).toContain(`Full refund of policy ${r.policy.ref} paid`)
    expect(subjects).toContain(`Full refund of policy ${r.policy.ref}: amounts set`)
  })

  it('BANK needs the transfer proof (400); with it the refund is paid by bank: no ledger row, a BANK invoice payment', async () => {
    const r = await requested('CERTIFICATE_ISSUED')
    await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: 0,
      isFullRefund: true,
    })
    const noProof = await refusal(
      approveFullRefund({ actor: checker, policyId: r.policy.id, paymentMethod: 'BANK' }),
    )
    expect((noProof as DomainError).errors).toEqual({ payment_url: ['payment_url is required'] })
    const proof = await uploadedFile(null, 'refund-transfer.pdf')
    const out = await approveFullRefund({
      actor: checker,
      policyId: r.policy.id,
      paymentMethod: 'BANK',
      paymentUrl: proof,
    })
    expect(out).toMatchObject({ status: 'COMPLETED', payment_method: 'BANK', payment_url: proof })
    expect(await ledgerOf(r.agency.id)).toEqual([])
    const row = await refundRow(r.refund.id)
    const pays = await getDb()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoice_id, row.invoice_id!))
    expect(pays.map((x) => [x.method, x.payment_amount])).toEqual([['BANK', r.premium]])
    expect(await policyRow(r.policy.id)).toMatchObject({
      status: 'FULL_REFUND_COMPLETED',
      full_refund_payment_proof_url: proof,
    })
    expect(await (await handleOf(r.policy.id)).result()).toBe('COMPLETED')
  })

  it('rejects with a reason: REJECTED, cancellation withdrawn, agency mailed; the agency may ask again (a new run)', async () => {
    const r = await requested()
    await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: 0,
      isFullRefund: true,
    })
    const out = await rejectFullRefund({
      actor: checker,
      policyId: r.policy.id,
      reason: 'Cover already used',
    })
    expect(out).toMatchObject({ status: 'REJECTED', rejection_reason: 'Cover already used' })
    expect(await policyRow(r.policy.id)).toMatchObject({
      status: 'FULL_REFUND_REJECTED',
      full_refund_rejection_reason: 'Cover already used',
      cancellation_request_status: 'NO_CANCELLATION',
    })
    expect(await (await handleOf(r.policy.id)).result()).toBe('REJECTED')
    expect((await tasksOf(r.workflowId)).every((t) => t.closed_at)).toBe(true)
    expect((await findOutbox(r.agency.email)).map((m) => m.subject)).toContain(
      `Full refund of policy ${r.policy.ref} rejected`,
    )
    // Nothing moved.
    expect(await ledgerOf(r.agency.id)).toEqual([])
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, r.policy.id))
    expect(c.status).toBe('COMMISSION_BANKED')

    const again = await requestFullRefund({ actor: r.actor, policyId: r.policy.id, reason: 'New documents' })
    expect(again.status).toBe('REQUESTED')
    await rejectFullRefund({ actor: maker, policyId: r.policy.id, reason: 'Still no' })
    expect(await (await handleOf(r.policy.id)).result()).toBe('REJECTED')
    const runs = (await temporalClient()).workflow.list({ query: `WorkflowId = '${r.workflowId}'` })
    let count = 0
    for await (const _ of runs) count++
    expect(count).toBe(2)
  })

  it('a duplicate decision has one effect: parallel approvals pay once, the rest are refused with 409', async () => {
    const r = await requested()
    await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: 0,
      isFullRefund: true,
    })
    const deciders = await Promise.all(Array.from({ length: 3 }, () => staffActor()))
    const results = await Promise.allSettled(
      Array.from({ length: 9 }, (_, i) =>
        approveFullRefund({ actor: deciders[i % 3], policyId: r.policy.id, paymentMethod: 'AGENCY_BALANCE' }),
      ),
    )
    const ok = results.filter((x) => x.status === 'fulfilled')
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')
    expect(ok).toHaveLength(1)
    for (const x of refused)
      expect(['CONFLICT', 'INVALID_TRANSITION']).toContain((x.reason as DomainError).code)
    expect(await ledgerOf(r.agency.id)).toHaveLength(1)
    const row = await refundRow(r.refund.id)
    expect(
      await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, row.invoice_id!)),
    ).toHaveLength(1)
    const done = await getDb()
      .select()
      .from(policyHistories)
      .where(
        and(eq(policyHistories.policy_id, r.policy.id), eq(policyHistories.action, 'completeFullRefund')),
      )
    expect(done).toHaveLength(1)
  }, 60_000)

  it('the validator refuses an illegal decision synchronously, before it enters history', async () => {
    const r = await requested()
    const handle = await handleOf(r.policy.id)
    const by = { identityId: checker.identityId, userId: checker.userId, email: checker.email }
    // Approving a refund whose amounts are not set yet.
    const early = await refusal(
      handle.executeUpdate(refundDecideUpdate, {
        args: [{ kind: 'approve', payment_method: 'AGENCY_BALANCE', payment_url: null, by }],
      }),
    )
    expect(early).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(String((early as Error).cause)).toContain('This full refund is REQUESTED; approve needs INITIATED')
    const noReason = await refusal(
      handle.executeUpdate(refundDecideUpdate, { args: [{ kind: 'reject', rejection_reason: ' ', by }] }),
    )
    expect(String((noReason as Error).cause)).toContain('Rejection reason is required')
    const history = await handle.fetchHistory()
    expect(
      (history.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes),
    ).toHaveLength(0)
    // Through the use case the early approval is a 409 with the reason.
    const viaUseCase = await refusal(
      approveFullRefund({ actor: checker, policyId: r.policy.id, paymentMethod: 'AGENCY_BALANCE' }),
    )
    expect((viaUseCase as DomainError).code).toBe('CONFLICT')
    expect((await refundRow(r.refund.id)).status).toBe('REQUESTED')
    // Amounts above what was paid are a 400 on the field and never reach the workflow.
    const tooMuch = await refusal(
      initiateFullRefund({
        actor: maker,
        policyId: r.policy.id,
        refundablePremiumAmount: aud(r.premium + 1),
        deductableCommissionAmount: 0,
        isFullRefund: false,
      }),
    )
    expect(Object.keys((tooMuch as DomainError).errors ?? {})).toEqual(['refundable_premium_amount'])
    const tooMuchCommission = await refusal(
      initiateFullRefund({
        actor: maker,
        policyId: r.policy.id,
        refundablePremiumAmount: aud(r.premium),
        deductableCommissionAmount: aud(r.commission.amount + 1),
        isFullRefund: true,
      }),
    )
    expect(Object.keys((tooMuchCommission as DomainError).errors ?? {})).toEqual([
      'deductable_commission_amount',
    ])
    await rejectFullRefund({ actor: checker, policyId: r.policy.id, reason: 'Not eligible' })
    expect(await handle.result()).toBe('REJECTED')
  })

  it('maker-checker: the staff member who set the amounts cannot approve them (403, and the validator refuses it)', async () => {
    const r = await requested()
    await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: 0,
      isFullRefund: true,
    })
    const own = await refusal(
      approveFullRefund({ actor: maker, policyId: r.policy.id, paymentMethod: 'AGENCY_BALANCE' }),
    )
    expect((own as DomainError).code).toBe('FORBIDDEN')
    const handle = await handleOf(r.policy.id)
    const direct = await refusal(
      handle.executeUpdate(refundDecideUpdate, {
        args: [
          {
            kind: 'approve',
            payment_method: 'AGENCY_BALANCE',
            payment_url: null,
            by: { identityId: maker.identityId, userId: maker.userId, email: maker.email },
          },
        ],
      }),
    )
    expect(String((direct as Error).cause)).toContain('cannot approve them')
    expect((await refundRow(r.refund.id)).status).toBe('INITIATED')
    expect(await ledgerOf(r.agency.id)).toEqual([])
    await approveFullRefund({ actor: checker, policyId: r.policy.id, paymentMethod: 'AGENCY_BALANCE' })
    expect(await handle.result()).toBe('COMPLETED')
  })

  it('reminds staff after the first deadline of a wait, then escalates', async () => {
    const started = Date.now()
    const r = await requested()
    const rows = () =>
      getDb()
        .select()
        .from(policyHistories)
        .where(eq(policyHistories.policy_id, r.policy.id))
        .orderBy(asc(policyHistories.id))
    const reminded = await eventually(
      async () => (await rows()).find((h) => h.action === 'FULL_REFUND_REMINDER_SENT'),
      'the reminder',
      20_000,
    )
    expect(reminded.created_at.getTime() - started).toBeGreaterThanOrEqual(2_500)
    const escalated = await eventually(
      async () => (await rows()).find((h) => h.action === 'FULL_REFUND_ESCALATED'),
      'the escalation',
      20_000,
    )
    expect(escalated.created_at.getTime() - reminded.created_at.getTime()).toBeGreaterThanOrEqual(2_000)
    // Each mail goes out after its history row commits: wait for the second one.
    const subjects = await eventually(
      async () => {
        const mine = (await findOutbox(FINANCE_TEAM))
          .map((m) => m.subject)
          .filter((s) => s.includes(`policy ${r.policy.ref} `))
        return mine.length >= 2 && mine
      },
      'the escalation mail',
      10_000,
    )
    expect(subjects).toEqual([expect.stringMatching(/^Escalation: /), expect.stringMatching(/^Reminder: /)])
    const [task] = await tasksOf(r.workflowId)
    expect(task.escalated_at).not.toBeNull()
    const handle = await handleOf(r.policy.id)
    expect((await handle.query(refundStateQuery)).reminders).toBe(2)
    await new Promise((res) => setTimeout(res, 3_500))
    expect(
      (await rows()).filter(
        (h) => h.action.startsWith('FULL_REFUND_R') || h.action.startsWith('FULL_REFUND_E'),
      ),
    ).toHaveLength(2)
    await rejectFullRefund({ actor: checker, policyId: r.policy.id, reason: 'Late' })
    expect(await handle.result()).toBe('REJECTED')
  }, 60_000)

  it('keeps waiting across a worker restart and takes the decision on the new worker', async () => {
    const r = await requested()
    await stop()
    const restart = new Promise<void>((res) =>
      setTimeout(async () => {
        stop = await startWorker()
        res()
      }, 1_500),
    )
    const initiated = initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: 0,
      isFullRefund: true,
    })
    await restart
    expect((await initiated).status).toBe('INITIATED')
    const out = await approveFullRefund({
      actor: checker,
      policyId: r.policy.id,
      paymentMethod: 'AGENCY_BALANCE',
    })
    expect(out.status).toBe('COMPLETED')
    expect(await (await handleOf(r.policy.id)).result()).toBe('COMPLETED')
    expect(await ledgerOf(r.agency.id)).toHaveLength(1)
  })

  it('a refund whose workflow is gone (terminated) is taken up again by the next decision', async () => {
    const r = await requested()
    await (await handleOf(r.policy.id)).terminate('lost')
    const out = await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: 0,
      isFullRefund: true,
    })
    expect(out.status).toBe('INITIATED')
    await approveFullRefund({ actor: checker, policyId: r.policy.id, paymentMethod: 'AGENCY_BALANCE' })
    expect(await (await handleOf(r.policy.id)).result()).toBe('COMPLETED')
  })

  it('after payout, a refund that does not deduct the whole commission opens a clawback for the rest', async () => {
    const r = await requested()
    await getDb().update(commissions).set({ status: 'PAID' }).where(eq(commissions.id, r.commission.id))
    const deducted = Math.floor(r.commission.amount / 4)
    await initiateFullRefund({
      actor: maker,
      policyId: r.policy.id,
      refundablePremiumAmount: aud(r.premium),
      deductableCommissionAmount: aud(deducted),
      isFullRefund: true,
    })
    const out = await approveFullRefund({
      actor: checker,
      policyId: r.policy.id,
      paymentMethod: 'AGENCY_BALANCE',
    })
    expect(out.status).toBe('COMPLETED')
    expect(out.clawback_id).not.toBeNull()
    const [claw] = await getDb().select().from(clawbacks).where(eq(clawbacks.id, out.clawback_id!))
    expect(claw).toMatchObject({
      policy_id: r.policy.id,
      clawback_commission_amount: r.commission.amount - deducted,
      status: 'INITIATED',
    })
    // The paid-out commission stays PAID (the clawback recovers it); the agency got the net.
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, r.policy.id))
    expect(c.status).toBe('PAID')
    expect((await ledgerOf(r.agency.id)).map((l) => l.transaction_amount)).toEqual([r.premium - deducted])
    expect((await policyRow(r.policy.id)).clawback_amount).toBe(r.commission.amount - deducted)
  })

  it('replays the recorded histories of finished refunds (decisions, refusals, reminders, restarts) with the current code', async () => {
    const client = await temporalClient()
    const ids = new Set<string>()
    for await (const w of client.workflow.list({
      query: `WorkflowType = 'fullRefund' AND ExecutionStatus = 'Completed'`,
    }))
      ids.add(w.workflowId)
    expect(ids.size).toBeGreaterThanOrEqual(5)
    for (const id of ids) {
      const history = await client.workflow.getHandle(id).fetchHistory()
      await Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history)
    }
  })
})
