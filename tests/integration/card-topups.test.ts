import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyBalanceTransactions,
  agencyTopups,
  cardPayments,
  invoicePayments,
  invoices,
} from '../../db/schema'
import * as checkoutPage from '../../app/routes/_payer+/checkout.sandbox.$sessionId'
import * as topupsPage from '../../app/routes/agency+/finance.topups/route'
import { agencyWithToken, api, staffToken } from '../setup/api'
import { stripeStandIn } from '../setup/stripe-stand-in'

const AGENCY = '/agencies/finance-management'
const ORIGIN = 'http://test.local'

let staff: string
beforeAll(async () => {
  staff = await staffToken()
})

const balanceOf = async (agencyId: number) =>
  (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0].balance
const topupLedger = (agencyId: number) =>
  getDb()
    .select()
    .from(agencyBalanceTransactions)
    .where(
      and(
        eq(agencyBalanceTransactions.agency_id, agencyId),
        eq(agencyBalanceTransactions.type, 'AGENCY_TOPUP'),
      ),
    )

async function cardTopUp(token: string, agencyId: number, amount = 120.25) {
  const r = await api('POST', `${AGENCY}/doTopUpByAgency`, {
    token,
    body: { agency_id: agencyId, payment_method: 'CARD', amount },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data as {
    invoiceId: number
    topup: { id: number; status: string; amount: number; payment_method: string }
    checkout: { url: string; checkout_session_id: string; card_payment_id: number; gateway: string }
  }
}

/** The agency's top-up page as the gateway's redirect opens it (the return page). */
async function returnPage(token: string, query: string) {
  return topupsPage.loader({
    request: new Request(`${ORIGIN}/agency/finance/topups?${query}`, {
      headers: { cookie: `oshc_session=${token}` },
    }),
    params: {},
    context: {},
  })
}

/** Posts the sandbox checkout page's form, as the browser would. */
async function sandboxPage(checkoutUrl: string, fields: Record<string, string>) {
  const url = new URL(checkoutUrl)
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return checkoutPage.action({
    request: new Request(`${ORIGIN}${url.pathname}${url.search}`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    }),
    params: { sessionId: url.pathname.split('/').pop()! },
    context: {},
  })
}

describe('card top-ups through the sandbox gateway', () => {
  it('opens a checkout, credits the balance only on confirmation, and only once', async () => {
    const { agency, token } = await agencyWithToken()
    const { invoiceId, topup, checkout } = await cardTopUp(token, agency.id)
    expect(topup).toMatchObject({ status: 'REQUESTED', payment_method: 'CARD', amount: 120.25 })
    expect(checkout.gateway).toBe('sandbox')
    expect(checkout.url).toContain(`/checkout/sandbox/${checkout.checkout_session_id}`)
    const [card] = await getDb()
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.id, checkout.card_payment_id))
    expect(card).toMatchObject({
      topup_id: topup.id,
      invoice_id: invoiceId,
      amount: 12025,
      status: 'PENDING',
    })
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(invoice).toMatchObject({ invoice_type: 'TOPUP', status: 'PENDING', total_amount_due: 12025 })

    // Back before paying: nothing is credited, the page says so.
    const early = await returnPage(token, `checkout=success&session_id=${checkout.checkout_session_id}`)
    expect(early.card).toMatchObject({ ok: false, message: 'The card payment has not been completed yet' })
    expect(await balanceOf(agency.id)).toBe(0)
    // Staff cannot approve a card top-up by hand.
    const byHand = await api('POST', '/oshc/finance-management/topUpApprove', {
      token: staff,
      body: { top_up_id: topup.id },
    })
    expect(byHand.status).toBe(409)

    const paid = (await sandboxPage(checkout.url, {
      intent: 'pay',
      card_number: '4242 4242 4242 4242',
    })) as Response
    expect(paid.status).toBe(302)
    const back = new URL(paid.headers.get('location')!)
    expect(back.pathname).toBe('/agency/finance/topups')

    const first = await returnPage(token, back.search.slice(1))
    expect(first.card).toMatchObject({ ok: true, amount: 120.25, topupId: topup.id, alreadyConfirmed: false })
    // A reload, the API confirmation and parallel returns change nothing more.
    const again = await returnPage(token, back.search.slice(1))
    expect(again.card).toMatchObject({ ok: true, alreadyConfirmed: true })
    const racing = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', `${AGENCY}/confirmTopUpCheckout`, {
          token,
          body: { session_id: checkout.checkout_session_id },
        }),
      ),
    )
    expect(racing.map((r) => r.status)).toEqual(Array(10).fill(200))
    expect(racing.every((r) => r.body.data.already_confirmed)).toBe(true)

    expect(await balanceOf(agency.id)).toBe(12025)
    expect(await topupLedger(agency.id)).toMatchObject([
      { transaction_amount: 12025, balance: 12025, topup_id: topup.id },
    ])
    const [row] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topup.id))
    expect(row).toMatchObject({ status: 'APPROVED', payment_method: 'CARD' })
    const [settled] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(settled).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    expect(
      await getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId)),
    ).toMatchObject([
      { method: 'CARD', status: 'COMPLETED', payment_amount: 12025, card_payment_id: card.id },
    ])

    // Another agency cannot confirm (or learn about) this checkout.
    const { token: otherToken } = await agencyWithToken()
    const foreign = await api('POST', `${AGENCY}/confirmTopUpCheckout`, {
      token: otherToken,
      body: { session_id: checkout.checkout_session_id },
    })
    expect(foreign.status).toBe(404)
  })

  it('leaves the balance untouched when the card is declined or the checkout cancelled', async () => {
    const { agency, token } = await agencyWithToken()
    const { topup, checkout } = await cardTopUp(token, agency.id, 50)
    const declined = await sandboxPage(checkout.url, { intent: 'pay', card_number: '4000 0000 0000 0002' })
    expect((declined as { init: { status: number } }).init.status).toBe(400)
    const cancelled = (await sandboxPage(checkout.url, { intent: 'cancel' })) as Response
    expect(new URL(cancelled.headers.get('location')!).search).toBe('?checkout=cancel')
    expect((await returnPage(token, 'checkout=cancel')).card).toEqual({ cancelled: true })
    const late = await returnPage(token, `checkout=success&session_id=${checkout.checkout_session_id}`)
    expect(late.card).toMatchObject({ ok: false, message: 'The card checkout was cancelled or has expired' })
    expect(await balanceOf(agency.id)).toBe(0)
    expect(await topupLedger(agency.id)).toHaveLength(0)
    const [row] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topup.id))
    expect(row.status).toBe('REQUESTED')
  })
})

describe('card top-ups through Stripe', () => {
  const stripe = stripeStandIn('whsec_card_topups_test')
  const sessions = stripe.sessions
  const deliver = (sessionId: string) => stripe.deliver(stripe.completed(sessionId))

  it('credits the top-up on the webhook once, however many events and returns arrive', async () => {
    const { agency, token } = await agencyWithToken()
    const { topup, checkout } = await cardTopUp(token, agency.id, 75)
    expect(checkout).toMatchObject({ gateway: 'stripe' })
    expect(checkout.url).toContain('checkout.stripe.com')

    const early = await deliver(checkout.checkout_session_id)
    expect(early.status).toBe(409)
    expect(await balanceOf(agency.id)).toBe(0)

    sessions.get(checkout.checkout_session_id)!.paid = true
    const events = await Promise.all(Array.from({ length: 5 }, () => deliver(checkout.checkout_session_id)))
    expect(events.map((e) => e.status)).toEqual(Array(5).fill(200))
    expect(events[0].body.data).toMatchObject({ handled: true, card_payment_status: 'PAID' })
    const back = await returnPage(token, `checkout=success&session_id=${checkout.checkout_session_id}`)
    expect(back.card).toMatchObject({ ok: true, alreadyConfirmed: true, topupId: topup.id })

    expect(await balanceOf(agency.id)).toBe(7500)
    expect(await topupLedger(agency.id)).toHaveLength(1)
    const [row] = await getDb().select().from(agencyTopups).where(eq(agencyTopups.id, topup.id))
    expect(row).toMatchObject({ status: 'APPROVED', stripe_intent_id: checkout.checkout_session_id })
  })
})
