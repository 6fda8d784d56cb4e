import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { WorkflowUpdateFailedError } from '@temporalio/client'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  clawbacks,
  commissions,
  financeRequestHistories,
  invoicePayments,
  invoices,
  policies,
  tasks,
} from '../../db/schema'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { openClawback } from '../../domain/clawbacks/open-clawback'
import { initiateClawback } from '../../domain/clawbacks/initiate-clawback'
import { payClawback } from '../../domain/clawbacks/pay-clawback'
import { approveClawback } from '../../domain/clawbacks/approve-clawback'
import { rejectClawback } from '../../domain/clawbacks/reject-clawback'
import { requestCommissionPayout } from '../../domain/finance/payouts/request-commission-payout'
import { approveCommissionPayout } from '../../domain/finance/payouts/approve-commission-payout'
import { reconcileLedgers } from '../../domain/finance/reconciliation/reconcile-ledgers'
import { type DomainError } from '../../domain/shared/errors'
import { clock } from '../../domain/shared/clock'
import { sendMail } from '../../domain/mail/mailer'
import { temporalClient } from '../../temporal/client'
import { clawbackDecideUpdate, clawbackWorkflowId } from '../../workflows/clawback/clawback.contract'
import { eventually } from '../setup/eventually'
import { agencyWithBanked, payOutCommission, staffActor, uploadedFile } from '../setup/payouts'
import { startWorker } from '../setup/worker'

// Short deadlines, read by the port when it starts each workflow: agency reminders at 2 s and 4 s,
// escalation at 6 s; staff reminder at 2 s, escalation at 4 s after a payment.
process.env.CLAWBACK_REMINDER = '2s'
process.env.CLAWBACK_SECOND_REMINDER = '4s'
process.env.CLAWBACK_ESCALATION = '6s'
process.env.CLAWBACK_DECISION_REMINDER = '2s'
process.env.CLAWBACK_DECISION_ESCALATION = '4s'

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (err) {
    return err
  }
  throw new Error('expected a refusal')
}

const handleOf = async (id: number) => (await temporalClient()).workflow.getHandle(clawbackWorkflowId(id))
const clawbackRow = async (id: number) =>
  (await getDb().select().from(clawbacks).where(eq(clawbacks.id, id)))[0]
const policyStatus = async (id: number) =>
  (await getDb().select({ s: policies.status }).from(policies).where(eq(policies.id, id)))[0].s
const balanceOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0]?.balance ?? 0

/** An agency with `banked` + 1 paid policies; the first one's commission is paid out (PAID). */
async function paidOut(banked = 1, topup = 0) {
  const a = await agencyWithBanked(banked + 1)
  const target = a.policies[0]
  await payOutCommission(a.agency.id, target.id)
  if (topup)
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: a.agency.id, type: 'AGENCY_TOPUP', amount: topup, actor: 'test' }),
    )
  const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, target.id))
  return { ...a, target, commission: c, bankedLineIds: a.lineIds.slice(1) }
}

async function waitingTask(clawbackId: number, kind: string) {
  return eventually(async () => {
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.workflow_id, clawbackWorkflowId(clawbackId)),
          eq(tasks.kind, kind),
          isNull(tasks.closed_at),
        ),
      )
    return t
  }, `the ${kind} task`)
}

/** The nightly reconciliation finds nothing wrong with this agency's ledgers and invoices. */
async function expectReconciled(agencyId: number) {
  const run = await reconcileLedgers({ db: getDb(), mail: sendMail, clock, trigger: 'test' })
  const mismatches = (run.mismatches ?? []) as { agency_id: number }[]
  expect(mismatches.filter((m) => m.agency_id === agencyId)).toEqual([])
}

describe('clawback workflow (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  let staff: Awaited<ReturnType<typeof staffActor>>
  let checker: Awaited<ReturnType<typeof staffActor>>
  beforeAll(async () => {
    stop = await startWorker()
    staff = await staffActor()
    checker = await staffActor()
  })
  afterAll(() => stop())

  it('openClawback: server-computed commission, CLAWBACK invoice, policy CLAWBACK_INITIATED; refuses an unpaid commission', async () => {
    const a = await paidOut(0)
    const premium = a.target.premium_without_gst!
    const out = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: { clawback_premium_amount: premium, clawback_document: null, clawback_document_name: null },
    })
    const c = await clawbackRow(out.id)
    const rate = Number(a.target.commission_rate)
    expect(c.clawback_commission_amount).toBe(Math.floor((2 * premium * rate * 100 + 10000) / 20000))
    expect(c).toMatchObject({ status: 'INITIATED', outstanding_amount: c.clawback_commission_amount })
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, c.invoice_id!))
    expect(inv).toMatchObject({ invoice_type: 'CLAWBACK', total_amount_due: c.clawback_commission_amount })
    expect(await policyStatus(a.target.id)).toBe('CLAWBACK_INITIATED')
    await waitingTask(c.id, 'clawback-payment')
    // A second one while open, and a policy whose commission is only banked: 409.
    const again = await refusal(
      getDb().transaction((tx) =>
        openClawback(tx, { policyId: a.target.id, premiumAmount: 100, actor: staff }),
      ),
    )
    expect((again as DomainError).code).toBe('INVALID_TRANSITION')
    const b = await agencyWithBanked(1)
    const unpaid = await refusal(
      getDb().transaction((tx) =>
        openClawback(tx, { policyId: b.policies[0].id, premiumAmount: 100, actor: staff }),
      ),
    )
    expect((unpaid as DomainError).code).toBe('CONFLICT')
  })

  it('AGENCY_BALANCE: debited at payment (409 when short), approved by another staff member -> COMPLETED; duplicate decision one effect', async () => {
    const a = await paidOut(0, 1)
    const cb = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: {
        clawback_premium_amount: a.target.premium_without_gst!,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    const short = await refusal(
      payClawback({
        actor: a.actor,
        input: { policy_id: a.target.id, payment_method: 'AGENCY_BALANCE', bank_document: null },
      }),
    )
    expect((short as DomainError).message).toBe('Insufficient agency balance')
    await getDb().transaction((tx) =>
      postBalanceEntry(tx, { agencyId: a.agency.id, type: 'AGENCY_TOPUP', amount: 1_000_000, actor: 'test' }),
    )
    const before = await balanceOf(a.agency.id)
    await payClawback({
      actor: a.actor,
      input: { policy_id: a.target.id, payment_method: 'AGENCY_BALANCE', bank_document: null },
    })
    const c0 = await clawbackRow(cb.id)
    expect(await balanceOf(a.agency.id)).toBe(before - c0.clawback_commission_amount)
    expect(await policyStatus(a.target.id)).toBe('CLAWBACK_REQUESTED')
    await waitingTask(cb.id, 'clawback-decision')
    // Maker-checker: whoever initiated it may not approve.
    const own = await refusal(approveClawback({ actor: staff, policyId: a.target.id }))
    expect((own as DomainError).code).toBe('FORBIDDEN')
    const [r1, r2] = await Promise.allSettled([
      approveClawback({ actor: checker, policyId: a.target.id }),
      approveClawback({ actor: checker, policyId: a.target.id }),
    ])
    expect([r1, r2].map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toContain('ok')
    const c = await clawbackRow(cb.id)
    expect(c).toMatchObject({ status: 'COMPLETED', outstanding_amount: 0 })
    expect(c.clawback_completed_at).not.toBeNull()
    expect(await balanceOf(a.agency.id)).toBe(before - c.clawback_commission_amount)
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, c.invoice_id!))
    expect(inv.status).toBe('PAID')
    expect(await policyStatus(a.target.id)).toBe('CLAWBACK_COMPLETED')
    expect(await (await handleOf(cb.id)).result()).toBe('COMPLETED')
    await expectReconciled(a.agency.id)
  })

  it('BANK: document required; rejected (reason) -> payable again; BANKED_COMMISSION then nets banked commission on approval', async () => {
    const a = await paidOut(2)
    const cb = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: {
        clawback_premium_amount: a.target.premium_without_gst!,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    const noDoc = await refusal(
      payClawback({
        actor: a.actor,
        input: { policy_id: a.target.id, payment_method: 'BANK', bank_document: null },
      }),
    )
    expect((noDoc as DomainError).errors).toEqual({ bank_document: ['bank_document is required'] })
    const doc = await uploadedFile(a.agency.id)
    await payClawback({
      actor: a.actor,
      input: { policy_id: a.target.id, payment_method: 'BANK', bank_document: doc },
    })
    await waitingTask(cb.id, 'clawback-decision')
    await rejectClawback({ actor: checker, policyId: a.target.id, reason: 'No transfer received' })
    expect(await clawbackRow(cb.id)).toMatchObject({
      status: 'REJECTED',
      rejection_reason: 'No transfer received',
    })
    expect(await policyStatus(a.target.id)).toBe('CLAWBACK_REJECTED')
    await waitingTask(cb.id, 'clawback-payment')
    const before = await balanceOf(a.agency.id)
    await payClawback({
      actor: a.actor,
      input: { policy_id: a.target.id, payment_method: 'BANKED_COMMISSION', bank_document: null },
    })
    await waitingTask(cb.id, 'clawback-decision')
    await approveClawback({ actor: checker, policyId: a.target.id })
    const c = await clawbackRow(cb.id)
    expect(c.status).toBe('COMPLETED')
    const banked = await getDb().select().from(commissions).where(eq(commissions.agency_id, a.agency.id))
    const used = banked.filter((x) => x.policy_id !== a.target.id && x.status === 'PAID')
    const usedTotal = used.reduce((s, x) => s + x.amount, 0)
    expect(usedTotal).toBeGreaterThanOrEqual(c.clawback_commission_amount)
    expect(await balanceOf(a.agency.id)).toBe(before + usedTotal - c.clawback_commission_amount)
    expect(await (await handleOf(cb.id)).result()).toBe('COMPLETED')
    await expectReconciled(a.agency.id)
  })

  it('BANK approved: the invoice is paid by a BANK payment and no ledger row moves', async () => {
    const a = await paidOut(0)
    const cb = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: {
        clawback_premium_amount: a.target.premium_without_gst!,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    const doc = await uploadedFile(a.agency.id)
    await payClawback({
      actor: a.actor,
      input: { policy_id: a.target.id, payment_method: 'BANK', bank_document: doc },
    })
    await waitingTask(cb.id, 'clawback-decision')
    await approveClawback({ actor: checker, policyId: a.target.id })
    const c = await clawbackRow(cb.id)
    expect(c).toMatchObject({ status: 'COMPLETED', clawback_method: 'BANK', bank_document_url: doc })
    const pays = await getDb()
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoice_id, c.invoice_id!))
    expect(pays.map((p) => [p.method, p.payment_amount, p.ref])).toEqual([
      ['BANK', c.clawback_commission_amount, c.receipt_id],
    ])
    expect(await balanceOf(a.agency.id)).toBe(0)
    expect(await (await handleOf(cb.id)).result()).toBe('COMPLETED')
    await expectReconciled(a.agency.id)
  })

  it('COMMISSION: stays open until a payout approved SETTLED_WITH_CLAWBACK offsets it; staff cannot approve before', async () => {
    const a = await paidOut(2)
    const cb = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: {
        clawback_premium_amount: a.target.premium_without_gst!,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    await payClawback({
      actor: a.actor,
      input: { policy_id: a.target.id, payment_method: 'COMMISSION', bank_document: null },
    })
    const early = await refusal(approveClawback({ actor: checker, policyId: a.target.id }))
    expect((early as DomainError).code).toBe('INVALID_TRANSITION')
    const payout = await requestCommissionPayout({
      actor: a.actor,
      externalInvoiceId: `CB-${a.agency.id}`,
      lineItemIds: a.bankedLineIds,
    })
    await approveCommissionPayout({
      actor: checker,
      payoutId: payout.id,
      paymentType: 'SETTLED_WITH_CLAWBACK',
    })
    const c = await clawbackRow(cb.id)
    expect(c).toMatchObject({ status: 'COMPLETED', outstanding_amount: 0 })
    expect(await policyStatus(a.target.id)).toBe('CLAWBACK_COMPLETED')
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, c.invoice_id!))
    expect(inv.status).toBe('PAID')
    expect(await (await handleOf(cb.id)).result()).toBe('COMPLETED')
    await expectReconciled(a.agency.id)
  })

  it('the validator refuses an illegal decision synchronously; reminders, then escalation, with short durations', async () => {
    const started = Date.now()
    const a = await paidOut(0)
    const cb = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: {
        clawback_premium_amount: a.target.premium_without_gst!,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    const handle = await handleOf(cb.id)
    await waitingTask(cb.id, 'clawback-payment')
    const by = { identityId: checker.identityId, userId: checker.userId, email: checker.email }
    const early = await refusal(
      handle.executeUpdate(clawbackDecideUpdate, { args: [{ kind: 'approve', by }] }),
    )
    expect(early).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(String((early as Error).cause)).toContain('only a clawback the agency has paid')
    const noReason = await refusal(
      handle.executeUpdate(clawbackDecideUpdate, { args: [{ kind: 'reject', rejection_reason: ' ', by }] }),
    )
    expect(String((noReason as Error).cause)).toContain('Rejection reason is required')
    const rows = () =>
      getDb()
        .select()
        .from(financeRequestHistories)
        .where(
          and(
            eq(financeRequestHistories.request_type, 'CLAWBACK'),
            eq(financeRequestHistories.request_id, cb.id),
          ),
        )
        .orderBy(asc(financeRequestHistories.id))
    const escalated = await eventually(
      async () => (await rows()).find((h) => h.action === 'ESCALATED'),
      'the escalation',
      20_000,
    )
    const reminders = (await rows()).filter((h) => h.action === 'REMINDER_SENT')
    expect(reminders).toHaveLength(2)
    expect(reminders.every((r) => r.agency_visible)).toBe(true)
    expect(escalated.agency_visible).toBe(false)
    expect(escalated.created_at.getTime() - started).toBeGreaterThanOrEqual(5_000)
    const history = await handle.fetchHistory()
    expect(
      (history.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes),
    ).toHaveLength(0)
  }, 40_000)

  it('survives a worker restart mid-wait', async () => {
    const a = await paidOut(0, 10_000_000)
    const cb = await initiateClawback({
      actor: staff,
      policyId: a.target.id,
      input: {
        clawback_premium_amount: a.target.premium_without_gst!,
        clawback_document: null,
        clawback_document_name: null,
      },
    })
    await waitingTask(cb.id, 'clawback-payment')
    await stop()
    await payClawback({
      actor: a.actor,
      input: { policy_id: a.target.id, payment_method: 'AGENCY_BALANCE', bank_document: null },
    })
    stop = await startWorker()
    await waitingTask(cb.id, 'clawback-decision')
    await approveClawback({ actor: checker, policyId: a.target.id })
    expect(await (await handleOf(cb.id)).result()).toBe('COMPLETED')
  }, 40_000)
})
