import { and, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { cardPayments } from '../../db/schema'
import { config, isProduction, secretFor } from '../shared/config'
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
export type CheckoutState = { status: 'paid' | 'open' | 'expired'; amountPaidCents: number }

/** A hosted card checkout: the sandbox by default, Stripe when STRIPE_SECRET_KEY is set. */
export interface CardGateway {
  readonly name: 'sandbox' | 'stripe'
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>
  getCheckout(sessionId: string): Promise<CheckoutState>
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
    if (isProduction()) throw conflict('Card payments are not configured')
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

type StripeSession = {
  id?: string
  url?: string | null
  status?: string | null
  payment_status?: string | null
  amount_total?: number | null
  error?: { message?: string }
}

/** Stripe Checkout through its REST API (form-encoded requests, JSON answers). */
export class StripeGateway implements CardGateway {
  readonly name = 'stripe' as const
  constructor(
    private readonly secretKey: string,
    private readonly fetchFn: FetchLike = (url, init) => fetch(url, init),
    private readonly apiBase = 'https://api.stripe.com',
  ) {}

  private async call(method: 'GET' | 'POST', path: string, form?: URLSearchParams, idempotencyKey?: string) {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.secretKey}` }
    if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded'
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey
    const res = await this.fetchFn(`${this.apiBase}${path}`, { method, headers, body: form?.toString() })
    const body = (await res.json().catch(() => ({}))) as StripeSession
    if (!res.ok) throw conflict(`The card gateway refused the request: ${body.error?.message ?? res.status}`)
    return body
  }

  /** The form Stripe expects for a one-line payment session (exported for tests). */
  static sessionForm(req: CheckoutRequest) {
    const f = new URLSearchParams()
    f.set('mode', 'payment')
    f.set('client_reference_id', req.reference)
    f.set('metadata[reference]', req.reference)
    f.set('line_items[0][quantity]', '1')
    f.set('line_items[0][price_data][currency]', req.currency.toLowerCase())
    f.set('line_items[0][price_data][unit_amount]', String(req.amountCents))
    f.set('line_items[0][price_data][product_data][name]', req.description)
    f.set('success_url', req.successUrl)
    f.set('cancel_url', req.cancelUrl)
    return f
  }

  async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const s = await this.call('POST', '/v1/checkout/sessions', StripeGateway.sessionForm(req), req.reference)
    if (!s.id || !s.url) throw conflict('The card gateway answered without a checkout URL')
    return { sessionId: s.id, url: s.url }
  }

  async getCheckout(sessionId: string): Promise<CheckoutState> {
    const s = await this.call('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`)
    if (s.payment_status === 'paid') return { status: 'paid', amountPaidCents: s.amount_total ?? 0 }
    return { status: s.status === 'expired' ? 'expired' : 'open', amountPaidCents: 0 }
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
