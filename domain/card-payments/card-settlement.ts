// Settling a card payment once its gateway says it is paid (ADR 0017): the steps every purpose
// shares (the gateway asked first, the row locked, the card PAID once) around the purpose's own
// effects, which the area it pays into registers (domain/card-payments/card-purposes.ts).
import { eq, type SQL } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { cardPayments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import type { CheckoutState } from './card-gateway'
import type { CardPaymentRow } from './card-checkout'
import { assertCheckoutPaid } from './checkout-paid'

/** What a card payment pays for: a policy's premium (also through a payment link), a top-up, an invoice. */
export type CardPurposeName = 'premium' | 'topup' | 'invoice'

/**
 * The purpose of a card payment, decided here only, by the record it was opened for: a top-up,
 * else a policy, else an invoice by itself (an amendment's checkout pays its invoice). Null for a
 * row that names none.
 */
export function purposeOf(card: Pick<CardPaymentRow, 'topup_id' | 'policy_id' | 'invoice_id'>) {
  if (card.topup_id !== null) return 'topup' as const
  if (card.policy_id !== null) return 'premium' as const
  if (card.invoice_id !== null) return 'invoice' as const
  return null
}

/**
 * The card payment a return page names (`where`: its session and whose it is), when it pays for
 * `purpose`; otherwise 404 Checkout session.
 */
export async function findReturningCheckout(purpose: CardPurposeName, where: SQL | undefined) {
  const [row] = await getDb().select().from(cardPayments).where(where)
  if (!row || purposeOf(row) !== purpose) throw notFound('Checkout session')
  return row
}

/** Who settles: the actor written to history and ledgers, and the identity booking a purchase. */
export type SettledBy = { actor: Actor | string; createdBy: number | null }

/** One purpose's part of a settlement, registered once by the area the money goes to. */
export type CardPurpose<T> = {
  name: CardPurposeName
  /** Its effects in the settling transaction, the card payment locked and not yet PAID. */
  settle(tx: DbOrTx, card: CardPaymentRow, paid: CheckoutState, by: SettledBy): Promise<T>
  /** After commit, once per settlement: mails and workflow signals. */
  afterCommit?(card: CardPaymentRow, result: T): Promise<void>
}

/**
 * Settles a card payment of `purpose`: 404 when the card payment is not one of its kind; a card
 * payment already PAID is answered as it is; 409 while the gateway says unpaid, cancelled or short.
 * In one transaction, with the row locked (so a webhook and a return page settle it once between
 * them), the purpose's effects run and the card payment turns PAID with what the gateway received.
 * Callers check who asks (the agency, the holder of a link, or a signed webhook).
 */
export async function settleCard<T>(
  purpose: CardPurpose<T>,
  opts: { cardPaymentId: number } & SettledBy,
): Promise<{ card: CardPaymentRow; alreadySettled: boolean }> {
  const db = getDb()
  const [row] = await db.select().from(cardPayments).where(eq(cardPayments.id, opts.cardPaymentId))
  if (!row || purposeOf(row) !== purpose.name) throw notFound('Card payment')
  if (row.status === 'PAID') return { card: row, alreadySettled: true }
  const paid = await assertCheckoutPaid(row)
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(cardPayments).where(eq(cardPayments.id, row.id)).for('update')
    if (locked.status === 'PAID') return { card: locked, settled: null }
    const effects = await purpose.settle(tx, locked, paid, opts)
    const [card] = await tx
      .update(cardPayments)
      .set({ status: 'PAID', amount_paid: paid.amountPaidCents, gateway_payment_id: paid.paymentId ?? null })
      .where(eq(cardPayments.id, locked.id))
      .returning()
    return { card, settled: { effects } }
  })
  if (result.settled) await purpose.afterCommit?.(row, result.settled.effects)
  return { card: result.card, alreadySettled: result.settled === null }
}
