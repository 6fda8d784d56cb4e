// What a card dispute holds on the money journal (ADR 0013) and how its close settles it: the
// amount the card holder takes back (at most what was paid), as PENDING CHARGEBACK transfers keyed
// card-dispute:<id> from the account the card payment credited to clearing:card.
import { eq } from 'drizzle-orm'
import type { DbOrTx, getDb } from '../../db/client'
import { agencyTopups, type cardDisputes, type cardPayments } from '../../db/schema'
import { postBalanceEntry } from '../finance/ledger/ledger'
import { account } from '../money/accounts'
import { decidePending, postPending, type TransferInput } from '../money/journal'
import { DomainError } from '../shared/errors'
import { formatCents } from '../shared/format'
import { cardDisputeKeys, disputedCents, splitPremium, type DisputeReport } from './card-disputes.rules'

type CardDisputeRow = typeof cardDisputes.$inferSelect
type CardPaymentRow = typeof cardPayments.$inferSelect

export const money = (cents: number, currency = 'AUD') => formatCents(cents, currency.toUpperCase())

/** Which record a card payment paid: a top-up, an invoice by itself, or a policy's premium. */
export function paidFor(card: CardPaymentRow) {
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

export type Held = {
  account: string | null
  amount: number
  surcharge: number
  onBalance: boolean
  note: string
}

/** What every hold of one dispute shares: the key, the transfer links, the words. */
type HoldCtx = {
  tx: DbOrTx
  d: CardDisputeRow
  card: CardPaymentRow
  r: DisputeReport
  actor: string
  key: string
  wholeNote: string
  links: Pick<TransferInput, 'actor' | 'agencyId' | 'policyId' | 'invoiceId' | 'topupId'>
}

/** Holds `amount` from suspense (the account the payment credited refused it). */
async function holdFromSuspense(c: HoldCtx, amount: number, surcharge: number, why: string): Promise<Held> {
  await postPending(c.tx, [
    {
      key: c.key,
      debit: account.suspense,
      credit: account.clearing('card'),
      amount,
      code: 'CHARGEBACK',
      note: `Card dispute ${c.r.gatewayDisputeId}: held from suspense (${why})`,
      ...c.links,
    },
  ])
  return {
    account: account.suspense,
    amount,
    surcharge,
    onBalance: false,
    note: `${money(amount)} is held from suspense: ${why}. Staff decide where it comes from.${c.wholeNote}`,
  }
}

/** A card top-up: reserved on the agency's balance through its ledger (spendable falls at once). */
async function holdTopup(c: HoldCtx, cents: number): Promise<Held> {
  const { tx, card, r, actor } = c
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
      journal: { reserve: c.key },
    }),
  )
  if (reserved instanceof DomainError)
    return holdFromSuspense(c, cents, 0, `the agency's balance could not give it (${reserved.message})`)
  return {
    account: account.agencyBalance(card.agency_id),
    amount: cents,
    surcharge: 0,
    onBalance: true,
    note: `${money(cents)} is held from the agency's balance (its spendable balance fell at once).${c.wholeNote}`,
  }
}

/** An invoice paid by card: held from the invoice's payments. */
async function holdInvoice(c: HoldCtx, cents: number): Promise<Held> {
  const { card, r } = c
  const from = account.invoicePayments(card.invoice_id!)
  await postPending(c.tx, [
    {
      key: c.key,
      debit: from,
      credit: account.clearing('card'),
      amount: cents,
      code: 'CHARGEBACK',
      note: `Card dispute ${r.gatewayDisputeId} of invoice #${card.invoice_id}'s card payment ${card.ref}`,
      ...c.links,
    },
  ])
  return {
    account: from,
    amount: cents,
    surcharge: 0,
    onBalance: false,
    note: `${money(cents)} is held from invoice #${card.invoice_id}'s payments.${c.wholeNote}`,
  }
}

/** A policy's premium from its premium received, and its card surcharge (not premium) apart. */
async function holdPremium(c: HoldCtx, cents: number, paid: number): Promise<Held> {
  const { tx, d, card, r } = c
  const split = splitPremium(cents, card.surcharge_amount, paid)
  const from = account.policyPremiumReceived(card.policy_id!)
  if (split.surcharge > 0)
    await postPending(tx, [
      {
        key: cardDisputeKeys.surcharge(d.id),
        debit: account.house('surcharge'),
        credit: account.clearing('card'),
        amount: split.surcharge,
        code: 'CHARGEBACK',
        note: `Card dispute ${r.gatewayDisputeId}: the card surcharge`,
        ...c.links,
      },
    ])
  if (split.premium === 0)
    return {
      account: null,
      amount: 0,
      surcharge: split.surcharge,
      onBalance: false,
      note: c.wholeNote.trim(),
    }
  const premium = await attempt(tx, (sp) =>
    postPending(sp, [
      {
        key: c.key,
        debit: from,
        credit: account.clearing('card'),
        amount: split.premium,
        code: 'CHARGEBACK',
        note: `Card dispute ${r.gatewayDisputeId} of the premium paid by card (${card.ref})`,
        ...c.links,
      },
    ]),
  )
  if (premium instanceof DomainError)
    return holdFromSuspense(
      c,
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
    note: `${money(split.premium)} of premium${sur} is held from the policy's premium received.${c.wholeNote}`,
  }
}

/**
 * Holds what the dispute takes back as PENDING transfers to clearing:card, from the account the
 * card payment credited: a policy's premium received (its card surcharge from house:surcharge), an
 * invoice's payments, or (a card top-up) the agency's balance through its ledger, reserved so the
 * spendable balance falls at once. Where a floor refuses (the money was refunded or spent), the
 * amount is held from suspense instead and the note says so.
 */
export async function hold(
  tx: DbOrTx,
  d: CardDisputeRow,
  card: CardPaymentRow,
  r: DisputeReport,
  actor: string,
): Promise<Held> {
  const kind = paidFor(card)
  const paid = card.status === 'PAID' ? (card.amount_paid ?? card.amount) : 0
  const { cents, whole } = disputedCents(r, paid, card.currency)
  if (!kind || cents <= 0)
    return {
      account: null,
      amount: 0,
      surcharge: 0,
      onBalance: false,
      note:
        card.status === 'PAID'
          ? 'Nothing was held: nothing of this payment was recorded as paid.'
          : `Nothing was held: the product never recorded card payment ${card.ref} as paid (it is ${card.status}).`,
    }
  const c: HoldCtx = {
    tx,
    d,
    card,
    r,
    actor,
    key: cardDisputeKeys.held(d.id),
    wholeNote: whole
      ? ` The dispute is in ${r.currency.toUpperCase()}, not ${card.currency}: the whole payment is held.`
      : '',
    links: {
      actor,
      agencyId: card.agency_id,
      policyId: card.policy_id,
      invoiceId: card.invoice_id,
      topupId: card.topup_id,
    },
  }
  if (kind === 'topup') return holdTopup(c, cents)
  if (kind === 'invoice') return holdInvoice(c, cents)
  return holdPremium(c, cents, paid)
}

/**
 * A dispute's close on the journal: won voids what was held (a top-up's reservation is released
 * back to the agency's balance through its ledger), lost posts it.
 */
export async function settleHold(tx: DbOrTx, d: CardDisputeRow, outcome: 'WON' | 'LOST', by: string) {
  const keys = [
    ...(d.held_amount > 0 ? [cardDisputeKeys.held(d.id)] : []),
    ...(d.held_surcharge > 0 ? [cardDisputeKeys.surcharge(d.id)] : []),
  ]
  if (outcome === 'LOST') {
    if (keys.length) await decidePending(tx, keys, 'post')
    return
  }
  const onBalance = d.agency_id !== null && d.held_account === account.agencyBalance(d.agency_id)
  if (onBalance)
    await postBalanceEntry(tx, {
      agencyId: d.agency_id!,
      type: 'CARD_DISPUTE',
      amount: d.held_amount,
      actor: by,
      topupId: d.topup_id,
      note: `Card dispute ${d.gateway_dispute_id} of top-up #${d.topup_id} won: ${money(d.held_amount + d.held_surcharge)} released`,
      journal: { release: cardDisputeKeys.held(d.id) },
    })
  const rest = onBalance ? keys.filter((k) => k !== cardDisputeKeys.held(d.id)) : keys
  if (rest.length) await decidePending(tx, rest, 'void')
}
