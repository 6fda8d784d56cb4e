import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencies, cardPayments, exchangeRateQuotes, paymentLinks, policies } from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { percentOf } from '../../domain/quotes/pricing.rules'
import { temporalClient } from '../../temporal/client'
import { paymentLinkWorkflowId } from '../../workflows/payment-link-expiry/payment-link-expiry.contract'
import { agencyWithToken, api, lastMail } from '../setup/api'
import { startWorker } from '../setup/worker'
import { eventsFor } from '../setup/notifications'
import * as payPage from '../../app/routes/_payer+/pay.$reference'
import * as checkoutPage from '../../app/routes/_payer+/checkout.sandbox.$sessionId'

let stopWorker: () => Promise<void>
beforeAll(async () => {
  stopWorker = await startWorker()
})
afterAll(() => stopWorker())

const ORIGIN = 'http://test.local'
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} })

async function loadPage(reference: string, search = '') {
  return payPage.loader(args(new Request(`${ORIGIN}/pay/${reference}${search}`), { reference }))
}

async function thrown(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(Response)
  return err as Response
}

function post(path: string, fields: Record<string, string>) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return new Request(`${ORIGIN}${path}`, { method: 'POST', body: form })
}

async function linkFor(opts: { surcharge?: boolean; currency?: string; expires_in?: number } = {}) {
  const { agency, token } = await agencyWithToken()
  if (opts.surcharge)
    await getDb().update(agencies).set({ is_card_surcharge_enabled: true }).where(eq(agencies.id, agency.id))
  const { policy, customer } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
  const r = await api('POST', '/payment/createPaymentLink', {
    token,
    body: { policy_id: policy.id, currency: opts.currency ?? 'AUD', expires_in: opts.expires_in },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return { agency, token, policy, customer, link: r.body.data }
}

describe('payment links', () => {
  it('creates an ACTIVE link with an unguessable reference, the surcharged amount and a 72 h default expiry', async () => {
    const before = Date.now()
    const { policy, link, agency } = await linkFor({ surcharge: true, currency: 'NPR' })
    const premium = policy.premium!
    expect(link).toMatchObject({
      policy_id: policy.id,
      status: 'ACTIVE',
      currency: 'NPR',
      amount: (premium + percentOf(premium, '1.50')) / 100,
      url: `${ORIGIN}/pay/${link.reference}`,
    })
    expect(link.reference).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const expires = Date.parse(link.expires_at)
    expect(expires - before).toBeGreaterThanOrEqual(72 * 3_600_000 - 1000)
    expect(expires - Date.now()).toBeLessThanOrEqual(72 * 3_600_000)
    const [row] = await getDb().select().from(paymentLinks).where(eq(paymentLinks.id, link.id))
    expect(row).toMatchObject({
      agency_id: agency.id,
      status: 'ACTIVE',
      amount: premium + percentOf(premium, '1.50'),
    })

    // The agency is told, with the policy to open.
    expect(await eventsFor([agency.identity_id!], ['PAYMENT_LINK_CREATED'])).toEqual([
      expect.objectContaining({ link: `/agency/policies/${policy.id}` }),
    ])

    // Its expiry workflow runs.
    const client = await temporalClient()
    const described = await client.workflow.getHandle(paymentLinkWorkflowId(link.id)).describe()
    expect(described.status.name).toBe('RUNNING')
  })

  it('validates expires_in and refuses policies that cannot be paid, and other agencies', async () => {
    const { agency, token } = await agencyWithToken()
    const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
    const zero = await api('POST', '/payment/createPaymentLink', {
      token,
      body: { policy_id: policy.id, currency: 'AUD', expires_in: 0 },
    })
    expect(zero.status).toBe(400)
    expect(zero.body.errors.expires_in).toEqual(['expires_in must be a number of hours greater than 0'])
    const badCurrency = await api('POST', '/payment/createPaymentLink', {
      token,
      body: { policy_id: policy.id, currency: 'EUR' },
    })
    expect(badCurrency.status).toBe(400)
    const decimal = await api('POST', '/payment/createPaymentLink', {
      token,
      body: { policy_id: policy.id, currency: 'AUD', expires_in: 1.5 },
    })
    expect(decimal.status).toBe(201)
    const minutes = (Date.parse(decimal.body.data.expires_at) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(89)
    expect(minutes).toBeLessThanOrEqual(90)

    const paid = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    const refused = await api('POST', '/payment/createPaymentLink', {
      token,
      body: { policy_id: paid.policy.id, currency: 'AUD' },
    })
    expect(refused.status).toBe(409)
    const other = await agencyWithToken()
    expect(
      (
        await api('POST', '/payment/createPaymentLink', {
          token: other.token,
          body: { policy_id: policy.id, currency: 'AUD' },
        })
      ).status,
    ).toBe(404)
  })

  it('the public page shows the policy, student, insurer, cover and amount, with a converted amount', async () => {
    const { policy, customer, link } = await linkFor({ currency: 'NPR' })
    const page = await loadPage(link.reference)
    expect(page.link).toMatchObject({
      status: 'ACTIVE',
      payable: true,
      student: `${customer.first_name} ${customer.last_name}`,
      insurer: expect.any(String),
      amount: policy.premium! / 100,
      policy: { ref: policy.ref, start_date: policy.start_date, end_date: policy.end_date },
    })
    // The link's currency is shown from a stored exchange-rate quote (1 AUD = 88.5 NPR, seeded).
    expect(page.quote).toMatchObject({
      currency_pair: 'AUD/NPR',
      client_rate: 88.5,
      payment_currency: 'NPR',
      total_amount: policy.premium! / 100,
    })
    expect(page.quote!.payment_amount).toBeCloseTo((policy.premium! * 88.5) / 100, 1)
    const usd = await loadPage(link.reference, '?currency=AUD')
    expect(usd.quote).toBeNull()

    const missing = await thrown(loadPage('no-such-reference-at-all'))
    expect(missing.status).toBe(404)
  })

  it('quotesCreate answers a 15-minute quote from the rate table (AUD is rate 1)', async () => {
    const { token, policy } = await linkFor()
    const r = await api('POST', '/payment/quotesCreate', {
      token,
      body: { total_amount: 100, is_create_payment: true, policy_id: policy.id, payment_currency: 'NPR' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.data).toMatchObject({
      client_rate: 88.5,
      currency_pair: 'AUD/NPR',
      total_amount: 100,
      payment_amount: 8850,
      payment_currency: 'NPR',
    })
    const validFor = Date.parse(r.body.data.valid_to) - Date.parse(r.body.data.valid_from)
    expect(validFor).toBe(15 * 60_000)
    expect(Date.parse(r.body.data.refresh_at)).toBeLessThan(Date.parse(r.body.data.valid_to))
    const [stored] = await getDb()
      .select()
      .from(exchangeRateQuotes)
      .where(eq(exchangeRateQuotes.id, r.body.data.id))
    expect(stored).toMatchObject({ total_amount: 10000, payment_amount: 885000, client_rate: '88.500000' })

    const aud = await api('POST', '/payment/quotesCreate', {
      token,
      body: { total_amount: 12.34, is_create_payment: true, payment_currency: 'AUD' },
    })
    expect(aud.body.data).toMatchObject({ client_rate: 1, payment_amount: 12.34, currency_pair: 'AUD/AUD' })
    const bad = await api('POST', '/payment/quotesCreate', {
      token,
      body: { total_amount: -1, payment_currency: 'NPR' },
    })
    expect(bad.status).toBe(400)
    const other = await agencyWithToken()
    const foreign = await api('POST', '/payment/quotesCreate', {
      token: other.token,
      body: { total_amount: 10, policy_id: policy.id, payment_currency: 'NPR' },
    })
    expect(foreign.status).toBe(404)
  })

  it('paying by card through the sandbox marks the link PAID, settles the premium and stops the workflow', async () => {
    const { agency, policy, link } = await linkFor()
    const started = await payPage.action(args(post(`/pay/${link.reference}`, { intent: 'pay' }), link))
    expect(started).toBeInstanceOf(Response)
    const checkoutUrl = new URL((started as Response).headers.get('location')!)
    expect(checkoutUrl.pathname).toMatch(/^\/checkout\/sandbox\/cs_sandbox_/)
    const sessionId = checkoutUrl.pathname.split('/').pop()!

    // Coming back without paying: still payable, with the reason.
    const early = await loadPage(link.reference, `?session_id=${sessionId}`)
    expect(early.link.status).toBe('ACTIVE')
    expect(early.confirmError).toBe('The card payment has not been completed yet')

    const paid = await checkoutPage.action(
      args(
        post(`${checkoutUrl.pathname}${checkoutUrl.search}`, {
          intent: 'pay',
          card_number: '4242424242424242',
        }),
        {
          sessionId,
        },
      ),
    )
    const back = (paid as Response).headers.get('location')!
    expect(back).toBe(`${ORIGIN}/pay/${link.reference}?session_id=${sessionId}`)
    const page = await loadPage(link.reference, `?session_id=${sessionId}`)
    expect(page.link).toMatchObject({ status: 'PAID', payable: false })
    // Reloading the page settles nothing twice.
    expect((await loadPage(link.reference, `?session_id=${sessionId}`)).link.status).toBe('PAID')

    const [row] = await getDb().select().from(paymentLinks).where(eq(paymentLinks.id, link.id))
    expect(row.status).toBe('PAID')
    expect(row.paid_at).not.toBeNull()
    const [p] = await getDb().select().from(policies).where(eq(policies.id, policy.id))
    expect(p).toMatchObject({ status: 'PAYMENT_APPROVED', payment_method: 'CARD' })
    const cards = await getDb().select().from(cardPayments).where(eq(cardPayments.payment_link_id, link.id))
    expect(cards).toMatchObject([{ status: 'PAID', amount_paid: policy.premium }])
    expect((await lastMail(agency.email)).subject).toBe(
      `Policy ${policy.ref} has been paid through its payment link`,
    )

    // The agency is told once, in the payment's transaction (the reloads settled nothing again).
    expect(await eventsFor([agency.identity_id!], ['PAYMENT_LINK_PAID'])).toEqual([
      expect.objectContaining({ link: `/agency/policies/${policy.id}` }),
    ])

    const client = await temporalClient()
    expect(await client.workflow.getHandle(paymentLinkWorkflowId(link.id)).result()).toBe('paid')

    // A paid link shows its state and no pay button; paying again is refused.
    const again = await payPage.action(args(post(`/pay/${link.reference}`, { intent: 'pay' }), link))
    expect((again as { init: { status: number } }).init.status).toBe(409)
  })
})
