import { describe, expect, it } from 'vitest'
import { StripeGateway, type FetchLike } from '../../domain/card-payments/card-gateway'
import {
  cardSurcharge,
  convertCents,
  enabledMethods,
  expiryFrom,
  fxDifference,
  isNexpayPaid,
  normalisePaymentType,
  parseSignatureHeader,
} from '../../domain/payments/payments.rules'
import { reminderAtMs } from '../../workflows/payment-link-expiry/payment-link-expiry.contract'
import { DomainError } from '../../domain/shared/errors'

type Call = { url: string; init: RequestInit }

/** A recording fetch answering `answers` in turn (the only fake: Stripe's HTTP API). */
function fakeFetch(...answers: Array<{ status: number; body: unknown }>) {
  const calls: Call[] = []
  const fn: FetchLike = async (url, init) => {
    calls.push({ url, init })
    const a = answers.shift()
    if (!a) throw new Error('unexpected call')
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { fn, calls }
}

const request = {
  reference: 'CP-abc123',
  amountCents: 63458,
  currency: 'AUD',
  description: 'Overseas student health cover, policy POL-1',
  successUrl: 'https://app.example/agency/policies/7/pay?checkout=success&session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://app.example/agency/policies/7/pay?checkout=cancel',
}

describe('StripeGateway', () => {
  it('creates a Checkout Session with a form-encoded one-line payment and maps the answer', async () => {
    const { fn, calls } = fakeFetch({
      status: 200,
      body: { id: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123', status: 'open' },
    })
    const gw = new StripeGateway('sk_test_secret', fn)
    const session = await gw.createCheckout(request)
    expect(session).toEqual({
      sessionId: 'cs_test_123',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    })

    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call.url).toBe('https://api.stripe.com/v1/checkout/sessions')
    expect(call.init.method).toBe('POST')
    const headers = new Headers(call.init.headers)
    expect(headers.get('authorization')).toBe('Bearer sk_test_secret')
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(headers.get('idempotency-key')).toBe('CP-abc123')
    const form = new URLSearchParams(call.init.body as string)
    expect(Object.fromEntries(form)).toEqual({
      mode: 'payment',
      client_reference_id: 'CP-abc123',
      'metadata[reference]': 'CP-abc123',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '63458',
      'line_items[0][price_data][product_data][name]': 'Overseas student health cover, policy POL-1',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    })
    // Stripe fills in the session id itself.
    expect(form.get('success_url')).toContain('session_id={CHECKOUT_SESSION_ID}')
  })

  it('reads a session: paid only when payment_status is paid; expired; otherwise open', async () => {
    const { fn, calls } = fakeFetch(
      { status: 200, body: { id: 'cs_1', status: 'complete', payment_status: 'paid', amount_total: 63458 } },
      { status: 200, body: { id: 'cs_2', status: 'open', payment_status: 'unpaid', amount_total: 63458 } },
      { status: 200, body: { id: 'cs_3', status: 'expired', payment_status: 'unpaid', amount_total: 63458 } },
      {
        status: 200,
        body: { id: 'cs_4', status: 'complete', payment_status: 'unpaid', amount_total: 63458 },
      },
    )
    const gw = new StripeGateway('sk_test_secret', fn)
    expect(await gw.getCheckout('cs_1')).toEqual({ status: 'paid', amountPaidCents: 63458 })
    expect(await gw.getCheckout('cs_2')).toEqual({ status: 'open', amountPaidCents: 0 })
    expect(await gw.getCheckout('cs_3')).toEqual({ status: 'expired', amountPaidCents: 0 })
    expect(await gw.getCheckout('cs_4')).toEqual({ status: 'open', amountPaidCents: 0 })
    expect(calls[0].url).toBe('https://api.stripe.com/v1/checkout/sessions/cs_1')
    expect(calls[0].init.method).toBe('GET')
    expect(calls[0].init.body ?? undefined).toBeUndefined()
  })

  it('turns a Stripe error into a 409 with its message', async () => {
    const { fn } = fakeFetch({ status: 400, body: { error: { message: 'Invalid currency: xyz' } } })
    const gw = new StripeGateway('sk_test_secret', fn)
    const err = await gw.createCheckout({ ...request, currency: 'XYZ' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DomainError)
    expect(err).toMatchObject({
      code: 'CONFLICT',
      message: 'The card gateway refused the request: Invalid currency: xyz',
    })
  })
})

describe('payment rules', () => {
  it('reads the payment method configuration: missing rows are on, NexPay always, BNPL needs the insurer flag', () => {
    expect(enabledMethods(null, [])).toEqual({
      CARD: false,
      BANK: false,
      NEXPAY: false,
      AGENCY_BALANCE: false,
      BNPL: false,
    })
    expect(enabledMethods({ is_buy_now_pay_later_enabled: false }, [])).toEqual({
      CARD: true,
      BANK: true,
      NEXPAY: true,
      AGENCY_BALANCE: true,
      BNPL: false,
    })
    expect(
      enabledMethods({ is_buy_now_pay_later_enabled: true }, [
        { payment_method: 'card', is_payment_method_enabled: false },
        { payment_method: 'nexpay', is_payment_method_enabled: false },
        { payment_method: 'bnpl', is_payment_method_enabled: true },
      ]),
    ).toEqual({ CARD: false, BANK: true, NEXPAY: true, AGENCY_BALANCE: true, BNPL: true })
  })

  it('adds the card surcharge only when enabled, rounded half-up to the cent', () => {
    expect(cardSurcharge(62520, true, '1.50')).toEqual({ surcharge: 938, total: 63458, rate: '1.50' })
    expect(cardSurcharge(62520, false, '1.50')).toEqual({ surcharge: 0, total: 62520, rate: null })
    expect(cardSurcharge(100, true, '1.50').surcharge).toBe(2)
  })

  it('converts AUD cents at a six-decimal rate without floats', () => {
    expect(convertCents(10000, '88.500000')).toBe(885000)
    expect(convertCents(1, '0.655000')).toBe(1)
    expect(convertCents(62520, '1')).toBe(62520)
  })

  it('an exchange difference is received - owed, within the tolerance in basis points only', () => {
    expect(fxDifference(10000, 9800, 200)).toBe(-200) // exactly 2%
    expect(fxDifference(10000, 9799, 200)).toBeNull() // past it: a part payment
    expect(fxDifference(10000, 10150, 200)).toBe(150)
    expect(fxDifference(10000, 10000, 200)).toBeNull() // no difference
    expect(fxDifference(10000, 9900, 0)).toBeNull() // off
    expect(fxDifference(0, 100, 200)).toBeNull() // nothing owed
  })

  it('times payment links: expiry from decimal hours; the reminder never before now', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    expect(expiryFrom(now, 72).toISOString()).toBe('2026-03-04T00:00:00.000Z')
    expect(expiryFrom(now, 0.002).getTime() - now.getTime()).toBe(7200)
    const at = (expires: string) =>
      new Date(reminderAtMs(now.getTime(), Date.parse(expires), 86400)).toISOString()
    expect(at('2026-03-04T00:00:00Z')).toBe('2026-03-03T00:00:00.000Z')
    expect(at('2026-03-01T01:00:00Z')).toBe(now.toISOString())
  })

  it('parses the NexPay signature header and its paid statuses', () => {
    expect(parseSignatureHeader('t=1700000000,v1=ABCdef01')).toEqual({ t: 1700000000, v1: 'abcdef01' })
    expect(parseSignatureHeader('v1=abcd, t=12')).toEqual({ t: 12, v1: 'abcd' })
    expect(parseSignatureHeader('t=abc,v1=abcd')).toBeNull()
    expect(parseSignatureHeader('t=1')).toBeNull()
    expect(parseSignatureHeader(null)).toBeNull()
    expect(isNexpayPaid('paid')).toBe(true)
    expect(isNexpayPaid(' COMPLETED ')).toBe(true)
    expect(isNexpayPaid('PENDING')).toBe(false)
    expect(isNexpayPaid(undefined)).toBe(false)
    expect(normalisePaymentType('BUY_NOW_PAY_LATER')).toBe('BNPL')
  })
})
