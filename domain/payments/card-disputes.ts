// Card disputes (chargebacks) reported by the card gateway (Stripe's charge.dispute.* events), on
// the money journal (ADR 0013). A dispute holds what the card holder takes back (at most what was
// paid) as PENDING CHARGEBACK transfers from the account the card payment credited to
// clearing:card; its close voids them (won) or posts them (lost). Each event is one transaction.
// Persisted shapes: the keys (card-dispute:<id>), the task ids and the history actions are stored.
import { and, eq, isNull } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencyTopups, cardDisputes, cardPayments, policies, tasks } from '../../db/schema'
import { recordAgencyHistory } from '../agencies/agency-history'
import { postBalanceEntry } from '../finance/ledger'
import { account } from '../money/accounts'
import { decidePending, postPending, type TransferInput } from '../money/journal'
import { notify } from '../notifications/notify'
import { recordPolicyHistory } from '../policies/policy-history'
import { closeWorkflowTasks } from '../tasks/workflow-tasks'
import { clock } from '../shared/clock'
import { conflict, DomainError } from '../shared/errors'
import { formatCents } from '../shared/format'
import { logWarn } from '../shared/log'
import {
  CARD_DISPUTES_PATH,
  cardDisputeKeys,
  cardDisputeReasonLabel,
  cardDisputeTaskId,
  disputedCents,
  outcomeOf,
  splitPremium,
} from './card-disputes.rules'
import { gatewayNamed } from './card-gateway'

export type CardDisputeRow = typeof cardDisputes.$inferSelect
type CardPaymentRow = typeof cardPayments.$inferSelect

/** What the gateway says about a dispute (the fields we read of Stripe's Dispute object). */
export type DisputeReport = {
  gateway: 'stripe'
  gatewayDisputeId: string
  /** The gateway's payment the dispute is about (Stripe's PaymentIntent id). */
  paymentId: string | null
  /** Minor units of `currency`. */
  amount: number
  currency: string
  reason: string | null
  gatewayStatus: string
  evidenceDueAt: Date | null
  openedAt: Date
}

const DAY_MS = 86_400_000
const money = (cents: number, currency = 'AUD') => formatCents(cents, currency.toUpperCase())

/**
 * Before a dispute is recorded: when no card payment carries the payment it names (one settled
 * before card payments recorded it), asks the gateway which checkout session made that payment and
 * records it on the PAID card payment of that session. Outside any transaction (it calls the
 * gateway); a gateway that cannot answer is a 409, so Stripe delivers the event again later.
 */
export async function linkDisputedPayment(r: DisputeReport) {
  if (!r.paymentId) return
  const db = getDb()
  const [known] = await db
    .select({ id: cardDisputes.id })
    .from(cardDisputes)
    .where(eq(cardDisputes.gateway_dispute_id, r.gatewayDisputeId))
  if (known) return
  const [card] = await db
    .select({ id: cardPayments.id })
    .from(cardPayments)
    .where(and(eq(cardPayments.gateway, r.gateway), eq(cardPayments.gateway_payment_id, r.paymentId)))
  if (card) return
  let gateway
  try {
    gateway = gatewayNamed(r.gateway)
  } catch {
    return
  }
  if (!gateway.findCheckoutByPayment) return
  const sessionId = await gateway.findCheckoutByPayment(r.paymentId).catch((err: unknown) => {
    throw err instanceof DomainError
      ? conflict(
          `The card gateway could not say which payment dispute ${r.gatewayDisputeId} is about: ${err.message}`,
        )
      : err
  })
  if (!sessionId) return
  await db
    .update(cardPayments)
    .set({ gateway_payment_id: r.paymentId })
    .where(
      and(
        eq(cardPayments.gateway, r.gateway),
        eq(cardPayments.gateway_session_id, sessionId),
        eq(cardPayments.status, 'PAID'),
        isNull(cardPayments.gateway_payment_id),
      ),
    )
}

/** Which record a card payment paid: a top-up, an invoice by itself, or a policy's premium. */
function paidFor(card: CardPaymentRow) {
  if (card.topup_id !== null) return 'topup' as const
  if (card.invoice_id !== null && card.policy_id === null) return 'invoice' as const
  if (card.policy_id !== null) return 'policy' as const
  return null
}

/** Runs `fn` in a savepoint: a refusal (409 past a floor) rolls back only what it wrote. */
async function attempt<T>(tx: DbOrTx, fn: (sp: DbOrTx) => Promise<T>): Promise<T | DomainError> {
  try {
    return await (tx as ReturnType<typeof getDb>).transaction(fn)
  } catch (err) {
    if (err instanceof DomainError && (err.code === 'CONFLICT' || err.code === 'INVALID_TRANSITION'))
      return err
    throw err
  }
}

type Held = { account: string | null; amount: number; surcharge: number; onBalance: boolean; note: string }

/**
 * Holds what the dispute takes back as PENDING transfers to clearing:card, from the account the
 * card payment credited: a policy's premium received (its card surcharge from house:surcharge), an
 * invoice's payments, or (a card top-up) the agency's balance through its ledger, reserved so the
 * spendable balance falls at once. Where a floor refuses (the money was refunded or spent), the
 * amount is held from suspense instead and the note says so.
 */
async function hold(
  tx: DbOrTx,
  d: CardDisputeRow,
  card: CardPaymentRow,
  r: DisputeReport,
  actor: string,
): Promise<Held> {
  const kind = paidFor(card)
  const paid = card.status === 'PAID' ? (card.amount_paid ?? card.amount) : 0
  const { cents, whole } = disputedCents(r, paid, card.currency)
  const none = { account: null, amount: 0, surcharge: 0, onBalance: false }
  if (!kind || cents <= 0)
    return {
      ...none,
      note:
        card.status === 'PAID'
          ? 'Nothing was held: nothing of this payment was recorded as paid.'
          : `Nothing was held: the product never recorded card payment ${card.ref} as paid (it is ${card.status}).`,
    }
  const key = cardDisputeKeys.held(d.id)
  const wholeNote = whole
    ? ` The dispute is in ${r.currency.toUpperCase()}, not ${card.currency}: the whole payment is held.`
    : ''
  const links = {
    actor,
    agencyId: card.agency_id,
    policyId: card.policy_id,
    invoiceId: card.invoice_id,
    topupId: card.topup_id,
  }
  const fromSuspense = async (amount: number, surcharge: number, why: string): Promise<Held> => {
    await postPending(tx, [
      {
        key,
        debit: account.suspense,
        credit: account.clearing('card'),
        amount,
        code: 'CHARGEBACK',
        note: `Card dispute ${r.gatewayDisputeId}: held from suspense (${why})`,
        ...links,
      },
    ])
    return {
      account: account.suspense,
      amount,
      surcharge,
      onBalance: false,
      note: `${money(amount)} is held from suspense: ${why}. Staff decide where it comes from.${wholeNote}`,
    }
  }

  if (kind === 'topup') {
    const [topup] = await tx.select().from(agencyTopups).where(eq(agencyTopups.id, card.topup_id!))
    const reserved = await attempt(tx, (sp) =>
      postBalanceEntry(sp, {
        agencyId: card.agency_id,
        type: 'CARD_DISPUTE',
        amount: -cents,
        actor,
        topupId: card.topup_id,
        invoiceId: topup?.invoice_id ?? null,
        note: `Card top-up #${card.topup_id} disputed by the card holder (${r.gatewayDisputeId}): ${money(cents)} held`,
        journal: { reserve: key },
      }),
    )
    if (reserved instanceof DomainError)
      return fromSuspense(cents, 0, `the agency's balance could not give it (${reserved.message})`)
    return {
      account: account.agencyBalance(card.agency_id),
      amount: cents,
      surcharge: 0,
      onBalance: true,
      note: `${money(cents)} is held from the agency's balance (its spendable balance fell at once).${wholeNote}`,
    }
  }

  if (kind === 'invoice') {
    const from = account.invoicePayments(card.invoice_id!)
    await postPending(tx, [
      {
        key,
        debit: from,
        credit: account.clearing('card'),
        amount: cents,
        code: 'CHARGEBACK',
        note: `Card dispute ${r.gatewayDisputeId} of invoice #${card.invoice_id}'s card payment ${card.ref}`,
        ...links,
      },
    ])
    return {
      account: from,
      amount: cents,
      surcharge: 0,
      onBalance: false,
      note: `${money(cents)} is held from invoice #${card.invoice_id}'s payments.${wholeNote}`,
    }
  }

  // A policy's premium (and its card surcharge, which is not premium).
  const split = splitPremium(cents, card.surcharge_amount, paid)
  const from = account.policyPremiumReceived(card.policy_id!)
  const surcharge: TransferInput[] =
    split.surcharge > 0
      ? [
          {
            key: cardDisputeKeys.surcharge(d.id),
            debit: account.house('surcharge'),
            credit: account.clearing('card'),
            amount: split.surcharge,
            code: 'CHARGEBACK',
            note: `Card dispute ${r.gatewayDisputeId}: the card surcharge`,
            ...links,
          },
        ]
      : []
  if (surcharge.length) await postPending(tx, surcharge)
  if (split.premium === 0)
    return { account: null, amount: 0, surcharge: split.surcharge, onBalance: false, note: wholeNote.trim() }
  const premium = await attempt(tx, (sp) =>
    postPending(sp, [
      {
        key,
        debit: from,
        credit: account.clearing('card'),
        amount: split.premium,
        code: 'CHARGEBACK',
        note: `Card dispute ${r.gatewayDisputeId} of the premium paid by card (${card.ref})`,
        ...links,
      },
    ]),
  )
  if (premium instanceof DomainError)
    return fromSuspense(
      split.premium,
      split.surcharge,
      `the policy's premium received could not give it (${premium.message})`,
    )
  const sur = split.surcharge ? ` and ${money(split.surcharge)} of card surcharge` : ''
  return {
    account: from,
    amount: split.premium,
    surcharge: split.surcharge,
    onBalance: false,
    note: `${money(split.premium)} of premium${sur} is held from the policy's premium received.${wholeNote}`,
  }
}

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
  if (!inserted) {
    const [existing] = await tx
      .select()
      .from(cardDisputes)
      .where(eq(cardDisputes.gateway_dispute_id, r.gatewayDisputeId))
      .for('update')
    return { dispute: existing, created: false }
  }
  const { what, policy } = await subjectOf(tx, inserted, card)
  const disputed = money(r.amount, r.currency)
  const reason = cardDisputeReasonLabel(r.reason) || 'no reason given'
  let held: Held = { account: null, amount: 0, surcharge: 0, onBalance: false, note: '' }
  if (card) held = await hold(tx, inserted, card, r, actor)
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
    .where(eq(cardDisputes.id, inserted.id))
    .returning()
  const due = r.evidenceDueAt
    ? new Date(Math.max(clock.now().getTime(), r.evidenceDueAt.getTime() - 2 * DAY_MS))
    : new Date(clock.now().getTime() + 5 * DAY_MS)
  const unknown = card
    ? ''
    : ' The product does not know this payment: nothing was held; find it in the gateway.'
  await tx.insert(tasks).values({
    workflow_id: cardDisputeTaskId(dispute.id),
    kind: 'card_dispute',
    audience: 'staff',
    subject:
      `Card dispute ${r.gatewayDisputeId} (${reason}, ${disputed}) of ${what}. ${held.note}${unknown}`.trim(),
    agency_id: dispute.agency_id,
    link: `${CARD_DISPUTES_PATH}?dispute=${dispute.id}`,
    due_at: due,
    amount: held.amount + held.surcharge || null,
  })
  await notify(
    tx,
    {
      eventType: 'PAYMENT_DISPUTE_OPENED',
      title: card ? 'A card payment was disputed' : 'A card dispute for an unknown payment',
      message: `The card holder disputed ${disputed} of ${what} (${reason}). ${held.note}${unknown}`.trim(),
      link: `${CARD_DISPUTES_PATH}?dispute=${dispute.id}`,
      meta: { card_dispute_id: dispute.id, card_payment_id: card?.id ?? null },
    },
    { staffPermission: 'finance' },
  )
  if (policy && card?.policy_id)
    await recordPolicyHistory(tx, {
      policyId: card.policy_id,
      action: 'CARD_DISPUTE_OPENED',
      actor,
      fromStatus: policy.status,
      status: policy.status,
      note: `The card holder disputed ${disputed} of the premium paid by card (${reason}). ${held.note}`.trim(),
      meta: { card_dispute_id: dispute.id, gateway_dispute_id: r.gatewayDisputeId },
    })
  if (card?.topup_id != null)
    await recordAgencyHistory(tx, {
      agencyId: card.agency_id,
      action: 'CARD_DISPUTE_OPENED',
      actor,
      note: `The card holder disputed ${disputed} of card top-up #${card.topup_id} (${reason}). ${held.note}`.trim(),
      meta: { card_dispute_id: dispute.id, topup_id: card.topup_id },
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
    const keys = [
      ...(d.held_amount > 0 ? [cardDisputeKeys.held(d.id)] : []),
      ...(d.held_surcharge > 0 ? [cardDisputeKeys.surcharge(d.id)] : []),
    ]
    const onBalance = d.agency_id !== null && d.held_account === account.agencyBalance(d.agency_id)
    const heldWords = money(d.held_amount + d.held_surcharge)
    if (outcome === 'WON') {
      if (onBalance)
        await postBalanceEntry(tx, {
          agencyId: d.agency_id!,
          type: 'CARD_DISPUTE',
          amount: d.held_amount,
          actor: by,
          topupId: d.topup_id,
          note: `Card dispute ${d.gateway_dispute_id} of top-up #${d.topup_id} won: ${heldWords} released`,
          journal: { release: cardDisputeKeys.held(d.id) },
        })
      const rest = onBalance ? keys.filter((k) => k !== cardDisputeKeys.held(d.id)) : keys
      if (rest.length) await decidePending(tx, rest, 'void')
    } else if (keys.length) await decidePending(tx, keys, 'post')
    const [closed] = await tx
      .update(cardDisputes)
      .set({ status: outcome, gateway_status: r.gatewayStatus, closed_at: clock.now() })
      .where(eq(cardDisputes.id, d.id))
      .returning()
    await closeWorkflowTasks(cardDisputeTaskId(d.id), outcome === 'WON' ? 'won' : 'lost', tx)
    const card = d.card_payment_id
      ? ((await tx.select().from(cardPayments).where(eq(cardPayments.id, d.card_payment_id)))[0] ?? null)
      : null
    const { what, policy } = await subjectOf(tx, d, card)
    const result =
      outcome === 'WON'
        ? d.held_amount + d.held_surcharge > 0
          ? `won: the ${heldWords} held is released`
          : 'won'
        : d.held_amount + d.held_surcharge > 0
          ? `lost: the card holder took ${heldWords} back${d.held_account === account.suspense ? ' (held from suspense: staff place it)' : ''}`
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
    if (policy && d.policy_id)
      await recordPolicyHistory(tx, {
        policyId: d.policy_id,
        action: outcome === 'WON' ? 'CARD_DISPUTE_WON' : 'CARD_DISPUTE_LOST',
        actor: by,
        fromStatus: policy.status,
        status: policy.status,
        note:
          outcome === 'WON'
            ? `The card dispute ${d.gateway_dispute_id} was won: the premium paid by card stays received.`
            : `The card holder took the premium back: card dispute ${d.gateway_dispute_id} was lost (${money(d.held_amount)} of premium${d.held_surcharge ? ` and ${money(d.held_surcharge)} of card surcharge` : ''}). The policy's status stays; staff decide what follows.`,
        meta: { card_dispute_id: d.id, outcome, held_amount: d.held_amount },
      })
    if (d.topup_id !== null && d.agency_id !== null)
      await recordAgencyHistory(tx, {
        agencyId: d.agency_id,
        action: outcome === 'WON' ? 'CARD_DISPUTE_WON' : 'CARD_DISPUTE_LOST',
        actor: by,
        note: `Card dispute ${d.gateway_dispute_id} of top-up #${d.topup_id} was ${result}.`,
        meta: { card_dispute_id: d.id, topup_id: d.topup_id },
      })
    return { dispute: closed, closed: true }
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
