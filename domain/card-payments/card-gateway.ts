import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { getDb } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { config, isDemo, secretFor } from '../shared/config'
import { hmac, randomToken, safeEqual } from '../shared/crypto'
import { conflict, notFound } from '../shared/errors'

/** What a card checkout asks of the gateway. Amounts in cents of `currency`. */
export type CheckoutRequest = {
  /** Our reference (the card_payments ref), also the gateway's idempotency key. */
  reference: string
  amountCents: number
  currency: string
  description: string
  /** May hold the literal `{CHECKOUT_SESSION_ID}`, replaced by the gateway on redirect. */
  successUrl: string
  cancelUrl: string
}

export type CheckoutSession = { sessionId: string; url: string }
export type CheckoutState = {
  status: 'paid' | 'open' | 'expired'
  amountPaidCents: number
  /**
   * The gateway's payment behind a paid checkout (Stripe's PaymentIntent id), which its disputes
   * name; absent where the gateway has none (the sandbox).
   */
  paymentId?: string
}

/** A hosted card checkout: the sandbox by default, Stripe when STRIPE_SECRET_KEY is set. */
export interface CardGateway {
  readonly name: 'sandbox' | 'stripe'
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>
  getCheckout(sessionId: string): Promise<CheckoutState>
  /**
   * The checkout session that made the gateway's payment `paymentId` (a dispute names the payment),
   * or null: how a payment settled before its payment id was recorded is found.
   */
  findCheckoutByPayment?(paymentId: string): Promise<string | null>
}

export const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}'

// ---- Sandbox --------------------------------------------------------------------------------

/** The signed part of a sandbox checkout URL: where to go back to, and what is bought. */
export type SandboxParams = { success: string; cancel: string; description: string }

const sandboxSignature = (sessionId: string, p: SandboxParams) =>
  hmac(secretFor('sandbox-checkout'), JSON.stringify([sessionId, p.success, p.cancel, p.description]))

export function sandboxCheckoutUrl(sessionId: string, p: SandboxParams) {
  const url = new URL(`/checkout/sandbox/${sessionId}`, config().APP_URL)
  url.searchParams.set('success', p.success)
  url.searchParams.set('cancel', p.cancel)
  url.searchParams.set('description', p.description)
  url.searchParams.set('sig', sandboxSignature(sessionId, p))
  return url.toString()
}

/** The sandbox URL's parameters when its signature holds (nobody can forge a redirect target). */
export function verifySandboxParams(sessionId: string, search: URLSearchParams): SandboxParams | null {
  const p = {
    success: search.get('success') ?? '',
    cancel: search.get('cancel') ?? '',
    description: search.get('description') ?? '',
  }
  const sig = search.get('sig') ?? ''
  return sig && safeEqual(sig, sandboxSignature(sessionId, p)) ? p : null
}

/**
 * The built-in test gateway. Its state is the card_payments row: the hosted page at
 * /checkout/sandbox/<sessionId> records amount_paid when a test card succeeds, or CANCELLED.
 */
export const sandboxGateway: CardGateway = {
  name: 'sandbox',
  async createCheckout(req) {
    if (!isDemo()) throw conflict('Card payments are not configured')
    const sessionId = `cs_sandbox_${randomToken(24)}`
    return {
      sessionId,
      url: sandboxCheckoutUrl(sessionId, {
        success: req.successUrl,
        cancel: req.cancelUrl,
        description: req.description,
      }),
    }
  },
  async getCheckout(sessionId) {
    const [row] = await getDb()
      .select({ status: cardPayments.status, amount_paid: cardPayments.amount_paid })
      .from(cardPayments)
      .where(and(eq(cardPayments.gateway, 'sandbox'), eq(cardPayments.gateway_session_id, sessionId)))
    if (!row) throw notFound('Checkout session')
    if (row.amount_paid !== null) return { status: 'paid', amountPaidCents: row.amount_paid }
    return { status: row.status === 'CANCELLED' ? 'expired' : 'open', amountPaidCents: 0 }
  },
}

// ---- Stripe ---------------------------------------------------------------------------------

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** The Stripe SDK client for `secretKey`; `fetchFn` and `apiBase` point it elsewhere in tests. */
export function stripeClient(
  secretKey: string,
  fetchFn: FetchLike = (url, init) => fetch(url, init),
  apiBase = config().STRIPE_API_BASE,
) {
  const base = apiBase ? new URL(apiBase) : undefined
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    maxNetworkRetries: 2,
    ...(base
      ? {
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
        }
      : {}),
  })
}

/** Stripe Checkout through the official SDK. */
export class StripeGateway implements CardGateway {
  readonly name = 'stripe' as const
  private readonly stripe: Stripe
  constructor(secretKey: string, fetchFn?: FetchLike, apiBase?: string) {
    this.stripe = stripeClient(secretKey, fetchFn, apiBase)
  }

  /** A gateway refusal becomes a 409 with Stripe's own message; anything else is rethrown. */
  private refused(err: unknown): never {
    if (err instanceof Stripe.errors.StripeError)
      throw conflict(`The card gateway refused the request: ${err.message}`)
    throw err
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const s = await this.stripe.checkout.sessions
      .create(
        {
          mode: 'payment',
          client_reference_id: req.reference,
          metadata: { reference: req.reference },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: req.currency.toLowerCase(),
                unit_amount: req.amountCents,
                product_data: { name: req.description },
              },
            },
          ],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        { idempotencyKey: req.reference },
      )
      .catch((err: unknown) => this.refused(err))
    if (!s.id || !s.url) throw conflict('The card gateway answered without a checkout URL')
    return { sessionId: s.id, url: s.url }
  }

  async findCheckoutByPayment(paymentId: string): Promise<string | null> {
    const list = await this.stripe.checkout.sessions
      .list({ payment_intent: paymentId, limit: 1 })
      .catch((err: unknown) => this.refused(err))
    return list.data[0]?.id ?? null
  }

  async getCheckout(sessionId: string): Promise<CheckoutState> {
    const s = await this.stripe.checkout.sessions
      .retrieve(sessionId)
      .catch((err: unknown) => this.refused(err))
    // payment_intent is an id unless the caller expanded it; Stripe creates it when the customer pays.
    const intent = s.payment_intent
    const paymentId = typeof intent === 'string' ? intent : intent?.id
    const payment = paymentId ? { paymentId } : {}
    if (s.payment_status === 'paid')
      return { status: 'paid', amountPaidCents: s.amount_total ?? 0, ...payment }
    return { status: s.status === 'expired' ? 'expired' : 'open', amountPaidCents: 0, ...payment }
  }
}

/** The configured gateway: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
export function cardGateway(): CardGateway {
  const key = config().STRIPE_SECRET_KEY
  return key ? new StripeGateway(key) : sandboxGateway
}

/** The gateway that created a stored checkout (a row keeps the gateway it was made with). */
export function gatewayNamed(name: string): CardGateway {
  if (name === 'sandbox') return sandboxGateway
  const key = config().STRIPE_SECRET_KEY
  if (name === 'stripe' && key) return new StripeGateway(key)
  throw conflict(`The card gateway "${name}" is not configured`)
}
