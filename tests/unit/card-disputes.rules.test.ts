import { describe, expect, it } from 'vitest'
import { StripeGateway, type FetchLike } from '../../domain/card-payments/card-gateway'
import { disputedCents, outcomeOf, splitPremium } from '../../domain/card-payments/card-disputes.rules'

describe('card dispute rules', () => {
  it('holds at most what was paid; a dispute in another currency holds the whole payment', () => {
    expect(disputedCents({ amount: 50_00, currency: 'aud' }, 80_00, 'AUD')).toEqual({
      cents: 50_00,
      whole: false,
    })
    expect(disputedCents({ amount: 90_00, currency: 'AUD' }, 80_00, 'AUD')).toEqual({
      cents: 80_00,
      whole: false,
    })
    expect(disputedCents({ amount: 10_00, currency: 'usd' }, 80_00, 'AUD')).toEqual({
      cents: 80_00,
      whole: true,
    })
    expect(disputedCents({ amount: 10_00, currency: 'aud' }, 0, 'AUD')).toEqual({ cents: 0, whole: false })
  })

  it('takes the premium first, then the card surcharge', () => {
    // Paid 101.50: premium 100.00 and a 1.50 surcharge.
    expect(splitPremium(101_50, 1_50, 101_50)).toEqual({ premium: 100_00, surcharge: 1_50 })
    expect(splitPremium(100_50, 1_50, 101_50)).toEqual({ premium: 100_00, surcharge: 50 })
    expect(splitPremium(30_00, 1_50, 101_50)).toEqual({ premium: 30_00, surcharge: 0 })
    expect(splitPremium(30_00, 0, 101_50)).toEqual({ premium: 30_00, surcharge: 0 })
  })

  it("reads Stripe's closing statuses: won and warning_closed give the money back, lost takes it", () => {
    expect(outcomeOf('won')).toBe('WON')
    expect(outcomeOf('warning_closed')).toBe('WON')
    expect(outcomeOf('lost')).toBe('LOST')
    expect(outcomeOf('needs_response')).toBeNull()
    expect(outcomeOf('under_review')).toBeNull()
  })

  it("the Stripe gateway answers a paid session's PaymentIntent, and finds a session by it", async () => {
    const answers = [
      { id: 'cs_1', status: 'complete', payment_status: 'paid', amount_total: 100, payment_intent: 'pi_1' },
      { object: 'list', has_more: false, url: '/v1/checkout/sessions', data: [{ id: 'cs_1' }] },
      { object: 'list', has_more: false, url: '/v1/checkout/sessions', data: [] },
    ]
    const urls: string[] = []
    const fn: FetchLike = async (url) => {
      urls.push(url)
      return new Response(JSON.stringify(answers.shift()), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    }
    const gw = new StripeGateway('sk_test_secret', fn)
    expect(await gw.getCheckout('cs_1')).toEqual({ status: 'paid', amountPaidCents: 100, paymentId: 'pi_1' })
    expect(await gw.findCheckoutByPayment('pi_1')).toBe('cs_1')
    expect(await gw.findCheckoutByPayment('pi_2')).toBeNull()
    expect(urls[1]).toBe('https://api.stripe.com/v1/checkout/sessions?payment_intent=pi_1&limit=1')
  })
})
