import { and, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { isDemo } from '../shared/config'
import { notFound, validation } from '../shared/errors'
import { fromCents } from '../shared/money'
import { SESSION_PLACEHOLDER, verifySandboxParams } from './card-gateway'

/** Test cards of the sandbox gateway (spaces ignored). */
export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const
export const CARD_DECLINED = 'Your card was declined. Try another card.'
export const CARD_UNKNOWN = 'Use the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)'

async function load(sessionId: string, search: URLSearchParams) {
  if (!isDemo()) throw notFound('Checkout session')
  const params = verifySandboxParams(sessionId, search)
  if (!params) throw notFound('Checkout session')
  const [row] = await getDb()
    .select()
    .from(cardPayments)
    .where(and(eq(cardPayments.gateway, 'sandbox'), eq(cardPayments.gateway_session_id, sessionId)))
  if (!row) throw notFound('Checkout session')
  return { row, params }
}

const backTo = (url: string, sessionId: string) =>
  url.replace(SESSION_PLACEHOLDER, encodeURIComponent(sessionId))

/**
 * The hosted test checkout page's data (public, development and tests only; the URL is signed by
 * the sandbox gateway, so nobody can point its redirects elsewhere).
 */
export async function getSandboxCheckout(opts: { sessionId: string; search: URLSearchParams }) {
  const { row, params } = await load(opts.sessionId, opts.search)
  return {
    sessionId: opts.sessionId,
    description: params.description,
    amount: fromCents(row.amount),
    surcharge_amount: fromCents(row.surcharge_amount),
    currency: row.currency,
    state: row.amount_paid !== null ? 'paid' : row.status === 'CANCELLED' ? 'cancelled' : 'open',
    successUrl: backTo(params.success, opts.sessionId),
    cancelUrl: params.cancel,
  } as const
}

/**
 * Pays a sandbox session with a test card: 4242 4242 4242 4242 succeeds (amount_paid recorded,
 * answer the success URL), 4000 0000 0000 0002 is declined (400 on card_number). Paying a paid
 * session again just answers the success URL.
 */
export async function paySandboxCheckout(opts: {
  sessionId: string
  search: URLSearchParams
  cardNumber: string
}) {
  const { row, params } = await load(opts.sessionId, opts.search)
  const number = opts.cardNumber.replace(/[\s-]/g, '')
  if (row.amount_paid === null) {
    if (row.status === 'CANCELLED') throw validation('card_number', 'This checkout was cancelled')
    if (number === SANDBOX_CARDS.declined) throw validation('card_number', CARD_DECLINED)
    if (number !== SANDBOX_CARDS.success) throw validation('card_number', CARD_UNKNOWN)
    await getDb()
      .update(cardPayments)
      .set({ amount_paid: row.amount, card_type: 'visa' })
      .where(and(eq(cardPayments.id, row.id), isNull(cardPayments.amount_paid)))
  }
  return { redirectTo: backTo(params.success, opts.sessionId) }
}

/** Cancels an unpaid sandbox session (CANCELLED) and answers the cancel URL. */
export async function cancelSandboxCheckout(opts: { sessionId: string; search: URLSearchParams }) {
  const { row, params } = await load(opts.sessionId, opts.search)
  if (row.amount_paid === null && row.status === 'PENDING') {
    await getDb()
      .update(cardPayments)
      .set({ status: 'CANCELLED' })
      .where(and(eq(cardPayments.id, row.id), isNull(cardPayments.amount_paid)))
  }
  return { redirectTo: params.cancel }
}
