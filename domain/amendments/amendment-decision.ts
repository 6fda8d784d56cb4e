// The decisions of the amendment workflow (the activity of its `decide` update): each is applied
// in one transaction against the amendment as the database holds it, so a retried activity
// changes nothing twice.
import { and, desc, eq, sql } from 'drizzle-orm'
import { postAmendmentPaid } from '../payments/money-postings'
import type { DbOrTx } from '../../db/client'
import { amendmentPayments, amendments, cardPayments, invoices, policies } from '../../db/schema'
import { policyHistories } from '../../db/schema'
import type { Actor, StaffActor } from '../shared/actor'
import { isoDate, type Clock } from '../shared/clock'
import { conflict, forbidden, invalidTransition, notFound } from '../shared/errors'
import { formatCents } from '../shared/format'
import { notify } from '../notifications/notify'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { assertNotMaker } from '../finance/finance-guards'
import { modifyPolicyFinance } from '../finance/policy-payments/modify-policy-finance'
import { recordInvoiceHistory, recordInvoicePayment } from '../finance/invoices/invoice-payments'
import { setInvoiceStatus } from '../finance/invoices/invoices'
import { postBalanceEntry } from '../finance/ledger/ledger'
import { staffAsNow, type MoneyDecision } from '../money/authority'
import { recordPolicyHistory } from '../policies/policy-history'
import { adjustCommission, creditReceivable, startClawbackAfterCommit } from './amendment-money'
import {
  actorOf,
  agencyAmendmentPath,
  amendmentStateOf,
  staffAmendmentPath,
  type AmendmentRow,
} from './amendment-loading'
import type { AmendmentData } from './amendment-data'
import { amendmentDecisionRefusal, type AmendmentDecision } from './amendments.rules'
import { sharedStepDeps, type StepDeps } from '../shared/step-deps'
import type { ClawbackDeps } from '../clawbacks/clawback-process'
import { amendmentWorkflowKey, premiumColumns } from './amendment-steps'

type Applied = { a: AmendmentRow; clawbackId: number | null }

/**
 * Applies a decision in one transaction (the activity of the `decide` update): refuses one that
 * does not fit the amendment as the database holds it (409 with the reason), writes the history on
 * the policy, closes the inbox task and notifies the other side. See the use cases for each kind.
 */
export async function applyAmendmentDecision(
  input: { amendmentId: number; decision: AmendmentDecision; key?: string },
  deps: StepDeps & ClawbackDeps = sharedStepDeps(),
) {
  const { decision } = input
  const actor = actorOf(decision.by)
  const out = await deps.db.transaction(async (tx): Promise<Applied> => {
    const [a] = await tx.select().from(amendments).where(eq(amendments.id, input.amendmentId)).for('update')
    if (!a) throw notFound('Amendment')
    // A retried activity whose decision already committed: answered as it is, not refused.
    if (input.key && a.last_decision_key === input.key) return { a, clawbackId: null }
    const refusal = amendmentDecisionRefusal(amendmentStateOf(a), false, decision)
    if (refusal) throw invalidTransition(refusal)
    const [policy] = await tx.select().from(policies).where(eq(policies.id, a.policy_id))
    const ctx = { tx, a, policy, actor, clock: deps.clock }
    const applied = await apply(ctx, decision)
    if (!input.key) return applied
    const [keyed] = await tx
      .update(amendments)
      .set({ last_decision_key: input.key })
      .where(eq(amendments.id, a.id))
      .returning()
    return { ...applied, a: keyed }
  })
  await startClawbackAfterCommit(out.clawbackId, deps.clawbacks)
  return amendmentStateOf(out.a)
}

function apply(ctx: Ctx, decision: AmendmentDecision): Promise<Applied> {
  switch (decision.kind) {
    case 'confirmPremium':
      return confirmPremium(ctx, decision.new_premium)
    case 'acceptPremium':
      return acceptPremium(ctx, decision.note)
    case 'withdraw':
      return withdraw(ctx, decision.note)
    case 'pay':
      return pay(ctx, decision.payment_method, decision.bank_document)
    case 'cardPaid':
      return cardPaid(ctx, decision.card_payment_id)
    case 'approvePayment':
      return approvePayment(ctx)
    case 'rejectPayment':
      return rejectPayment(ctx, decision.reason)
  }
}

type Ctx = {
  tx: DbOrTx
  a: AmendmentRow
  policy: typeof policies.$inferSelect
  actor: Actor
  clock: Clock
}

async function update(ctx: Ctx, set: Partial<typeof amendments.$inferInsert>) {
  const [a] = await ctx.tx
    .update(amendments)
    .set({ ...set, updated_at: ctx.clock.now() })
    .where(eq(amendments.id, ctx.a.id))
    .returning()
  return a
}

async function history(ctx: Ctx, action: string, note: string, meta: Record<string, unknown> = {}) {
  await recordPolicyHistory(ctx.tx, {
    policyId: ctx.a.policy_id,
    action,
    actor: ctx.actor,
    note,
    meta: { amendment_id: ctx.a.id, ...meta },
  })
}

async function tell(
  ctx: Ctx,
  side: 'staff' | 'agency',
  eventType: string,
  title: string,
  message: string,
  permission = 'policy_management',
) {
  await notify(
    ctx.tx,
    {
      eventType,
      title,
      message,
      link: side === 'staff' ? staffAmendmentPath(ctx.a.policy_id) : agencyAmendmentPath(ctx.a.policy_id),
      meta: { amendment_id: ctx.a.id, policy_id: ctx.a.policy_id },
    },
    side === 'staff' ? { staffPermission: permission } : { agencyId: ctx.a.agency_id },
  )
}

const closeTask = (ctx: Ctx, outcome: string) =>
  closeWorkflowTasks(amendmentWorkflowKey(ctx.a.id), outcome, ctx.tx)

/** Staff confirm (optionally adjusting) the premium; a rise gets its AMENDMENT invoice (PREMIUM with amendment_id). */
async function confirmPremium(ctx: Ctx, newPremium: number | null): Promise<Applied> {
  const cols = premiumColumns(
    ctx.a.prev_premium,
    ctx.a.data as AmendmentData,
    ctx.policy,
    newPremium ?? ctx.a.new_premium,
  )
  let invoiceId = ctx.a.invoice_id
  if (cols.payable_amount > 0 && cols.payer === 'AGENCY') {
    const r = await modifyPolicyFinance({
      actor: ctx.actor,
      policyId: ctx.a.policy_id,
      input: { type: 'PREMIUM', total_premium_amount: cols.payable_amount, amendment_id: ctx.a.id },
      tx: ctx.tx,
    })
    invoiceId = r.invoiceId
  }
  const a = await update(ctx, {
    ...cols,
    // A figure given with the confirmation is the decider's (allowed only where no checker is needed).
    ...(newPremium !== null && newPremium !== ctx.a.new_premium && 'identityId' in ctx.actor
      ? { premium_set_by: ctx.actor.identityId }
      : {}),
    invoice_id: invoiceId,
    is_premium_confirmed_by_admin: true,
    next_step: 'CONFIRM_PREMIUM_BY_AGENCY',
  })
  const what = `Amended premium confirmed at ${formatCents(a.new_premium)} (was ${formatCents(a.prev_premium)}; ${
    a.payer === 'AGENCY'
      ? `agency pays ${formatCents(a.payable_amount)}`
      : a.payer === 'OSHC'
        ? `agency receives ${formatCents(a.payable_amount)}`
        : 'no difference'
  })`
  await history(ctx, 'AMENDMENT_PREMIUM_CONFIRMED', what, {
    new_premium: a.new_premium,
    invoice_id: invoiceId,
    // Who decided, and the makers they were checked against (before this decision): the credit the
    // agency's acceptance posts later carries them to the journal's writer (creditDecision).
    confirmed_by: 'identityId' in ctx.actor ? ctx.actor.identityId : null,
    makers: amendmentStateOf(ctx.a).makers ?? [],
  })
  await closeTask(ctx, 'confirmed')
  await tell(
    ctx,
    'agency',
    'AMENDMENT_PREMIUM_CONFIRMED',
    'Amended premium confirmed',
    `${what}. Accept or withdraw the amendment.`,
  )
  return { a, clawbackId: null }
}

/**
 * The staff decision behind an amendment's credit, for the journal writer's maker-checker
 * (assertMoneyAuthority): null when the credit is the agency's own request at the repriced premium
 * (no staff figure, not opened by staff: confirmPremiumRefusal needs no second person there).
 * Otherwise the decider is the staff member who confirmed the premium, as they hold their
 * permissions now (a confirmer who lost `finance` or left cannot have it credited), and the makers
 * are those the confirmation was checked against: whoever opened it for staff and whoever set its
 * premium (premium_set_by). A confirmation recorded without its decider is refused (fail closed).
 */
async function creditDecision(ctx: Ctx): Promise<MoneyDecision | null> {
  const s = amendmentStateOf(ctx.a)
  if (s.newPremium === s.repricedPremium && !s.staffMade) return null
  const [confirmed] = await ctx.tx
    .select({ meta: policyHistories.meta })
    .from(policyHistories)
    .where(
      and(
        eq(policyHistories.policy_id, ctx.a.policy_id),
        eq(policyHistories.action, 'AMENDMENT_PREMIUM_CONFIRMED'),
        sql`${policyHistories.meta}->>'amendment_id' = ${String(ctx.a.id)}`,
      ),
    )
    .orderBy(desc(policyHistories.id))
    .limit(1)
  const meta = (confirmed?.meta ?? {}) as { confirmed_by?: number | null; makers?: number[] }
  const by = meta.confirmed_by ? await staffAsNow(ctx.tx, meta.confirmed_by) : null
  return {
    by: by ?? { kind: 'system', name: `${amendmentWorkflowKey(ctx.a.id)}:unrecorded-confirmation` },
    makers: [...(meta.makers ?? []), ...(s.makers ?? [])],
  }
}

/** The premium is settled (paid, credited or unchanged): commission follows, next the certificate. */
async function settled(ctx: Ctx, set: Partial<typeof amendments.$inferInsert>) {
  const a = await update(ctx, { ...set, status: 'COMPLETED', next_step: 'ISSUE_CERTIFICATE' })
  const { clawbackId } = await adjustCommission(ctx.tx, a, ctx.actor)
  await tell(
    ctx,
    'staff',
    'AMENDMENT_CERTIFICATE_DUE',
    'Amended policy: new certificate due',
    `Upload the new certificate of policy ${ctx.policy.ref} (amendment #${a.id})`,
  )
  return { a, clawbackId }
}

async function acceptPremium(ctx: Ctx, note: string | null): Promise<Applied> {
  const base = { is_premium_confirmed_by_agency: true, allow_payment: true, note: note ?? ctx.a.note }
  await closeTask(ctx, 'accepted')
  if (ctx.a.payer === 'AGENCY') {
    const a = await update(ctx, base)
    await history(
      ctx,
      'AMENDMENT_ACCEPTED',
      `Amended premium of ${formatCents(a.new_premium)} accepted; ${formatCents(a.payable_amount)} to pay`,
      { note },
    )
    await tell(
      ctx,
      'staff',
      'AMENDMENT_ACCEPTED',
      'Amendment accepted',
      `The agency accepted the amended premium of policy ${ctx.policy.ref}; payment of ${formatCents(a.payable_amount)} to come`,
    )
    return { a, clawbackId: null }
  }
  if (ctx.a.payer === 'OSHC') {
    const { invoiceId, toBnpl, toCash } = await creditReceivable(
      ctx.tx,
      ctx.a,
      ctx.policy.ref,
      ctx.policy.gst_rate ?? '0',
      ctx.actor,
      await creditDecision(ctx),
    )
    const where = [
      toCash > 0 ? `${formatCents(toCash)} credited to the agency balance` : null,
      toBnpl > 0 ? `${formatCents(toBnpl)} off the buy now, pay later amount owed` : null,
    ]
    await history(
      ctx,
      'AMENDMENT_ACCEPTED',
      `Amended premium of ${formatCents(ctx.a.new_premium)} accepted; ${where.filter(Boolean).join(', ')}`,
      { note, invoice_id: invoiceId, to_balance: toCash, to_bnpl: toBnpl },
    )
    return settled(ctx, { ...base, invoice_id: invoiceId })
  }
  await history(ctx, 'AMENDMENT_ACCEPTED', 'Amendment accepted; the premium is unchanged', { note })
  return settled(ctx, base)
}

async function withdraw(ctx: Ctx, note: string | null): Promise<Applied> {
  if (ctx.a.invoice_id) {
    const [inv] = await ctx.tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, ctx.a.invoice_id))
    if (inv && inv.status !== 'CANCELLED') {
      await setInvoiceStatus(ctx.tx, ctx.a.invoice_id, {
        status: 'CANCELLED',
        cancellation_reasons: 'Amendment withdrawn',
      })
      await recordInvoiceHistory(ctx.tx, {
        invoiceId: ctx.a.invoice_id,
        action: 'CANCELLED',
        message: `Amendment #${ctx.a.id} withdrawn; invoice cancelled`,
        actor: ctx.actor,
        fromStatus: inv.status,
        toStatus: 'CANCELLED',
      })
    }
  }
  const a = await update(ctx, {
    allow_payment: false,
    is_open: false,
    closed_at: ctx.clock.now(),
    note: note ?? ctx.a.note,
  })
  await history(
    ctx,
    'AMENDMENT_WITHDRAWN',
    `Amendment withdrawn by the agency; the policy is unchanged${note ? `: ${note}` : ''}`,
  )
  await closeTask(ctx, 'withdrawn')
  await tell(
    ctx,
    'staff',
    'AMENDMENT_WITHDRAWN',
    'Amendment withdrawn',
    `The agency withdrew amendment #${a.id} of policy ${ctx.policy.ref}`,
  )
  return { a, clawbackId: null }
}

async function invoiceOf(ctx: Ctx) {
  if (!ctx.a.invoice_id) throw conflict('This amendment has no invoice to pay')
  return ctx.a.invoice_id
}

async function pay(
  ctx: Ctx,
  method: 'BANK' | 'AGENCY_BALANCE',
  bankDocument: string | null,
): Promise<Applied> {
  const invoiceId = await invoiceOf(ctx)
  const createdBy = 'identityId' in ctx.actor ? ctx.actor.identityId : null
  const amount = ctx.a.payable_amount
  await closeTask(ctx, 'paid')
  if (method === 'BANK') {
    await ctx.tx.insert(amendmentPayments).values({
      amendment_id: ctx.a.id,
      agency_id: ctx.a.agency_id,
      status: 'REQUESTED',
      payment_method: 'BANK',
      amount,
      bank_document: bankDocument,
      created_by: createdBy,
    })
    const a = await update(ctx, { status: 'REQUESTED' })
    await history(
      ctx,
      'AMENDMENT_PAYMENT_REQUESTED',
      `Bank transfer of ${formatCents(amount)} submitted for verification`,
      { bank_document: bankDocument },
    )
    await tell(
      ctx,
      'staff',
      'AMENDMENT_PAYMENT_REQUESTED',
      'Amendment payment to verify',
      `Verify the bank transfer of ${formatCents(amount)} for the amendment of policy ${ctx.policy.ref}`,
      'finance',
    )
    return { a, clawbackId: null }
  }
  const entry = await postBalanceEntry(ctx.tx, {
    agencyId: ctx.a.agency_id,
    type: 'AMENDMENT_PAYMENT',
    amount: -amount,
    actor: ctx.actor,
    policyId: ctx.a.policy_id,
    invoiceId,
    note: `Amendment #${ctx.a.id} of policy ${ctx.policy.ref}`,
  })
  const { payment } = await recordInvoicePayment(ctx.tx, {
    invoiceId,
    method: 'AGENCY_BALANCE',
    amount,
    status: 'COMPLETED',
    actor: ctx.actor,
    ref: `AMD-${ctx.a.id}`,
    meta: { amendment_id: ctx.a.id, ledger_id: entry.id },
  })
  await ctx.tx.insert(amendmentPayments).values({
    amendment_id: ctx.a.id,
    agency_id: ctx.a.agency_id,
    status: 'COMPLETED',
    payment_method: 'AGENCY_BALANCE',
    amount,
    invoice_payment_id: payment.id,
    paid_on: isoDate(ctx.clock.now()),
    created_by: createdBy,
  })
  await history(ctx, 'AMENDMENT_PAYMENT_COMPLETED', `${formatCents(amount)} paid from the agency balance`)
  return settled(ctx, {})
}

async function cardPaid(ctx: Ctx, cardPaymentId: number): Promise<Applied> {
  const invoiceId = await invoiceOf(ctx)
  const [card] = await ctx.tx.select().from(cardPayments).where(eq(cardPayments.id, cardPaymentId))
  if (!card || card.invoice_id !== invoiceId || card.agency_id !== ctx.a.agency_id)
    throw notFound('Card payment')
  if (card.status !== 'PAID') throw conflict('The card payment is not confirmed yet')
  await closeTask(ctx, 'paid')
  const [paid] = await ctx.tx
    .insert(amendmentPayments)
    .values({
      amendment_id: ctx.a.id,
      agency_id: ctx.a.agency_id,
      status: 'COMPLETED',
      payment_method: 'CARD',
      amount: ctx.a.payable_amount,
      paid_on: isoDate(ctx.clock.now()),
      created_by: 'identityId' in ctx.actor ? ctx.actor.identityId : null,
    })
    .returning({ id: amendmentPayments.id })
  // The money journal receives it for the policy (clearing:card -> premium received).
  await postAmendmentPaid(ctx.tx, {
    amendmentPaymentId: paid.id,
    amendmentId: ctx.a.id,
    policyId: ctx.a.policy_id,
    agencyId: ctx.a.agency_id,
    amount: ctx.a.payable_amount,
    method: 'CARD',
    actor: ctx.actor,
  })
  await history(
    ctx,
    'AMENDMENT_PAYMENT_COMPLETED',
    `${formatCents(ctx.a.payable_amount)} paid by card (${card.ref})`,
  )
  return settled(ctx, {})
}

async function waitingPayment(ctx: Ctx) {
  const [p] = await ctx.tx
    .select()
    .from(amendmentPayments)
    .where(and(eq(amendmentPayments.amendment_id, ctx.a.id), eq(amendmentPayments.status, 'REQUESTED')))
    .orderBy(desc(amendmentPayments.id))
    .limit(1)
    .for('update')
  if (!p) throw invalidTransition('This amendment has no payment waiting for verification')
  if (ctx.actor.kind !== 'Oshc') throw forbidden()
  assertNotMaker(ctx.actor.identityId, p)
  return { p, staff: ctx.actor as StaffActor }
}

async function approvePayment(ctx: Ctx): Promise<Applied> {
  const { p, staff } = await waitingPayment(ctx)
  const invoiceId = await invoiceOf(ctx)
  const { payment } = await recordInvoicePayment(ctx.tx, {
    invoiceId,
    method: 'BANK',
    amount: p.amount,
    status: 'COMPLETED',
    actor: staff,
    ref: `AMD-${ctx.a.id}`,
    meta: { amendment_id: ctx.a.id, amendment_payment_id: p.id, bank_document: p.bank_document },
  })
  await ctx.tx
    .update(amendmentPayments)
    .set({
      status: 'COMPLETED',
      decided_by: staff.identityId,
      invoice_payment_id: payment.id,
      paid_on: isoDate(ctx.clock.now()),
      updated_at: ctx.clock.now(),
    })
    .where(eq(amendmentPayments.id, p.id))
  // The money journal receives it for the policy (clearing:bank -> premium received).
  await postAmendmentPaid(ctx.tx, {
    amendmentPaymentId: p.id,
    amendmentId: ctx.a.id,
    policyId: ctx.a.policy_id,
    agencyId: ctx.a.agency_id,
    amount: p.amount,
    method: p.payment_method === 'CARD' ? 'CARD' : 'BANK',
    actor: staff,
  })
  await history(ctx, 'AMENDMENT_PAYMENT_APPROVED', `Bank transfer of ${formatCents(p.amount)} verified`)
  await closeTask(ctx, 'approved')
  await tell(
    ctx,
    'agency',
    'AMENDMENT_PAYMENT_APPROVED',
    'Amendment payment approved',
    `Your payment of ${formatCents(p.amount)} for policy ${ctx.policy.ref} was approved`,
  )
  return settled(ctx, {})
}

async function rejectPayment(ctx: Ctx, reason: string): Promise<Applied> {
  const { p, staff } = await waitingPayment(ctx)
  await ctx.tx
    .update(amendmentPayments)
    .set({
      status: 'REJECTED',
      rejection_reason: reason,
      decided_by: staff.identityId,
      updated_at: ctx.clock.now(),
    })
    .where(eq(amendmentPayments.id, p.id))
  const a = await update(ctx, { status: 'REJECTED' })
  await history(
    ctx,
    'AMENDMENT_PAYMENT_REJECTED',
    `Bank transfer of ${formatCents(p.amount)} rejected: ${reason}`,
  )
  await closeTask(ctx, 'rejected')
  await tell(
    ctx,
    'agency',
    'AMENDMENT_PAYMENT_REJECTED',
    'Amendment payment rejected',
    `Your payment of ${formatCents(p.amount)} for policy ${ctx.policy.ref} was rejected: ${reason}. Please pay again.`,
  )
  return { a, clawbackId: null }
}
