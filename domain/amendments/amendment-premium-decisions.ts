// The premium decisions of an amendment: staff confirm the premium, the agency accepts it (a fall
// is credited back at once) or withdraws the amendment.
import { and, desc, eq, sql } from 'drizzle-orm'
import { invoices, policyHistories } from '../../db/schema'
import { formatCents } from '../shared/format'
import { modifyPolicyFinance } from '../finance/policy-payments/modify-policy-finance'
import { recordInvoiceHistory } from '../finance/invoices/invoice-payments'
import { setInvoiceStatus } from '../finance/invoices/invoices'
import { staffAsNow, type MoneyDecision } from '../money/authority'
import { creditReceivable } from './amendment-money'
import { amendmentStateOf } from './amendment-loading'
import type { AmendmentData } from './amendment-data'
import { amendmentWorkflowKey, premiumColumns } from './amendment-steps'
import {
  closeTask,
  history,
  settled,
  tell,
  update,
  type Applied,
  type Ctx,
} from './amendment-decision-effects'

/** Staff confirm (optionally adjusting) the premium; a rise gets its AMENDMENT invoice (PREMIUM with amendment_id). */
export async function confirmPremium(ctx: Ctx, newPremium: number | null): Promise<Applied> {
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

/** The agency accepts: a rise waits for its payment, a fall is credited back, no change settles. */
export async function acceptPremium(ctx: Ctx, note: string | null): Promise<Applied> {
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

/** The agency withdraws: its AMENDMENT invoice is cancelled and the policy stays as it was. */
export async function withdraw(ctx: Ctx, note: string | null): Promise<Applied> {
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
