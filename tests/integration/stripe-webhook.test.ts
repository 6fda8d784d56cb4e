import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import { cardPayments, invoicePayments, invoices, policies } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { agencyWithToken, api, staffToken } from '../setup/api'
import { stripeStandIn } from '../setup/stripe-stand-in'

/**
 * Card payments through Stripe: the gateway uses the official SDK and the webhook checks the
 * signature with `stripe.webhooks.constructEvent`. Stripe's API cannot be reached from here, so
 * a local stand-in answers the two calls the gateway makes (create and read a Checkout Session).
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_this_file'
const { sessions, completed, signed, deliver } = stripeStandIn(WEBHOOK_SECRET)

describe('Stripe webhook', () => {
  it('settles the card payment of a completed Checkout Session once, after checking the signature', async () => {
    const { agency, token } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const checkout = await api('POST', '/payments/stripeCheckout', { token, body: { policy_id: policy.id } })
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200)
    const [card] = await getDb().select().from(cardPayments).where(eq(cardPayments.policy_id, policy.id))
    expect(card).toMatchObject({ gateway: 'stripe', status: 'PENDING' })
    const payload = completed(card.gateway_session_id)

    // Forged, stale and missing signatures are refused and change nothing.
    expect((await deliver(payload, signed(payload, 'whsec_someone_else'))).status).toBe(401)
    expect(
      (await deliver(payload, signed(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600))).status,
    ).toBe(401)
    expect((await deliver(payload, null)).status).toBe(401)
    expect((await deliver(payload.replace('paid', 'PAID'), signed(payload))).status).toBe(401)

    // Stripe says paid only once the customer has paid: until then the event settles nothing.
    const early = await deliver(payload, signed(payload))
    expect(early.status).toBe(409)
    const [stillOpen] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(stillOpen.status).not.toBe('PAYMENT_APPROVED')

    sessions.get(card.gateway_session_id)!.paid = true
    const first = await deliver(payload, signed(payload))
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toMatchObject({ handled: true, card_payment_status: 'PAID' })
    const again = await deliver(payload, signed(payload))
    expect(again.status).toBe(200)
    const [after] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(after.status).toBe('PAYMENT_APPROVED')
    const [paid] = await getDb().select().from(cardPayments).where(eq(cardPayments.id, card.id))
    expect(paid).toMatchObject({ status: 'PAID', amount_paid: card.amount })
  })

  it("records an invoice's card payment once, whether the webhook or the return page comes first", async () => {
    const { agency, token } = await agencyWithToken()
    const made = await api('POST', '/payment-system/invoice/createInvoiceWithLineItems', {
      token: await staffToken(),
      body: { line_item_type: 'PREMIUM', total_amount: 180.4, agency_id: agency.id },
    })
    const invoiceId = made.body.data.invoice_id as number
    const [inv] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    const r = await api('POST', '/payment-system/invoice-payment/createInvoicePayment', {
      token,
      body: { invoice_id: invoiceId, total_amount: inv.total_amount_due / 100, payment_method: 'CARD' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.data.intent).toMatchObject({ gateway: 'stripe', currency: 'AUD' })
    const sessionId = r.body.data.intent.payment_secret as string
    sessions.get(sessionId)!.paid = true
    const payload = completed(sessionId)
    const first = await deliver(payload, signed(payload))
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toMatchObject({ handled: true, card_payment_status: 'PAID' })
    expect((await deliver(payload, signed(payload))).status).toBe(200)
    const { confirmInvoiceCardPayment } =
      await import('../../domain/finance/invoices/confirm-invoice-card-payment')
    const { getActor } = await import('../../app/utils/session.server')
    const { actor } = await getActor(
      new Request('http://test.local/', { headers: { authorization: `Bearer ${token}` } }),
    )
    const late = await confirmInvoiceCardPayment({ actor, invoiceId, sessionId })
    expect(late.already_confirmed).toBe(true)
    const pays = await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId))
    expect(pays.map((p) => [p.method, p.status, p.payment_amount])).toEqual([
      ['CARD', 'COMPLETED', inv.total_amount_due],
    ])
    const [after] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(after.status).toBe('PAID')
  })

  it('acknowledges other events and sessions it did not create', async () => {
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    })
    expect((await deliver(other, signed(other))).body.data).toMatchObject({ handled: false })
    const unknown = completed('cs_not_ours')
    expect((await deliver(unknown, signed(unknown))).body.data).toMatchObject({ handled: false })
  })
})
