// Card disputes (chargebacks) reported by the card gateway (Stripe's charge.dispute.* events), on
// the money journal (ADR 0013). A dispute holds what the card holder takes back (at most what was
// paid) as PENDING CHARGEBACK transfers from the account the card payment credited to
// clearing:card; its close voids them (won) or posts them (lost). Each event is one transaction.
// Persisted shapes: the keys (card-dispute:<id>), the task ids and the history actions are stored.
import { and, eq, isNull } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { cardDisputes, cardPayments, policies } from '../../db/schema'
import { recordAgencyHistory } from '../agencies/agency-history'
import { account } from '../money/accounts'
import { notify } from '../notifications/notify'
import { recordPolicyHistory } from '../policies/policy-history'
import { closeWorkflowTasks, openTask } from '../tasks/workflow-tasks'
import { clock } from '../shared/clock'
import { hold, money, settleHold, type Held } from './card-dispute-holds'
import { logWarn } from '../shared/log'
import {
  CARD_DISPUTES_PATH,
  cardDisputeReasonLabel,
  cardDisputeTaskId,
  outcomeOf,
  type DisputeReport,
} from './card-disputes.rules'
import type { PolicyStatus } from '../policies/policies.rules'

export type CardDisputeRow = typeof cardDisputes.$inferSelect
type CardPaymentRow = typeof cardPayments.$inferSelect

export type { DisputeReport } from './card-disputes.rules'

const DAY_MS = 86_400_000

/** What a dispute is about, in words, and where staff look at it. */
async function subjectOf(tx: DbOrTx, d: CardDisputeRow, card: CardPaymentRow | null) {
  if (!card)
    return { what: `a payment the product does not know (${d.gateway_payment_id ?? 'no payment named'})` }
  if (card.topup_id !== null) return { what: `card top-up #${card.topup_id} (${card.ref})` }
  if (card.policy_id === null) return { what: `invoice #${card.invoice_id}'s card payment ${card.ref}` }
  const [p] = await tx
    .select({ ref: policies.ref, status: policies.status })
    .from(policies)
    .where(eq(policies.id, card.policy_id))
  return { what: `policy ${p?.ref ?? `#${card.policy_id}`}'s premium paid by card (${card.ref})`, policy: p }
}

/** The dispute's row: inserted once (`created`), or the recorded one locked. */
async function recordDispute(tx: DbOrTx, r: DisputeReport, card: CardPaymentRow | null) {
  const [inserted] = await tx
    .insert(cardDisputes)
    .values({
      card_payment_id: card?.id ?? null,
      gateway: r.gateway,
      gateway_dispute_id: r.gatewayDisputeId,
      gateway_payment_id: r.paymentId,
      agency_id: card?.agency_id ?? null,
      policy_id: card?.topup_id === null ? card.policy_id : null,
      topup_id: card?.topup_id ?? null,
      invoice_id: card?.invoice_id ?? null,
      amount: r.amount,
      currency: r.currency.toUpperCase(),
      reason: r.reason,
      gateway_status: r.gatewayStatus,
      evidence_due_at: r.evidenceDueAt,
      opened_at: r.openedAt,
    })
    .onConflictDoNothing({ target: cardDisputes.gateway_dispute_id })
    .returning()
  if (inserted) return { dispute: inserted, created: true }
  const [existing] = await tx
    .select()
    .from(cardDisputes)
    .where(eq(cardDisputes.gateway_dispute_id, r.gatewayDisputeId))
    .for('update')
  return { dispute: existing, created: false }
}

/** The staff task (due two days before the evidence deadline) and the notification to finance. */
async function announceOpened(tx: DbOrTx, dispute: CardDisputeRow, r: DisputeReport, text: string) {
  const due = r.evidenceDueAt
    ? new Date(Math.max(clock.now().getTime(), r.evidenceDueAt.getTime() - 2 * DAY_MS))
    : new Date(clock.now().getTime() + 5 * DAY_MS)
  const link = `${CARD_DISPUTES_PATH}?dispute=${dispute.id}`
  await openTask(tx, cardDisputeTaskId(dispute.id), {
    kind: 'card_dispute',
    audience: 'staff',
    subject: `Card dispute ${r.gatewayDisputeId} ${text}`.trim(),
    agencyId: dispute.agency_id,
    link,
    dueAt: due,
    amount: dispute.held_amount + dispute.held_surcharge || null,
  })
  await notify(
    tx,
    {
      eventType: 'PAYMENT_DISPUTE_OPENED',
      title: dispute.card_payment_id
        ? 'A card payment was disputed'
        : 'A card dispute for an unknown payment',
      message: `The card holder disputed ${text}`.trim(),
      link,
      meta: { card_dispute_id: dispute.id, card_payment_id: dispute.card_payment_id },
    },
    { staffPermission: 'finance' },
  )
}

/** The history of what was disputed: the policy's, or the agency's for a top-up. */
async function recordOnHistory(
  tx: DbOrTx,
  o: {
    dispute: CardDisputeRow
    policy?: { status: PolicyStatus }
    action: string
    actor: string
    note: string
  },
) {
  const d = o.dispute
  if (o.policy && d.policy_id)
    await recordPolicyHistory(tx, {
      policyId: d.policy_id,
      action: o.action,
      actor: o.actor,
      fromStatus: o.policy.status,
      status: o.policy.status,
      note: o.note,
      meta: { card_dispute_id: d.id, gateway_dispute_id: d.gateway_dispute_id },
    })
  if (d.topup_id !== null && d.agency_id !== null)
    await recordAgencyHistory(tx, {
      agencyId: d.agency_id,
      action: o.action,
      actor: o.actor,
      note: o.note,
      meta: { card_dispute_id: d.id, topup_id: d.topup_id },
    })
}

/** Opens the dispute in `tx`: recorded once (a repeat answers the recorded row, `created` false). */
async function openIn(tx: DbOrTx, r: DisputeReport, actor: string) {
  const card = r.paymentId
    ? ((
        await tx
          .select()
          .from(cardPayments)
          .where(and(eq(cardPayments.gateway, r.gateway), eq(cardPayments.gateway_payment_id, r.paymentId)))
          .for('update')
      )[0] ?? null)
    : null
  const recorded = await recordDispute(tx, r, card)
  if (!recorded.created) return recorded
  const { what, policy } = await subjectOf(tx, recorded.dispute, card)
  const disputed = money(r.amount, r.currency)
  const reason = cardDisputeReasonLabel(r.reason) || 'no reason given'
  let held: Held = { account: null, amount: 0, surcharge: 0, onBalance: false, note: '' }
  if (card) held = await hold(tx, recorded.dispute, card, r, actor)
  else
    logWarn('card-disputes', 'A card dispute arrived for a payment the product does not know', {
      gateway_dispute_id: r.gatewayDisputeId,
      payment_id: r.paymentId,
      amount: r.amount,
      currency: r.currency,
    })
  const [dispute] = await tx
    .update(cardDisputes)
    .set({ held_account: held.account, held_amount: held.amount, held_surcharge: held.surcharge })
    .where(eq(cardDisputes.id, recorded.dispute.id))
    .returning()
  const unknown = card
    ? ''
    : ' The product does not know this payment: nothing was held; find it in the gateway.'
  await announceOpened(tx, dispute, r, `${disputed} of ${what} (${reason}). ${held.note}${unknown}`)
  const of = card?.topup_id != null ? `card top-up #${card.topup_id}` : 'the premium paid by card'
  await recordOnHistory(tx, {
    dispute,
    policy,
    action: 'CARD_DISPUTE_OPENED',
    actor,
    note: `The card holder disputed ${disputed} of ${of} (${reason}). ${held.note}`.trim(),
  })
  return { dispute, created: true }
}

/**
 * charge.dispute.created: records the dispute once (a repeated event changes nothing) and, in the
 * same transaction, holds what it takes back (at most what was paid) as PENDING transfers keyed
 * `card-dispute:<id>`, opens the staff inbox task `card-dispute-<id>` and notifies staff holding
 * finance. A dispute of a payment the product does not know is recorded without a card payment,
 * holds nothing, is logged and gets a task saying so.
 */
export async function openCardDispute(r: DisputeReport, by: string) {
  return getDb().transaction((tx) => openIn(tx, r, by))
}

/**
 * charge.dispute.closed: in one transaction (opening the dispute first if its created event has not
 * arrived), won or closed as a mere inquiry voids what was held (a top-up's reservation is
 * released back to the agency's balance), lost posts it; the outcome is recorded, the task closed,
 * finance notified, and a lost dispute of a policy's premium writes the policy's history (its
 * status stays: staff decide what follows). A dispute already closed is answered as it is. A
 * status that is not a close changes nothing (`closed` false).
 */
export async function closeCardDispute(r: DisputeReport, by: string) {
  const outcome = outcomeOf(r.gatewayStatus)
  return getDb().transaction(async (tx) => {
    const { dispute: d } = await openIn(tx, r, by)
    if (!outcome || d.status !== 'OPEN') return { dispute: d, closed: false }
    await settleHold(tx, d, outcome, by)
    const [closed] = await tx
      .update(cardDisputes)
      .set({ status: outcome, gateway_status: r.gatewayStatus, closed_at: clock.now() })
      .where(eq(cardDisputes.id, d.id))
      .returning()
    await closeWorkflowTasks(cardDisputeTaskId(d.id), outcome === 'WON' ? 'won' : 'lost', tx)
    await announceClosed(tx, d, outcome, by)
    return { dispute: closed, closed: true }
  })
}

/** Finance is told how a dispute ended, and the policy's (or agency's) history says it. */
async function announceClosed(tx: DbOrTx, d: CardDisputeRow, outcome: 'WON' | 'LOST', by: string) {
  const card = d.card_payment_id
    ? ((await tx.select().from(cardPayments).where(eq(cardPayments.id, d.card_payment_id)))[0] ?? null)
    : null
  const { what, policy } = await subjectOf(tx, d, card)
  const heldWords = money(d.held_amount + d.held_surcharge)
  const held = d.held_amount + d.held_surcharge > 0
  const fromSuspense = d.held_account === account.suspense ? ' (held from suspense: staff place it)' : ''
  const result =
    outcome === 'WON'
      ? held
        ? `won: the ${heldWords} held is released`
        : 'won'
      : held
        ? `lost: the card holder took ${heldWords} back${fromSuspense}`
        : 'lost'
  await notify(
    tx,
    {
      eventType: 'PAYMENT_DISPUTE_CLOSED',
      title: outcome === 'WON' ? 'A card dispute was won' : 'A card dispute was lost',
      message: `Card dispute ${d.gateway_dispute_id} of ${what} was ${result}.`,
      link: `${CARD_DISPUTES_PATH}?dispute=${d.id}`,
      meta: { card_dispute_id: d.id, outcome },
    },
    { staffPermission: 'finance' },
  )
  const surcharge = d.held_surcharge ? ` and ${money(d.held_surcharge)} of card surcharge` : ''
  await recordOnHistory(tx, {
    dispute: d,
    policy,
    action: outcome === 'WON' ? 'CARD_DISPUTE_WON' : 'CARD_DISPUTE_LOST',
    actor: by,
    note:
      d.topup_id !== null
        ? `Card dispute ${d.gateway_dispute_id} of top-up #${d.topup_id} was ${result}.`
        : outcome === 'WON'
          ? `The card dispute ${d.gateway_dispute_id} was won: the premium paid by card stays received.`
          : `The card holder took the premium back: card dispute ${d.gateway_dispute_id} was lost (${money(d.held_amount)} of premium${surcharge}). The policy's status stays; staff decide what follows.`,
  })
}

/**
 * charge.dispute.updated and the like: an open dispute keeps the gateway's latest status and
 * evidence deadline (nothing moves). Unknown disputes are left for their created event.
 */
export async function updateCardDispute(r: DisputeReport) {
  const [row] = await getDb()
    .update(cardDisputes)
    .set({ gateway_status: r.gatewayStatus, evidence_due_at: r.evidenceDueAt, reason: r.reason })
    .where(and(eq(cardDisputes.gateway_dispute_id, r.gatewayDisputeId), isNull(cardDisputes.closed_at)))
    .returning()
  return row ?? null
}
