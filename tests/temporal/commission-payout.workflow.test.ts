import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { Worker } from '@temporalio/worker'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { WorkflowUpdateFailedError } from '@temporalio/client'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyBalanceTransactions,
  clawbacks,
  commissionPayoutItems,
  financeRequestHistories,
  invoiceLineItems,
  invoicePayments,
  invoices,
  notificationReceivers,
  notifications,
  tasks,
} from '../../db/schema'
import { findOutbox } from '../../domain/mail/mailer'
import { approveCommissionPayout } from '../../domain/finance/payouts/approve-commission-payout'
import { rejectCommissionPayout } from '../../domain/finance/payouts/reject-commission-payout'
import { requestCommissionPayout } from '../../domain/finance/payouts/request-commission-payout'
import { DomainError } from '../../domain/shared/errors'
import { temporalClient } from '../../temporal/client'
import {
  commissionPayoutWorkflowId,
  payoutDecideUpdate,
  payoutStateQuery,
} from '../../workflows/commission-payout/commission-payout.contract'
import { eventually } from '../setup/eventually'
import { agencyWithBanked, commissionStatuses, payoutRow, staffActor, uploadedFile } from '../setup/payouts'
import { startWorker } from '../setup/worker'

// Short deadlines, read by the port when it starts each workflow (config is read lazily): the
// reminder 3 s after the request, the escalation at 6 s.
process.env.PAYOUT_REMINDER = '3s'
process.env.PAYOUT_ESCALATION = '6s'
const FINANCE_TEAM = 'operations@oshc.local'

const handleOf = async (payoutId: number) =>
  (await temporalClient()).workflow.getHandle(commissionPayoutWorkflowId(payoutId))

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (err) {
    return err
  }
  throw new Error('expected a refusal')
}

/** A payout of `count` banked lines, its workflow waiting with its inbox task open. */
async function requested(count = 2, opts: { gst?: boolean } = {}) {
  const a = await agencyWithBanked(count, opts)
  const payout = await requestCommissionPayout({
    actor: a.actor,
    externalInvoiceId: `INV-${a.agency.id}-1`,
    lineItemIds: a.lineIds,
  })
  const workflowId = commissionPayoutWorkflowId(payout.id)
  await eventually(async () => {
    const [t] = await getDb().select().from(tasks).where(eq(tasks.workflow_id, workflowId))
    return t
  }, 'the inbox task of the payout')
  return { ...a, payout, workflowId, commissionIds: a.commissions.map((c) => c.id) }
}

const ledgerOf = (agencyId: number) =>
  getDb()
    .select()
    .from(agencyBalanceTransactions)
    .where(eq(agencyBalanceTransactions.agency_id, agencyId))
    .orderBy(asc(agencyBalanceTransactions.id))

const paymentsOf = (invoiceId: number) =>
  getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId))

const balanceOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0].balance

describe('commissionPayout workflow (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  let staff: Awaited<ReturnType<typeof staffActor>>
  beforeAll(async () => {
    stop = await startWorker()
    staff = await staffActor()
  })
  afterAll(() => stop())

  it('opens a staff inbox task linking to the payout screen, with the amount, GST included', async () => {
    const r = await requested(3)
    const p = await payoutRow(r.payout.id)
    expect(p.status).toBe('REQUESTED')
    expect(p.commission_amount).toBe(r.commissionCents)
    // GST = round(commission total x 10%), added because the agency is GST registered.
    expect(p.gst_rate).toBe('10.00')
    expect(p.gst_amount).toBe(Math.floor((r.commissionCents * 10 + 50) / 100))
    expect(p.total_amount).toBe(p.commission_amount + p.gst_amount)
    expect(await commissionStatuses(r.commissionIds)).toEqual(['PAYOUT_REQUESTED'])
    const [task] = await getDb().select().from(tasks).where(eq(tasks.workflow_id, r.workflowId))
    expect(task).toMatchObject({
      kind: 'payout',
      audience: 'staff',
      agency_id: r.agency.id,
      link: `/staff/finance/payouts/${p.id}`,
      amount: p.total_amount,
      closed_at: null,
    })
    // The COMMISSION invoice runs from the agency to the insurer; its lines' GST adds up exactly.
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, p.invoice_id!))
    expect(inv).toMatchObject({ invoice_type: 'COMMISSION', from: 'AGENCY', to: 'OSHC', status: 'PENDING' })
    expect(inv.total_amount_due).toBe(p.total_amount)
    expect(inv.tax_total).toBe(p.gst_amount)
    expect(inv.external_invoice_id).toBe(p.external_invoice_id)
    const lines = await getDb().select().from(invoiceLineItems).where(eq(invoiceLineItems.invoice_id, inv.id))
    expect(lines).toHaveLength(3)
    expect(new Set(lines.map((l) => l.line_item_type))).toEqual(new Set(['COMMISSION']))
    expect(lines.reduce((s, l) => s + l.tax_amount, 0)).toBe(p.gst_amount)
  })

  it('adds no GST for an agency that is not GST registered', async () => {
    const r = await requested(1, { gst: false })
    const p = await payoutRow(r.payout.id)
    expect(p).toMatchObject({ gst_amount: 0, gst_rate: '0.00', total_amount: r.commissionCents })
  })

  it('approves by BANK: APPROVED with receipt, commissions PAID, invoice PAID by a BANK payment, no ledger row; agency mailed and notified; the workflow ends', async () => {
    const r = await requested(2)
    const doc = await uploadedFile(null)
    const out = await approveCommissionPayout({
      actor: staff,
      payoutId: r.payout.id,
      paymentType: 'BANK',
      bankDocument: doc,
    })
    expect(out).toMatchObject({ status: 'APPROVED', payment_type: 'BANK', bank_document: doc })
    expect(out.receipt_id).toMatch(/^PO-\d+-\d{8}$/)
    expect(out.payment_date).not.toBeNull()
    const p = await payoutRow(r.payout.id)
    expect(p.decided_by).toBe(staff.identityId)
    expect(await commissionStatuses(r.commissionIds)).toEqual(['PAID'])
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, p.invoice_id!))
    expect(inv).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    const pays = await paymentsOf(inv.id)
    expect(pays.map((x) => [x.method, x.payment_amount, x.status, x.ref])).toEqual([
      ['BANK', p.total_amount, 'COMPLETED', p.receipt_id],
    ])
    expect(await ledgerOf(r.agency.id)).toEqual([])
    const [task] = await getDb().select().from(tasks).where(eq(tasks.workflow_id, r.workflowId))
    expect(task.outcome).toBe('approved')
    expect(task.closed_at).not.toBeNull()
    const mails = await findOutbox(r.agency.email)
    expect(mails.map((m) => m.subject)).toContain(`Commission payout #${p.id} approved`)
    const notes = await getDb()
      .select({ title: notifications.title })
      .from(notifications)
      .innerJoin(notificationReceivers, eq(notificationReceivers.notification_id, notifications.id))
      .where(eq(notificationReceivers.identity_id, r.agency.identity_id!))
    expect(notes.map((n) => n.title)).toContain(`Commission payout #${p.id} approved`)
    expect(await (await handleOf(p.id)).result()).toBe('APPROVED')
  })

  it('approves by AGENCY_BALANCE: the balance is credited once with a COMMISSION_RECEIVED ledger row', async () => {
    const r = await requested(2)
    const before = await balanceOf(r.agency.id)
    await approveCommissionPayout({ actor: staff, payoutId: r.payout.id, paymentType: 'AGENCY_BALANCE' })
    const p = await payoutRow(r.payout.id)
    const ledger = await ledgerOf(r.agency.id)
    expect(ledger.map((l) => [l.type, l.transaction_amount, l.balance, l.invoice_id])).toEqual([
      ['COMMISSION_RECEIVED', p.total_amount, before + p.total_amount, p.invoice_id],
    ])
    expect(await balanceOf(r.agency.id)).toBe(before + p.total_amount)
    expect((await paymentsOf(p.invoice_id!)).map((x) => [x.method, x.payment_amount])).toEqual([
      ['AGENCY_BALANCE', p.total_amount],
    ])
    expect(await commissionStatuses(r.commissionIds)).toEqual(['PAID'])
    expect(await (await handleOf(p.id)).result()).toBe('APPROVED')
  })

  it('approves SETTLED_WITH_CLAWBACK: open clawbacks are offset oldest first, the rest is credited to the balance', async () => {
    const r = await requested(2)
    const db = getDb()
    const total = r.payout.total_amount * 100
    const totalCents = (await payoutRow(r.payout.id)).total_amount
    expect(Math.round(total)).toBe(totalCents)
    // An old clawback smaller than the payout (fully covered), a newer one larger than what is left
    // (partly covered), and a completed one (ignored).
    const first = Math.floor(totalCents / 3)
    const mk = (amount: number, status: 'INITIATED' | 'REQUESTED' | 'COMPLETED', at: string) =>
      db
        .insert(clawbacks)
        .values({
          policy_id: r.policies[0].id,
          agency_id: r.agency.id,
          clawback_premium_amount: amount * 5,
          clawback_commission_amount: amount,
          outstanding_amount: status === 'COMPLETED' ? 0 : amount,
          status,
          created_at: new Date(at),
        })
        .returning()
    const [old] = await mk(first, 'INITIATED', '2026-01-01T00:00:00Z')
    const [newer] = await mk(totalCents, 'REQUESTED', '2026-02-01T00:00:00Z')
    const [done] = await mk(500, 'COMPLETED', '2025-12-01T00:00:00Z')
    await approveCommissionPayout({
      actor: staff,
      payoutId: r.payout.id,
      paymentType: 'SETTLED_WITH_CLAWBACK',
    })
    const p = await payoutRow(r.payout.id)
    expect(p).toMatchObject({ status: 'APPROVED', payment_type: 'SETTLED_WITH_CLAWBACK' })
    // Everything went to the clawbacks: the old one completed, the newer one reduced.
    expect(p.clawback_offset_amount).toBe(totalCents)
    const after = await db
      .select()
      .from(clawbacks)
      .where(inArray(clawbacks.id, [old.id, newer.id, done.id]))
      .orderBy(asc(clawbacks.id))
    expect(after.map((c) => [c.id, c.status, c.outstanding_amount])).toEqual([
      [old.id, 'COMPLETED', 0],
      [newer.id, 'REQUESTED', totalCents - (totalCents - first)],
      [done.id, 'COMPLETED', 0],
    ])
    expect(after[0].clawback_method).toBe('COMMISSION')
    expect(await ledgerOf(r.agency.id)).toEqual([])
    expect((await paymentsOf(p.invoice_id!)).map((x) => x.payment_amount)).toEqual([totalCents])
    const offsets = await db
      .select()
      .from(financeRequestHistories)
      .where(
        and(
          eq(financeRequestHistories.request_type, 'CLAWBACK'),
          eq(financeRequestHistories.action, 'OFFSET_BY_PAYOUT'),
        ),
      )
    expect(offsets.map((o) => o.request_id).sort()).toEqual([old.id, newer.id].sort())

    // A second payout with only a small clawback open: it is settled and the rest credited.
    const r2 = await requested(1)
    const t2 = (await payoutRow(r2.payout.id)).total_amount
    const [small] = await db
      .insert(clawbacks)
      .values({
        policy_id: r2.policies[0].id,
        agency_id: r2.agency.id,
        clawback_premium_amount: 1000,
        clawback_commission_amount: 100,
        outstanding_amount: 100,
        status: 'REJECTED',
      })
      .returning()
    await approveCommissionPayout({
      actor: staff,
      payoutId: r2.payout.id,
      paymentType: 'SETTLED_WITH_CLAWBACK',
    })
    const p2 = await payoutRow(r2.payout.id)
    expect(p2.clawback_offset_amount).toBe(100)
    const [c2] = await db.select().from(clawbacks).where(eq(clawbacks.id, small.id))
    expect(c2).toMatchObject({ status: 'COMPLETED', outstanding_amount: 0 })
    expect((await ledgerOf(r2.agency.id)).map((l) => [l.type, l.transaction_amount])).toEqual([
      ['COMMISSION_RECEIVED', t2 - 100],
    ])
  })

  it('rejects with a reason: commissions banked again, invoice cancelled; the lines can be requested again', async () => {
    const r = await requested(2)
    const out = await rejectCommissionPayout({
      actor: staff,
      payoutId: r.payout.id,
      reason: 'Invoice number is wrong',
    })
    expect(out).toMatchObject({ status: 'REJECTED', rejection_reason: 'Invoice number is wrong' })
    expect(await commissionStatuses(r.commissionIds)).toEqual(['COMMISSION_BANKED'])
    const p = await payoutRow(r.payout.id)
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, p.invoice_id!))
    expect(inv).toMatchObject({ status: 'CANCELLED', cancellation_reasons: 'Invoice number is wrong' })
    expect(await (await handleOf(p.id)).result()).toBe('REJECTED')
    expect((await findOutbox(r.agency.email)).map((m) => m.subject)).toContain(
      `Commission payout #${p.id} rejected`,
    )

    // A rejection frees the agency's invoice number: the same lines go again under it.
    const again = await requestCommissionPayout({
      actor: r.actor,
      externalInvoiceId: p.external_invoice_id,
      lineItemIds: r.lineIds,
    })
    expect(again.status).toBe('REQUESTED')
    expect(again.total_amount).toBe(r.payout.total_amount)
    await approveCommissionPayout({ actor: staff, payoutId: again.id, paymentType: 'AGENCY_BALANCE' })
    expect(await commissionStatuses(r.commissionIds)).toEqual(['PAID'])
    const items = await getDb()
      .select()
      .from(commissionPayoutItems)
      .where(inArray(commissionPayoutItems.commission_id, r.commissionIds))
    expect(new Set(items.map((i) => i.payout_id))).toEqual(new Set([p.id, again.id]))
  })

  it('refuses a second decision with 409, and the requester may not decide (403)', async () => {
    const r = await requested(1)
    await approveCommissionPayout({ actor: staff, payoutId: r.payout.id, paymentType: 'AGENCY_BALANCE' })
    const other = await staffActor()
    const again = await refusal(
      rejectCommissionPayout({ actor: other, payoutId: r.payout.id, reason: 'late' }),
    )
    expect(again).toBeInstanceOf(DomainError)
    expect((again as DomainError).code).toBe('CONFLICT')
    expect(await ledgerOf(r.agency.id)).toHaveLength(1)

    // Straight to the workflow (past the use case's own check): the port's refusal is a 409 too.
    const { payoutProcess } = await import('../../domain/finance/payouts/payout-process')
    const viaPort = await refusal(
      payoutProcess().decide(r.payout.id, {
        kind: 'reject',
        rejection_reason: 'again',
        by: { identityId: other.identityId, userId: other.userId, email: other.email },
      }),
    )
    expect((viaPort as DomainError).code).toBe('INVALID_TRANSITION')
    // The run ended with the approval: the port says so without starting another run.
    expect((viaPort as DomainError).message).toBe('This payout has already been decided')
    const runs = (await temporalClient()).workflow.list({ query: `WorkflowId = '${r.workflowId}'` })
    let count = 0
    for await (const _ of runs) count++
    expect(count).toBe(1)

    // Maker-checker: a payout requested by a staff member cannot be approved by them.
    const a = await agencyWithBanked(1)
    const made = await requestCommissionPayout({
      actor: staff,
      agencyId: a.agency.id,
      lineItemIds: a.lineIds,
    })
    expect(made.external_invoice_id).toMatch(/^COMM-/)
    const own = await refusal(
      approveCommissionPayout({ actor: staff, payoutId: made.id, paymentType: 'AGENCY_BALANCE' }),
    )
    expect((own as DomainError).code).toBe('FORBIDDEN')
    expect((await payoutRow(made.id)).status).toBe('REQUESTED')
  })

  it('the validator refuses an illegal decision synchronously, before it enters history', async () => {
    const r = await requested(1)
    const handle = await handleOf(r.payout.id)
    const by = { identityId: staff.identityId, userId: staff.userId, email: staff.email }
    const noDoc = await refusal(
      handle.executeUpdate(payoutDecideUpdate, {
        args: [{ kind: 'approve', payment_type: 'BANK', bank_document: null, by }],
      }),
    )
    expect(noDoc).toBeInstanceOf(WorkflowUpdateFailedError)
    expect(String((noDoc as Error).cause)).toContain('bank_document is required')
    const noReason = await refusal(
      handle.executeUpdate(payoutDecideUpdate, { args: [{ kind: 'reject', rejection_reason: '  ', by }] }),
    )
    expect(String((noReason as Error).cause)).toContain('Rejection reason is required')
    // Refused updates never reached history: no update was accepted.
    const history = await handle.fetchHistory()
    const accepted = (history.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)
    expect(accepted).toHaveLength(0)
    expect((await payoutRow(r.payout.id)).status).toBe('REQUESTED')
    // Through the use case the same rule is a 400 on bank_document.
    const bad = await refusal(
      approveCommissionPayout({ actor: staff, payoutId: r.payout.id, paymentType: 'BANK' }),
    )
    expect((bad as DomainError).errors).toEqual({ bank_document: ['bank_document is required'] })
    // A legal decision is accepted (and is the one update in history).
    await handle.executeUpdate(payoutDecideUpdate, {
      args: [{ kind: 'reject', rejection_reason: 'Wrong bank', by }],
    })
    const after = await handle.fetchHistory()
    expect((after.events ?? []).filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(
      1,
    )
    expect((await payoutRow(r.payout.id)).status).toBe('REJECTED')
  })

  it('reminds staff after the first deadline, then escalates; a decision after that still ends it', async () => {
    const started = Date.now()
    const r = await requested(1)
    const rows = () =>
      getDb()
        .select()
        .from(financeRequestHistories)
        .where(
          and(
            eq(financeRequestHistories.request_type, 'COMMISSION_PAYOUT'),
            eq(financeRequestHistories.request_id, r.payout.id),
          ),
        )
        .orderBy(asc(financeRequestHistories.id))
    const reminded = await eventually(
      async () => (await rows()).find((h) => h.action === 'REMINDER_SENT'),
      'the reminder',
      20_000,
    )
    expect(reminded.created_at.getTime() - started).toBeGreaterThanOrEqual(2_500)
    expect(reminded.agency_visible).toBe(false)
    const escalated = await eventually(
      async () => (await rows()).find((h) => h.action === 'ESCALATED'),
      'the escalation',
      20_000,
    )
    expect(escalated.created_at.getTime() - reminded.created_at.getTime()).toBeGreaterThanOrEqual(2_000)
    // Each mail goes out after its history row commits: wait for the second one.
    const subjects = await eventually(
      async () => {
        const mine = (await findOutbox(FINANCE_TEAM))
          .map((m) => m.subject)
          .filter((s) => s.includes(`commission payout #${r.payout.id} `))
        return mine.length >= 2 && mine
      },
      'the escalation mail',
      10_000,
    )
    expect(subjects).toEqual([expect.stringMatching(/^Escalation: /), expect.stringMatching(/^Reminder: /)])
    const [task] = await getDb().select().from(tasks).where(eq(tasks.workflow_id, r.workflowId))
    expect(task.escalated_at).not.toBeNull()
    const handle = await handleOf(r.payout.id)
    expect((await handle.query(payoutStateQuery)).reminders).toBe(2)
    // No third mail, and the agency's own timeline does not show staff reminders.
    await new Promise((res) => setTimeout(res, 3_500))
    expect(
      (await rows()).filter((h) => h.action === 'REMINDER_SENT' || h.action === 'ESCALATED'),
    ).toHaveLength(2)
    await rejectCommissionPayout({ actor: staff, payoutId: r.payout.id, reason: 'Duplicate request' })
    expect(await handle.result()).toBe('REJECTED')
  }, 60_000)

  it('a payout whose workflow is gone (terminated) is taken up again by the first decision', async () => {
    const r = await requested(1)
    const handle = await handleOf(r.payout.id)
    await handle.terminate('lost')
    const out = await approveCommissionPayout({
      actor: staff,
      payoutId: r.payout.id,
      paymentType: 'AGENCY_BALANCE',
    })
    expect(out.status).toBe('APPROVED')
    expect(await (await handleOf(r.payout.id)).result()).toBe('APPROVED')
    expect(await ledgerOf(r.agency.id)).toHaveLength(1)
  })

  it('keeps waiting across a worker restart and takes the decision on the new worker', async () => {
    const r = await requested(1)
    await stop()
    // The decision waits for a worker (executeUpdate blocks until one takes it): start one shortly.
    const restart = new Promise<void>((res) =>
      setTimeout(async () => {
        stop = await startWorker()
        res()
      }, 1_500),
    )
    const approved = approveCommissionPayout({
      actor: staff,
      payoutId: r.payout.id,
      paymentType: 'AGENCY_BALANCE',
    })
    await restart
    expect((await approved).status).toBe('APPROVED')
    expect(await (await handleOf(r.payout.id)).result()).toBe('APPROVED')
    expect(await ledgerOf(r.agency.id)).toHaveLength(1)
  })

  it('replays the recorded histories of decided payouts (reminders, refusals, restarts) with the current code', async () => {
    const client = await temporalClient()
    const ids: string[] = []
    for await (const w of client.workflow.list({
      query: `WorkflowType = 'commissionPayout' AND ExecutionStatus = 'Completed'`,
    }))
      ids.push(w.workflowId)
    expect(ids.length).toBeGreaterThanOrEqual(5)
    for (const id of ids) {
      const history = await client.workflow.getHandle(id).fetchHistory()
      await Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history)
    }
  })

  it('20 parallel approvals of one payout have exactly one effect', async () => {
    const r = await requested(2)
    const deciders = await Promise.all(Array.from({ length: 4 }, () => staffActor()))
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        approveCommissionPayout({
          actor: deciders[i % 4],
          payoutId: r.payout.id,
          paymentType: 'AGENCY_BALANCE',
        }),
      ),
    )
    const ok = results.filter((x) => x.status === 'fulfilled')
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')
    expect(ok).toHaveLength(1)
    expect(refused).toHaveLength(19)
    for (const x of refused) {
      expect(x.reason).toBeInstanceOf(DomainError)
      expect(['CONFLICT', 'INVALID_TRANSITION']).toContain((x.reason as DomainError).code)
    }
    const p = await payoutRow(r.payout.id)
    expect(p.status).toBe('APPROVED')
    expect(await ledgerOf(r.agency.id)).toHaveLength(1)
    expect(await paymentsOf(p.invoice_id!)).toHaveLength(1)
    expect(await balanceOf(r.agency.id)).toBe(p.total_amount)
    const approvals = await getDb()
      .select()
      .from(financeRequestHistories)
      .where(
        and(eq(financeRequestHistories.request_id, p.id), eq(financeRequestHistories.action, 'APPROVED')),
      )
    expect(approvals).toHaveLength(1)
  }, 60_000)
})
