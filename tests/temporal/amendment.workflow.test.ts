import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalanceTransactions,
  amendmentPayments,
  amendments,
  commissions,
  customerPartners,
  customers,
  invoices,
  policyCertificates,
  policyHistories,
  tasks,
} from '../../db/schema'
import { findOutbox } from '../../domain/mail/mailer'
import { initiateAmendment } from '../../domain/amendments/initiate-amendment'
import { handlePolicyAmendment } from '../../domain/amendments/handle-policy-amendment'
import { HandlePolicyAmendmentSchema } from '../../domain/amendments/amendments.schemas'
import { MAKER_CHECKER_MSG } from '../../domain/amendments/amendments.rules'
import { updateAmendmentPremium } from '../../domain/amendments/update-amendment-premium'
import { updatePolicyPremium } from '../../domain/amendments/update-policy-premium'
import { payAmendment } from '../../domain/amendments/pay-amendment'
import { approveAmendmentPayment } from '../../domain/amendments/approve-amendment-payment'
import { rejectAmendmentPayment } from '../../domain/amendments/reject-amendment-payment'
import { deciderOf } from '../../domain/amendments/amendment-loading'
import { applyAmendmentDecision } from '../../domain/amendments/amendment-decision'
import { loadAmendmentState } from '../../domain/amendments/amendment-steps'
import { uploadPolicyCertificate } from '../../domain/policies/upload-policy-certificate'
import { DomainError } from '../../domain/shared/errors'
import { amendmentProcess } from '../../domain/amendments/amendment-process'
import { temporalClient } from '../../temporal/client'
import { amendmentStateQuery, amendmentWorkflowId } from '../../workflows/amendment/amendment.contract'
import { eventually } from '../setup/eventually'
import { staffActor, uploadedFile } from '../setup/payouts'
import {
  amendedInput,
  amendmentHistory,
  amendmentRow,
  fundAgency,
  openTask,
  paidPolicy,
  policyRow,
} from '../setup/amendments'
import { startWorker } from '../setup/worker'

// Short deadlines, read by the port when it starts each workflow: each wait reminds after 3 s and
// escalates at 6 s.
process.env.AMENDMENT_REMINDER = '3s'
process.env.AMENDMENT_ESCALATION = '6s'
const STAFF_TEAM = 'operations@oshc.local'

const handleOf = async (id: number) => (await temporalClient()).workflow.getHandle(amendmentWorkflowId(id))

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (err) {
    return err as DomainError
  }
  throw new Error('expected a refusal')
}

const actionsOf = async (policyId: number) => (await amendmentHistory(policyId)).map((h) => h.action)

describe('amendment workflow (real Temporal dev server)', () => {
  let stop: () => Promise<void>
  let staff: Awaited<ReturnType<typeof staffActor>>
  let checker: Awaited<ReturnType<typeof staffActor>>
  beforeAll(async () => {
    stop = await startWorker()
    staff = await staffActor()
    checker = await staffActor()
  })
  afterAll(() => stop())

  /** An amendment opened by the agency and confirmed by staff, waiting for the agency. */
  async function confirmed(kind: 'rise' | 'fall') {
    const p = await paidPolicy()
    const opened = await initiateAmendment({ actor: p.actor, input: await amendedInput(p.policy.id, kind) })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_admin')
    const out = await updateAmendmentPremium({
      actor: staff,
      amendmentId: opened.amendment_id,
      confirm: true,
    })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_agency')
    return { ...p, opened, id: opened.amendment_id, invoiceId: out.invoiceId }
  }

  it('payable path end to end: confirm, accept, bank transfer verified, new certificate applies the details; the workflow ends DONE', async () => {
    const r = await confirmed('rise')
    const before = await policyRow(r.policy.id)
    const a0 = await amendmentRow(r.id)
    expect(a0).toMatchObject({
      payer: 'AGENCY',
      is_premium_increase: true,
      next_step: 'CONFIRM_PREMIUM_BY_AGENCY',
    })
    expect(a0.changed_premium).toBe(a0.new_premium - before.premium!)
    // The AMENDMENT invoice: PREMIUM with amendment_id, agency pays the difference.
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, r.invoiceId!))
    expect(inv).toMatchObject({
      invoice_type: 'PREMIUM',
      amendment_id: r.id,
      to: 'AGENCY',
      status: 'PENDING',
    })
    expect(inv.total_amount_due).toBe(a0.payable_amount)
    // While open, the policy keeps its data.
    expect((await policyRow(r.policy.id)).policy_type).toBe('SINGLE')

    await updatePolicyPremium({
      actor: r.actor,
      amendmentId: r.id,
      premium: a0.new_premium / 100,
      allowPayment: true,
      note: 'ok',
    })
    const payTask = await openTask(r.id, 'amendment_payment')
    expect(payTask).toMatchObject({ audience: 'agency', agency_id: r.agency.id, amount: a0.payable_amount })
    const doc = await uploadedFile(r.agency.id)
    await payAmendment({ actor: r.actor, amendmentId: r.id, paymentMethod: 'BANK', bankDocument: doc })
    expect((await amendmentRow(r.id)).status).toBe('REQUESTED')
    await openTask(r.id, 'amendment_payment_approval')
    await approveAmendmentPayment({ actor: checker, amendmentId: r.id })
    const a1 = await amendmentRow(r.id)
    expect(a1).toMatchObject({ status: 'COMPLETED', next_step: 'ISSUE_CERTIFICATE', is_open: true })
    const [paidInv] = await getDb().select().from(invoices).where(eq(invoices.id, r.invoiceId!))
    expect(paidInv.status).toBe('PAID')
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, r.policy.id))
    expect(c).toMatchObject({ status: 'COMMISSION_BANKED_AMENDMENT_ADJUSTED', amount: a1.new_commission })
    expect(a1.new_commission).toBeGreaterThan(a1.prev_commission)
    await openTask(r.id, 'amendment_issue_certificate')

    // The first certificate, then the new one: the old one is kept as `old`.
    await getDb()
      .insert(policyCertificates)
      .values({
        policy_id: r.policy.id,
        certificate_type: 'new',
        certificate_url: await uploadedFile(null, 'first.pdf'),
        certificate_name: 'first.pdf',
        membership_number: 'M-1',
      })
    await uploadPolicyCertificate({
      actor: staff,
      policyId: r.policy.id,
      input: {
        certificate_url: await uploadedFile(null, 'amended.pdf'),
        certificate_name: 'amended.pdf',
        membership_number: 'M-2',
        policy_number: null,
      },
    })
    const after = await policyRow(r.policy.id)
    expect(after).toMatchObject({
      policy_type: 'COUPLE',
      premium: a1.new_premium,
      no_of_adults: 2,
      status: 'CERTIFICATE_UPLOADED',
    })
    const [partner] = await getDb()
      .select()
      .from(customerPartners)
      .where(eq(customerPartners.customer_id, after.customer_id))
    expect(partner.first_name).toBe('Sam')
    const certs = await getDb()
      .select()
      .from(policyCertificates)
      .where(eq(policyCertificates.policy_id, r.policy.id))
      .orderBy(asc(policyCertificates.id))
    expect(certs.map((x) => x.certificate_type)).toEqual(['old', 'new'])
    const [applied] = await getDb()
      .select()
      .from(policyHistories)
      .where(and(eq(policyHistories.policy_id, r.policy.id), eq(policyHistories.action, 'applyAmendment')))
    const changes = (applied.meta as { changes: { field: string; before: unknown; after: unknown }[] })
      .changes
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'policy.policy_type', before: 'SINGLE', after: 'COUPLE' },
        { field: 'policy.premium', before: before.premium, after: a1.new_premium },
      ]),
    )
    expect(changes.find((x) => x.field === 'partner')).toMatchObject({ before: null })
    expect(await amendmentRow(r.id)).toMatchObject({
      status: 'CERTIFICATE_UPLOADED',
      next_step: 'DONE',
      is_open: false,
      is_certificate_uploaded: true,
    })
    expect(await (await handleOf(r.id)).result()).toBe('DONE')
    const open = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, amendmentWorkflowId(r.id)))
    expect(open.every((t) => t.closed_at !== null)).toBe(true)
  })

  it('receivable path: a fall is credited to the agency balance with its invoice; then the certificate', async () => {
    const r = await confirmed('fall')
    const a0 = await amendmentRow(r.id)
    expect(a0).toMatchObject({ payer: 'OSHC', is_premium_increase: false })
    expect(r.invoiceId).toBeNull()
    await updatePolicyPremium({
      actor: r.actor,
      amendmentId: r.id,
      premium: a0.new_premium / 100,
      allowPayment: true,
    })
    const a1 = await amendmentRow(r.id)
    expect(a1).toMatchObject({ status: 'COMPLETED', next_step: 'ISSUE_CERTIFICATE' })
    const ledger = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(eq(agencyBalanceTransactions.agency_id, r.agency.id))
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({
      type: 'AMENDMENT_PAYMENT_RECEIVED',
      transaction_amount: a0.payable_amount,
      invoice_id: a1.invoice_id,
    })
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, a1.invoice_id!))
    expect(inv).toMatchObject({
      invoice_type: 'PARTIAL_REFUND',
      amendment_id: r.id,
      status: 'PAID',
      total_amount_due: a0.payable_amount,
    })
    const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, r.policy.id))
    expect(c).toMatchObject({ status: 'COMMISSION_BANKED_AMENDMENT_ADJUSTED', amount: a0.new_commission })
    await openTask(r.id, 'amendment_issue_certificate')
  })

  it('withdraw: the amendment closes, its invoice is cancelled, the policy is untouched; the workflow ends WITHDRAWN', async () => {
    const r = await confirmed('rise')
    const before = await policyRow(r.policy.id)
    await updatePolicyPremium({ actor: r.actor, amendmentId: r.id, allowPayment: false, note: 'Not now' })
    expect(await amendmentRow(r.id)).toMatchObject({ is_open: false, allow_payment: false })
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, r.invoiceId!))
    expect(inv.status).toBe('CANCELLED')
    const after = await policyRow(r.policy.id)
    expect(after.premium).toBe(before.premium)
    expect(after.policy_type).toBe('SINGLE')
    expect(await (await handleOf(r.id)).result()).toBe('WITHDRAWN')
    // A new amendment may now be opened.
    const again = await initiateAmendment({ actor: r.actor, input: await amendedInput(r.policy.id, 'fall') })
    expect(again.amendment_id).toBeGreaterThan(r.id)
  })

  it('a rejected bank transfer makes it payable again; paid from the balance it completes', async () => {
    const r = await confirmed('rise')
    const a0 = await amendmentRow(r.id)
    await updatePolicyPremium({
      actor: r.actor,
      amendmentId: r.id,
      premium: a0.new_premium / 100,
      allowPayment: true,
    })
    await openTask(r.id, 'amendment_payment')
    await payAmendment({
      actor: r.actor,
      amendmentId: r.id,
      paymentMethod: 'BANK',
      bankDocument: await uploadedFile(r.agency.id),
    })
    await openTask(r.id, 'amendment_payment_approval')
    const noReason = await refusal(rejectAmendmentPayment({ actor: checker, amendmentId: r.id, reason: ' ' }))
    expect(noReason.code).toBe('VALIDATION')
    await rejectAmendmentPayment({ actor: checker, amendmentId: r.id, reason: 'Transfer not received' })
    expect((await amendmentRow(r.id)).status).toBe('REJECTED')
    const [rejected] = await getDb()
      .select()
      .from(amendmentPayments)
      .where(eq(amendmentPayments.amendment_id, r.id))
    expect(rejected).toMatchObject({ status: 'REJECTED', rejection_reason: 'Transfer not received' })
    await openTask(r.id, 'amendment_payment')
    // Not enough on the balance: 409, nothing moves.
    const poor = await refusal(
      payAmendment({ actor: r.actor, amendmentId: r.id, paymentMethod: 'AGENCY_BALANCE' }),
    )
    expect(poor.message).toBe('Insufficient agency balance')
    await fundAgency(r.agency.id, a0.payable_amount + 1000)
    await payAmendment({ actor: r.actor, amendmentId: r.id, paymentMethod: 'AGENCY_BALANCE' })
    expect(await amendmentRow(r.id)).toMatchObject({ status: 'COMPLETED', next_step: 'ISSUE_CERTIFICATE' })
    const debit = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(
        and(
          eq(agencyBalanceTransactions.agency_id, r.agency.id),
          eq(agencyBalanceTransactions.type, 'AMENDMENT_PAYMENT'),
        ),
      )
    expect(debit.map((d) => d.transaction_amount)).toEqual([-a0.payable_amount])
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, r.invoiceId!))
    expect(inv.status).toBe('PAID')
  })

  it('issue 22 finding 2: the confirm step refuses a staff-set premium confirmed by its maker or without finance (validator and activity); a second finance person confirms', async () => {
    const p = await paidPolicy()
    const opened = await handlePolicyAmendment({
      actor: staff,
      policyId: p.policy.id,
      input: HandlePolicyAmendmentSchema.parse({ amendment_premium: 300, amendment_note: 'Goodwill' }),
    })
    const id = opened.amendment_id
    await openTask(id, 'amendment_confirm_premium_by_admin')
    const confirm = (by: ReturnType<typeof deciderOf>) => ({
      kind: 'confirmPremium' as const,
      new_premium: null,
      by,
    })
    // The workflow's update validator: the maker, then a non-finance staff member.
    const own = await refusal(amendmentProcess().decide(id, confirm(deciderOf(staff))))
    expect(own.code).toBe('INVALID_TRANSITION')
    expect(own.message).toBe(MAKER_CHECKER_MSG)
    const desk = { ...deciderOf(checker), permissions: ['policy_management'] }
    const noFinance = await refusal(amendmentProcess().decide(id, confirm(desk)))
    expect(noFinance.message).toMatch(/^The premium of A\$300\.00 was set by staff \(repriced: A\$/)
    // The activity, against the database, whatever reaches it.
    const direct = await refusal(
      applyAmendmentDecision({ amendmentId: id, decision: confirm(deciderOf(staff)) }),
    )
    expect(direct.code).toBe('INVALID_TRANSITION')
    expect(direct.message).toBe(MAKER_CHECKER_MSG)
    expect(await amendmentRow(id)).toMatchObject({ next_step: 'CONFIRM_PREMIUM_BY_ADMIN', invoice_id: null })
    expect(await actionsOf(p.policy.id)).not.toContain('AMENDMENT_PREMIUM_CONFIRMED')
    // Another staff member holding finance confirms it.
    await amendmentProcess().decide(id, confirm(deciderOf(checker)))
    expect(await loadAmendmentState(id)).toMatchObject({
      phase: 'CONFIRM_PREMIUM_BY_AGENCY',
      newPremium: 30000,
    })
  })

  it('a duplicate decision has one effect: one confirmation, one invoice; the second is refused with 409', async () => {
    const p = await paidPolicy()
    const opened = await initiateAmendment({ actor: p.actor, input: await amendedInput(p.policy.id, 'rise') })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_admin')
    const decision = { kind: 'confirmPremium' as const, new_premium: null, by: deciderOf(staff) }
    const results = await Promise.allSettled([
      amendmentProcess().decide(opened.amendment_id, decision),
      amendmentProcess().decide(opened.amendment_id, decision),
    ])
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1)
    const failed = results.find((x) => x.status === 'rejected') as PromiseRejectedResult
    expect(failed.reason).toBeInstanceOf(DomainError)
    expect(failed.reason.code).toBe('INVALID_TRANSITION')
    const actions = await actionsOf(p.policy.id)
    expect(actions.filter((x) => x === 'AMENDMENT_PREMIUM_CONFIRMED')).toHaveLength(1)
    const invs = await getDb().select().from(invoices).where(eq(invoices.amendment_id, opened.amendment_id))
    expect(invs).toHaveLength(1)
  })

  it('a decision activity retried after its commit answers the state once applied (same key), and refuses another key', async () => {
    const p = await paidPolicy()
    const opened = await initiateAmendment({ actor: p.actor, input: await amendedInput(p.policy.id, 'rise') })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_admin')
    const decision = { kind: 'confirmPremium' as const, new_premium: null, by: deciderOf(staff) }
    const key = `amendment-${opened.amendment_id}/run/decision-1`
    await amendmentProcess().decide(opened.amendment_id, decision)
    // What the workflow's update ran, as a retry after a lost completion would run it again.
    await getDb()
      .update(amendments)
      .set({ last_decision_key: key })
      .where(eq(amendments.id, opened.amendment_id))
    const retried = await applyAmendmentDecision({ amendmentId: opened.amendment_id, decision, key })
    expect(retried).toEqual(await loadAmendmentState(opened.amendment_id))
    expect(retried.phase).toBe('CONFIRM_PREMIUM_BY_AGENCY')
    const other = await refusal(
      applyAmendmentDecision({ amendmentId: opened.amendment_id, decision, key: `${key}-other` }),
    )
    expect(other.code).toBe('INVALID_TRANSITION')
    const actions = await actionsOf(p.policy.id)
    expect(actions.filter((x) => x === 'AMENDMENT_PREMIUM_CONFIRMED')).toHaveLength(1)
    // The workflow's own decisions carry their key.
    const next = await updatePolicyPremium({
      actor: p.actor,
      amendmentId: opened.amendment_id,
      premium: (await amendmentRow(opened.amendment_id)).new_premium / 100,
      allowPayment: true,
    })
    expect(next).toBeTruthy()
    expect((await amendmentRow(opened.amendment_id)).last_decision_key).toMatch(
      new RegExp(`^amendment-${opened.amendment_id}/.+/decision-2$`),
    )
  })

  it('the validator refuses a decision out of turn synchronously, with the reason, and nothing changes', async () => {
    const p = await paidPolicy()
    const opened = await initiateAmendment({ actor: p.actor, input: await amendedInput(p.policy.id, 'rise') })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_admin')
    const early = await refusal(approveAmendmentPayment({ actor: checker, amendmentId: opened.amendment_id }))
    expect(early.code).toBe('INVALID_TRANSITION')
    expect(early.message).toMatch(/Premium to be confirmed by staff/)
    const agencyTooEarly = await refusal(
      updatePolicyPremium({
        actor: p.actor,
        amendmentId: opened.amendment_id,
        premium: 10,
        allowPayment: true,
      }),
    )
    expect(agencyTooEarly.code).toBe('INVALID_TRANSITION')
    await updateAmendmentPremium({ actor: staff, amendmentId: opened.amendment_id, confirm: true })
    const a = await amendmentRow(opened.amendment_id)
    const mismatch = await refusal(
      updatePolicyPremium({
        actor: p.actor,
        amendmentId: opened.amendment_id,
        premium: a.new_premium / 100 + 1,
        allowPayment: true,
      }),
    )
    expect(mismatch.code).toBe('INVALID_TRANSITION')
    expect(mismatch.message).toMatch(/^The premium must equal the confirmed premium of A\$/)
    expect((await amendmentRow(opened.amendment_id)).is_premium_confirmed_by_agency).toBe(false)
    const q = await (await handleOf(opened.amendment_id)).query(amendmentStateQuery)
    expect(q.state?.phase).toBe('CONFIRM_PREMIUM_BY_AGENCY')
  })

  it('a wait that passes its deadline reminds (3 s), then escalates to staff (6 s)', async () => {
    const p = await paidPolicy()
    const opened = await initiateAmendment({
      actor: p.actor,
      input: await amendedInput(p.policy.id, 'rename'),
    })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_admin')
    await eventually(
      async () => (await actionsOf(p.policy.id)).includes('AMENDMENT_ESCALATED'),
      'the escalation',
      20_000,
    )
    const actions = await actionsOf(p.policy.id)
    expect(actions.filter((x) => x === 'AMENDMENT_REMINDER_SENT')).toHaveLength(1)
    const mails = await findOutbox(STAFF_TEAM, 50)
    expect(mails.some((m) => m.text.includes(`amendment #${opened.amendment_id} of policy`))).toBe(true)
    const [t] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, amendmentWorkflowId(opened.amendment_id)))
    expect(t.escalated_at).not.toBeNull()
    // Escalated: no more reminders for this wait.
    await new Promise((res) => setTimeout(res, 4000))
    expect(
      (await actionsOf(p.policy.id)).filter(
        (x) => x.startsWith('AMENDMENT_REMINDER') || x === 'AMENDMENT_ESCALATED',
      ),
    ).toHaveLength(2)
  })

  it('survives a worker restart mid-wait: the decision lands once the worker is back', async () => {
    const p = await paidPolicy()
    const opened = await initiateAmendment({ actor: p.actor, input: await amendedInput(p.policy.id, 'rise') })
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_admin')
    await stop()
    const pending = updateAmendmentPremium({ actor: staff, amendmentId: opened.amendment_id, confirm: true })
    await new Promise((res) => setTimeout(res, 1000))
    stop = await startWorker()
    const out = await pending
    expect(out.amendment.next_step).toBe('CONFIRM_PREMIUM_BY_AGENCY')
    await openTask(opened.amendment_id, 'amendment_confirm_premium_by_agency')
    const [c] = await getDb().select().from(customers).where(eq(customers.id, p.policy.customer_id))
    expect(c).toBeTruthy()
  })
})
