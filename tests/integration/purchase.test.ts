import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencies,
  agencyBalances,
  agencyBalanceTransactions,
  agencyConfigurations,
  agencyPaymentMethodConfigs,
  bnplTransactions,
  cardPayments,
  commissions,
  invoiceLineItems,
  invoices,
  notifications,
  policies,
  policyFiles,
  policyHistories,
  policyPremiumPayments,
  purchaseRules,
  tasks,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { receiveUpload } from '../../domain/files/storage'
import { percentOf } from '../../domain/quotes/pricing.rules'
import { agencyWithToken, api, lastMail, login, staffToken, tempPasswordFrom } from '../setup/api'
import * as checkoutPage from '../../app/routes/_payer+/checkout.sandbox.$sessionId'
import * as payPage from '../../app/routes/agency+/policies.$policyId.pay/route'

const AFM = '/agencies/finance-management'
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

let staff: string
beforeAll(async () => {
  staff = await staffToken()
})

async function initiated(agencyId: number, opts: Partial<Parameters<typeof createPolicy>[1]> = {}) {
  const { policy } = await createPolicy(getDb(), { agencyId, status: 'INITIATED', ...opts })
  return policy
}

async function fund(agencyId: number, cents: number) {
  await getDb().transaction((tx) =>
    postBalanceEntry(tx, { agencyId, type: 'AGENCY_TOPUP', amount: cents, actor: 'test' }),
  )
}

async function balanceOf(agencyId: number) {
  const [b] = await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId))
  return b
}

async function policyRow(id: number) {
  const [p] = await getDb().select().from(policies).where(eq(policies.id, id))
  return p
}

async function paymentsOf(policyId: number) {
  return getDb().select().from(policyPremiumPayments).where(eq(policyPremiumPayments.policy_id, policyId))
}

async function commissionOf(policyId: number) {
  const [c] = await getDb().select().from(commissions).where(eq(commissions.policy_id, policyId))
  return c
}

async function premiumInvoiceOf(policyId: number) {
  const [row] = await getDb()
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(and(eq(invoiceLineItems.policy_id, policyId), eq(invoices.invoice_type, 'PREMIUM')))
  return row.invoice
}

/** Uploads a small PDF through the presigned-URL flow as `token`; returns its key. */
async function uploadPdf(token: string) {
  const r = await api('POST', '/files/getUploadPresignedUrl', {
    token,
    body: { filename: 'transfer.pdf', content_type: 'application/pdf', size: PDF.length, folder: 'private' },
  })
  expect(r.status).toBe(200)
  const url = new URL(r.body.data.url)
  const key = decodeURIComponent(url.pathname.slice('/files/upload/'.length))
  await receiveUpload(key, url.searchParams, 'application/pdf', PDF)
  return key
}

const purchase = (token: string, body: Record<string, unknown>) =>
  api('POST', `${AFM}/purchasePolicy`, { token, body })

/** A route action's answer: a redirect Response, or Remix `data()` holding Conform's reply. */
function reply(result: unknown) {
  if (result instanceof Response)
    return {
      status: result.status,
      location: result.headers.get('location'),
      error: {} as Record<string, any>,
    }
  const r = result as { data: { error?: Record<string, string[] | null> }; init: { status?: number } | null }
  return { status: r.init?.status ?? 200, location: null, error: (r.data.error ?? {}) as Record<string, any> }
}

/** Posts the hosted sandbox checkout page's form (pay with a card, or cancel), as a browser would. */
async function postSandboxPage(checkoutUrl: string, fields: Record<string, string>) {
  const url = new URL(checkoutUrl)
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  return reply(
    await checkoutPage.action({
      request: new Request(`http://test.local${url.pathname}${url.search}`, { method: 'POST', body: form }),
      params: { sessionId: url.pathname.split('/').pop()! },
      context: {},
    }),
  )
}
const payOnSandboxPage = (url: string, cardNumber: string) =>
  postSandboxPage(url, { intent: 'pay', card_number: cardNumber })

describe('purchasePolicy', () => {
  it('BANK: document required on bank_document, then PURCHASED with a REQUESTED payment, proof file and staff task', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)

    const missing = await purchase(token, { policy_id: policy.id, payment_type: 'BANK' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.bank_document).toEqual(['Bank document is required'])
    expect((await policyRow(policy.id)).status).toBe('INITIATED')

    const foreign = await purchase(token, {
      policy_id: policy.id,
      payment_type: 'BANK',
      bank_document: 'private/not-mine.pdf',
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.errors.bank_document).toEqual(['File not found'])

    const key = await uploadPdf(token)
    const r = await purchase(token, { policy_id: policy.id, payment_type: 'BANK', bank_document: key })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'PURCHASED', payment: { status: 'REQUESTED' } })

    const p = await policyRow(policy.id)
    expect(p).toMatchObject({ status: 'PURCHASED', payment_method: 'BANK' })
    expect(p.purchased_at).not.toBeNull()
    const [payment] = await paymentsOf(policy.id)
    expect(payment).toMatchObject({
      status: 'REQUESTED',
      payment_type: 'BANK',
      amount: policy.premium,
      bank_document: key,
      created_by: agency.identity_id,
    })
    const commission = await commissionOf(policy.id)
    expect(commission).toMatchObject({
      status: 'PENDING',
      amount: percentOf(policy.premium_without_gst!, '10.00'),
      commission_rate: '10.00',
    })
    expect((await premiumInvoiceOf(policy.id)).status).toBe('PENDING')
    const files = await getDb().select().from(policyFiles).where(eq(policyFiles.policy_id, policy.id))
    expect(files).toMatchObject([{ url: key, file_type: 'PAYMENT_PROOF', name: 'transfer.pdf' }])
    const [task] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.workflow_id, `policy-payment-${policy.id}`))
    expect(task).toMatchObject({
      kind: 'policy_payment',
      audience: 'staff',
      subject: `Verify bank payment for policy ${policy.ref}`,
      agency_id: agency.id,
      link: '/staff/finance/verification',
      amount: policy.premium,
      closed_at: null,
    })
    const history = await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, policy.id))
    expect(history.map((h) => [h.action, h.from_status, h.status])).toContainEqual([
      'purchaseAwaitingPayment',
      'INITIATED',
      'PURCHASED',
    ])

    // Bought once: a second purchase is refused by the policy machine.
    const again = await purchase(token, { policy_id: policy.id, payment_type: 'BANK', bank_document: key })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/Payment verification pending/)
  })

  it('AGENCY_BALANCE: debits the balance and approves at once; 409 and nothing changes when short', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    const premium = policy.premium!

    await fund(agency.id, premium - 1)
    const short = await purchase(token, { policy_id: policy.id, payment_type: 'AGENCY_BALANCE' })
    expect(short.status).toBe(409)
    expect(short.body.message).toBe('Insufficient agency balance')
    expect((await balanceOf(agency.id)).balance).toBe(premium - 1)
    expect(await paymentsOf(policy.id)).toHaveLength(0)
    expect(await commissionOf(policy.id)).toBeUndefined()
    expect((await policyRow(policy.id)).status).toBe('INITIATED')

    await fund(agency.id, 1001)
    const r = await purchase(token, { policy_id: policy.id, payment_type: 'AGENCY_BALANCE' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ status: 'PAYMENT_APPROVED', agencyBalance: 10 })
    expect((await balanceOf(agency.id)).balance).toBe(1000)
    const p = await policyRow(policy.id)
    expect(p).toMatchObject({ status: 'PAYMENT_APPROVED', payment_method: 'AGENCY_BALANCE' })
    const [payment] = await paymentsOf(policy.id)
    expect(payment).toMatchObject({ status: 'PAID', payment_type: 'AGENCY_BALANCE', amount: premium })
    expect(payment.paid_at).not.toBeNull()
    expect((await commissionOf(policy.id)).status).toBe('COMMISSION_BANKED')
    expect(await premiumInvoiceOf(policy.id)).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    const ledger = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(
        and(
          eq(agencyBalanceTransactions.agency_id, agency.id),
          eq(agencyBalanceTransactions.type, 'POLICY_PURCHASED'),
        ),
      )
    expect(ledger).toMatchObject([{ transaction_amount: -premium, balance: 1000, policy_id: policy.id }])
    // The policy team hears of the purchase (POLICY_PURCHASED), the agency of its banked commission
    // (COMMISSION_GENERATED); the premium invoice the sale raised (and paid) tells nobody (issue 29).
    const events = await getDb()
      .select({ type: notifications.event_type, link: notifications.link })
      .from(notifications)
      .where(sql`${notifications.meta}->>'policy_id' = ${String(policy.id)}`)
      .orderBy(notifications.event_type)
    expect(events).toEqual([
      { type: 'COMMISSION_GENERATED', link: '/agency/finance/commission' },
      { type: 'POLICY_PURCHASED', link: `/staff/policies/${policy.id}` },
    ])
    const invoice = await premiumInvoiceOf(policy.id)
    const created = await getDb()
      .select({ link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.event_type, 'INVOICE_CREATED'),
          sql`${notifications.meta}->>'invoice_id' = ${String(invoice.id)}`,
        ),
      )
    expect(created).toEqual([])
  })

  it('10 parallel balance purchases: exactly those the balance covers succeed, never overdrawn', async () => {
    const { agency, token } = await agencyWithToken()
    const list = []
    for (let i = 0; i < 10; i++) list.push(await initiated(agency.id))
    const premium = list[0].premium!
    const start = premium * 4 + Math.floor(premium / 2)
    await fund(agency.id, start)
    const answers = await Promise.all(
      list.map((p) => purchase(token, { policy_id: p.id, payment_type: 'AGENCY_BALANCE' })),
    )
    const ok = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 409)
    expect(ok).toHaveLength(4)
    expect(refused).toHaveLength(6)
    for (const a of refused) expect(a.body.message).toBe('Insufficient agency balance')
    const balance = (await balanceOf(agency.id)).balance
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(balance).toBe(start - 4 * premium)
    const approved = await getDb()
      .select()
      .from(policies)
      .where(and(eq(policies.agency_id, agency.id), eq(policies.status, 'PAYMENT_APPROVED')))
    expect(approved).toHaveLength(4)
    const debits = await getDb()
      .select()
      .from(agencyBalanceTransactions)
      .where(
        and(
          eq(agencyBalanceTransactions.agency_id, agency.id),
          eq(agencyBalanceTransactions.type, 'POLICY_PURCHASED'),
        ),
      )
    expect(debits).toHaveLength(4)
  })

  it('BNPL: needs the insurer flag and enough allowance; then PAYMENT_BY_BUY_NOW_PAY_LATER', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    const premium = policy.premium!

    const notEnabled = await purchase(token, { policy_id: policy.id, payment_type: 'BNPL' })
    expect(notEnabled.status).toBe(409)
    expect(notEnabled.body.message).toBe('Buy now, pay later is not enabled for this insurer')

    await getDb()
      .update(agencyConfigurations)
      .set({ is_buy_now_pay_later_enabled: true })
      .where(
        and(eq(agencyConfigurations.agency_id, agency.id), eq(agencyConfigurations.insurance_provider_id, 1)),
      )
    const allow = (cents: number) =>
      getDb()
        .insert(agencyBalances)
        .values({
          agency_id: agency.id,
          buy_now_pay_later_amount: cents,
          buy_now_pay_later_remaining_amount: cents,
        })
        .onConflictDoUpdate({
          target: agencyBalances.agency_id,
          set: { buy_now_pay_later_amount: cents, buy_now_pay_later_remaining_amount: cents },
        })
    // The allowance as the agency configuration sets it (nothing used yet).
    await allow(premium - 1)
    const short = await purchase(token, { policy_id: policy.id, payment_type: 'BUY_NOW_PAY_LATER' })
    expect(short.status).toBe(409)
    expect(short.body.message).toBe('Insufficient buy now pay later allowance')
    expect((await balanceOf(agency.id)).buy_now_pay_later_remaining_amount).toBe(premium - 1)

    await allow(premium + 500)
    const r = await purchase(token, { policy_id: policy.id, payment_type: 'BUY_NOW_PAY_LATER' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({
      status: 'PAYMENT_BY_BUY_NOW_PAY_LATER',
      buyNowPayLaterRemainingAmount: 5,
    })
    expect(await policyRow(policy.id)).toMatchObject({
      status: 'PAYMENT_BY_BUY_NOW_PAY_LATER',
      payment_method: 'BNPL',
      provider_payment_status: 'BUY_NOW_PAY_LATER',
    })
    const [payment] = await paymentsOf(policy.id)
    expect(payment).toMatchObject({ status: 'PENDING_CREDIT_PAYMENT', payment_type: 'BNPL', amount: premium })
    expect((await commissionOf(policy.id)).status).toBe('PENDING')
    expect((await premiumInvoiceOf(policy.id)).status).toBe('PENDING')
    const ledger = await getDb()
      .select()
      .from(bnplTransactions)
      .where(and(eq(bnplTransactions.agency_id, agency.id), eq(bnplTransactions.policy_id, policy.id)))
    expect(ledger).toMatchObject([{ transaction_amount: -premium, remaining: 500 }])
  })

  it('NEXPAY: PURCHASED with a REQUESTED NEXPAY payment and the policy ref as reference', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    const r = await purchase(token, { policy_id: policy.id, payment_type: 'NEXPAY' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({
      status: 'PURCHASED',
      nexpay: { reference: policy.ref, amount: policy.premium! / 100 },
    })
    expect(r.body.data.nexpay.instructions).toContain(policy.ref)
    expect(await policyRow(policy.id)).toMatchObject({ status: 'PURCHASED', payment_method: 'NEXPAY' })
    expect(await paymentsOf(policy.id)).toMatchObject([{ status: 'REQUESTED', payment_type: 'NEXPAY' }])
    expect((await commissionOf(policy.id)).status).toBe('PENDING')
  })

  it('a disabled method, a wrong state, an unknown method and another agency are refused', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    await getDb().insert(agencyPaymentMethodConfigs).values({
      agency_id: agency.id,
      insurance_provider_id: 1,
      payment_method: 'agency_balance',
      is_payment_method_enabled: false,
    })
    await fund(agency.id, policy.premium!)
    const disabled = await purchase(token, { policy_id: policy.id, payment_type: 'AGENCY_BALANCE' })
    expect(disabled.status).toBe(409)
    expect(disabled.body.message).toBe('Agency balance is not available for this policy')
    expect((await balanceOf(agency.id)).balance).toBe(policy.premium)

    const methods = await api('GET', `${AFM}/getAvailablePaymentMethodsForAgency/${policy.id}`, { token })
    expect(methods.status).toBe(200)
    expect(methods.body.data).toMatchObject({
      Bank: true,
      AgencyBalance: false,
      BuyNowPayLater: false,
      Card: true,
      Nexpay: true,
      agencyBalance: policy.premium! / 100,
      buyNowPayLaterRemainingAmount: 0,
      isCardSurchargeEnabled: false,
      cardSurchargeRate: 1.5,
      premium: policy.premium! / 100,
      cardAmount: policy.premium! / 100,
    })

    const paid = await createPolicy(getDb(), { agencyId: agency.id, status: 'PAYMENT_APPROVED' })
    const wrong = await purchase(token, { policy_id: paid.policy.id, payment_type: 'NEXPAY' })
    expect(wrong.status).toBe(409)
    expect(wrong.body.message).toMatch(/Payment approved/)

    const draft = await createPolicy(getDb(), { agencyId: agency.id, status: 'OTHER_DETAILS_ADDED' })
    expect((await purchase(token, { policy_id: draft.policy.id, payment_type: 'NEXPAY' })).status).toBe(409)

    const unknown = await purchase(token, { policy_id: policy.id, payment_type: 'CHEQUE' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.payment_type).toBeDefined()

    const other = await agencyWithToken()
    const foreign = await purchase(other.token, { policy_id: policy.id, payment_type: 'NEXPAY' })
    expect(foreign.status).toBe(404)
    const foreignMethods = await api('GET', `${AFM}/getAvailablePaymentMethodsForAgency/${policy.id}`, {
      token: other.token,
    })
    expect(foreignMethods.status).toBe(404)
    expect((await policyRow(policy.id)).status).toBe('INITIATED')
  })

  it('an insurer not configured for the agency offers no method', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id, { providerId: 2 })
    const methods = await api('GET', `${AFM}/getAvailablePaymentMethodsForAgency/${policy.id}`, { token })
    expect(methods.body.data).toMatchObject({ Bank: false, Card: false, Nexpay: false, AgencyBalance: false })
    const r = await purchase(token, { policy_id: policy.id, payment_type: 'NEXPAY' })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe('This insurer is not configured for your agency')
  })

  it('a quote protected by a purchase rule is refused until the should-buy policies are bought', async () => {
    const { agency, token } = await agencyWithToken()
    await getDb().insert(purchaseRules).values({
      agency_id: agency.id,
      should_buy_insurance_provider_id: 3,
      should_buy_policy_type: 'SINGLE',
      should_buy_quantity: 1,
      can_buy_insurance_provider_id: 1,
      can_buy_policy_type: 'SINGLE',
    })
    const locked = await initiated(agency.id, { providerId: 1 })
    const refused = await purchase(token, { policy_id: locked.id, payment_type: 'NEXPAY' })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/protected by a purchase rule/)
    expect(await paymentsOf(locked.id)).toHaveLength(0)
    const card = await api('POST', '/payments/stripeCheckout', { token, body: { policy_id: locked.id } })
    expect(card.status).toBe(409)

    const unlocking = await initiated(agency.id, { providerId: 3, commissionRate: '12.50' })
    expect((await purchase(token, { policy_id: unlocking.id, payment_type: 'NEXPAY' })).status).toBe(200)
    const [rule] = await getDb().select().from(purchaseRules).where(eq(purchaseRules.agency_id, agency.id))
    expect(rule.has_bought_quantity).toBe(1)
    const now = await purchase(token, { policy_id: locked.id, payment_type: 'NEXPAY' })
    expect(now.status, JSON.stringify(now.body)).toBe(200)
  })

  it('permissions: staff and an agency user without purchase get 403; no session 401', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    expect((await purchase(staff, { policy_id: policy.id, payment_type: 'NEXPAY' })).status).toBe(403)
    expect((await api('POST', `${AFM}/purchasePolicy`, { body: { policy_id: policy.id } })).status).toBe(401)

    const role = await api('POST', '/agencies/user-management/createAgencyUserRole', {
      token,
      body: { name: 'Quotes only' },
    })
    const perms = await api('GET', '/agencies/user-management/getAgencyUserPemissions', { token })
    const quoteId = perms.body.data.find((p: any) => p.name === 'quote').id
    await api('POST', `/agencies/user-management/AssignPermissionforAgencyRole/${role.body.data.id}`, {
      token,
      body: { agency_permission_id: [quoteId] },
    })
    const email = `quoter-${Date.now()}@example.test`
    const created = await api('POST', '/agencies/user-management/createAgencyUser', {
      token,
      body: { first_name: 'Quinn', last_name: 'Quoter', email, agency_role_id: role.body.data.id },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const userToken = await login(email, tempPasswordFrom((await lastMail(email)).text)!)
    expect((await purchase(userToken, { policy_id: policy.id, payment_type: 'NEXPAY' })).status).toBe(403)
    expect(
      (await api('POST', '/payments/stripeCheckout', { token: userToken, body: { policy_id: policy.id } }))
        .status,
    ).toBe(403)
    expect((await policyRow(policy.id)).status).toBe('INITIATED')
  })
})

describe('card payments through the sandbox gateway', () => {
  it('checkout with surcharge, a declined card, payment on the hosted page, confirmation (idempotent)', async () => {
    const { agency, token } = await agencyWithToken()
    await getDb().update(agencies).set({ is_card_surcharge_enabled: true }).where(eq(agencies.id, agency.id))
    const policy = await initiated(agency.id)
    const premium = policy.premium!
    const surcharge = percentOf(premium, '1.50')

    const r = await purchase(token, { policy_id: policy.id, payment_type: 'CARD' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const checkout = r.body.data
    expect(checkout.url).toMatch(/^http:\/\/test\.local\/checkout\/sandbox\/cs_sandbox_/)
    expect(checkout.success_url).toBe(
      `http://test.local/agency/policies/${policy.id}/pay?checkout=success&session_id=${checkout.checkout_session_id}`,
    )
    expect(checkout.cancel_url).toBe(`http://test.local/agency/policies/${policy.id}/pay?checkout=cancel`)
    expect(checkout.amount).toBe((premium + surcharge) / 100)
    const [row] = await getDb()
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.id, checkout.card_payment_id))
    expect(row).toMatchObject({
      gateway: 'sandbox',
      status: 'PENDING',
      amount: premium + surcharge,
      surcharge_amount: surcharge,
      surcharge_rate: '1.50',
      policy_id: policy.id,
    })
    // Nothing changes before the gateway confirms.
    expect((await policyRow(policy.id)).status).toBe('INITIATED')
    const confirm = () =>
      api('POST', '/payments/stripeConfirmCheckout', {
        token,
        body: { checkout_session_id: checkout.checkout_session_id, policy_id: policy.id },
      })
    const early = await confirm()
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('The card payment has not been completed yet')

    // The hosted page shows what is paid.
    const checkoutUrl = new URL(checkout.url)
    const shown = await checkoutPage.loader({
      request: new Request(`http://test.local${checkoutUrl.pathname}${checkoutUrl.search}`),
      params: { sessionId: checkout.checkout_session_id },
      context: {},
    })
    expect(shown!.checkout).toMatchObject({
      amount: (premium + surcharge) / 100,
      surcharge_amount: surcharge / 100,
      description: `Overseas student health cover, policy ${policy.ref}`,
      state: 'open',
    })

    // The hosted page: a declined card shows an error and nothing is paid.
    const declined = await payOnSandboxPage(checkout.url, '4000 0000 0000 0002')
    expect(declined.status).toBe(400)
    expect(declined.error.card_number).toEqual(['Your card was declined. Try another card.'])
    expect((await confirm()).status).toBe(409)

    // A forged page URL is unknown.
    const forged = new URL(checkout.url)
    forged.searchParams.set('success', 'https://evil.example/steal')
    await expect(payOnSandboxPage(forged.toString(), '4242424242424242')).rejects.toMatchObject({
      status: 404,
    })

    const paid = await payOnSandboxPage(checkout.url, '4242 4242 4242 4242')
    expect(paid.status).toBe(302)
    expect(paid.location).toBe(checkout.success_url)

    const first = await confirm()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.data).toMatchObject({ status: 'PAYMENT_APPROVED', already_confirmed: false })
    const second = await confirm()
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({ status: 'PAYMENT_APPROVED', already_confirmed: true })

    expect(await policyRow(policy.id)).toMatchObject({
      status: 'PAYMENT_APPROVED',
      payment_method: 'CARD',
      surcharge_rate: '1.50',
      surcharge_amount: surcharge,
      is_surcharge_applied: true,
    })
    const payments = await paymentsOf(policy.id)
    expect(payments).toMatchObject([
      {
        status: 'PAID',
        payment_type: 'CARD',
        amount: premium,
        surcharge_amount: surcharge,
        receipt_id: row.ref,
      },
    ])
    expect((await commissionOf(policy.id)).status).toBe('COMMISSION_BANKED')
    expect((await premiumInvoiceOf(policy.id)).status).toBe('PAID')
    const [after] = await getDb().select().from(cardPayments).where(eq(cardPayments.id, row.id))
    expect(after).toMatchObject({ status: 'PAID', amount_paid: premium + surcharge })

    // Another agency cannot confirm (or even see) this checkout.
    const other = await agencyWithToken()
    const foreign = await api('POST', '/payments/stripeConfirmCheckout', {
      token: other.token,
      body: { checkout_session_id: checkout.checkout_session_id, policy_id: policy.id },
    })
    expect(foreign.status).toBe(404)
  })

  it('stripeCheckout and airwallexCheckout answer the same kind of checkout; cancel on the page', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    const s = await api('POST', '/payments/stripeCheckout', { token, body: { policy_id: policy.id } })
    expect(s.status, JSON.stringify(s.body)).toBe(200)
    expect(Object.keys(s.body.data)).toEqual(expect.arrayContaining(['url', 'success_url', 'cancel_url']))

    const preview = await api('POST', '/payments/airwallexCheckout', {
      token,
      body: { currency: 'AUD', is_create_payment: false, policies: [policy.id], is_bnpl_payment: false },
    })
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ amount: policy.premium! / 100, policies: [policy.id] })
    expect(preview.body.data.url).toBeUndefined()
    const wrongTotal = await api('POST', '/payments/airwallexCheckout', {
      token,
      body: { currency: 'AUD', is_create_payment: true, policies: [policy.id], total_amount: 1 },
    })
    expect(wrongTotal.status).toBe(409)
    const byInvoice = await api('POST', '/payments/airwallexCheckout', {
      token,
      body: { currency: 'AUD', is_create_payment: true, invoice_id: (await premiumInvoiceOf(policy.id)).id },
    })
    expect(byInvoice.status, JSON.stringify(byInvoice.body)).toBe(200)
    expect(byInvoice.body.data.url).toMatch(/\/checkout\/sandbox\//)

    const cancel = await postSandboxPage(byInvoice.body.data.url, { intent: 'cancel' })
    expect(cancel.status).toBe(302)
    expect(cancel.location).toBe(byInvoice.body.data.cancel_url)
    const cancelled = await api('POST', '/payments/stripeConfirmCheckout', {
      token,
      body: { checkout_session_id: byInvoice.body.data.checkout_session_id, policy_id: policy.id },
    })
    expect(cancelled.status).toBe(409)
    expect(cancelled.body.message).toBe('The card checkout was cancelled or has expired')
    expect((await policyRow(policy.id)).status).toBe('INITIATED')
  })
})

describe('the agency payment screen (loader and action, as a browser without JavaScript posts them)', () => {
  const ORIGIN = 'http://test.local'
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const postForm = (path: string, form: FormData, token: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: form,
    })
  const formOf = (fields: Record<string, string | File>) => {
    const f = new FormData()
    for (const [k, v] of Object.entries(fields)) f.set(k, v)
    return f
  }
  const args = (request: Request, policyId: number) => ({
    request,
    params: { policyId: String(policyId) },
    context: {},
  })
  const intentReply = (result: unknown) => {
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get('location'), error: {}, data: null as any }
    const r = result as { data: any; init: { status?: number } | null }
    return { status: r.init?.status ?? 200, location: null, error: r.data?.error ?? {}, data: r.data }
  }

  it('shows the options, asks for the bank document under its field, and pays by bank transfer', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    const path = `/agency/policies/${policy.id}/pay`
    const page = await payPage.loader(args(get(path, token), policy.id))
    expect(page!.options).toMatchObject({ ref: policy.ref, isPayable: true, Bank: true, Nexpay: true })
    expect(page!.options.policy.student).toMatch(/Example$/)

    const empty = new File([], '', { type: 'application/octet-stream' })
    const missing = intentReply(
      await payPage.action(
        args(postForm(path, formOf({ intent: 'bank', bank_document: empty }), token), policy.id),
      ),
    )
    expect(missing.status).toBe(400)
    // The reply names its form (the bank method's), so only that form shows the message.
    expect(missing.data.initialValue.intent).toBe('bank')
    expect(missing.error.bank_document).toEqual(['Bank document is required'])

    const proof = new File([PDF], 'proof.pdf', { type: 'application/pdf' })
    const done = intentReply(
      await payPage.action(
        args(postForm(path, formOf({ intent: 'bank', bank_document: proof }), token), policy.id),
      ),
    )
    expect(done.status).toBe(302)
    expect(done.location).toBe(`/agency/policies/${policy.id}`)
    expect((await policyRow(policy.id)).status).toBe('PURCHASED')
    expect((await paymentsOf(policy.id))[0].bank_document).toMatch(/proof\.pdf$/)

    const after = await payPage.loader(args(get(path, token), policy.id))
    expect(after!.options.isPayable).toBe(false)
  })

  it('refuses a short balance with the reason, creates a payment link and pays by card through the checkout', async () => {
    const { agency, token } = await agencyWithToken()
    const policy = await initiated(agency.id)
    const path = `/agency/policies/${policy.id}/pay`
    const short = intentReply(
      await payPage.action(args(postForm(path, formOf({ intent: 'balance' }), token), policy.id)),
    )
    expect(short.status).toBe(409)
    expect(short.error['']).toEqual(['Insufficient agency balance'])

    const badLink = intentReply(
      await payPage.action(
        args(postForm(path, formOf({ intent: 'link', currency: 'AUD', expires_in: '-3' }), token), policy.id),
      ),
    )
    expect(badLink.status).toBe(400)
    expect(badLink.error.expires_in).toEqual(['expires_in must be a number of hours greater than 0'])
    const link = intentReply(
      await payPage.action(
        args(postForm(path, formOf({ intent: 'link', currency: 'USD', expires_in: '24' }), token), policy.id),
      ),
    )
    expect(link.status).toBe(200)
    expect(link.data.link).toMatchObject({ currency: 'USD', status: 'ACTIVE' })
    expect(link.data.link.url).toMatch(/^http:\/\/test\.local\/pay\//)
    const withLink = await payPage.loader(args(get(path, token), policy.id))
    expect(withLink!.links.map((l) => l.url)).toEqual([link.data.link.url])

    const card = intentReply(
      await payPage.action(args(postForm(path, formOf({ intent: 'card' }), token), policy.id)),
    )
    expect(card.status).toBe(302)
    expect(card.location).toMatch(/^http:\/\/test\.local\/checkout\/sandbox\/cs_sandbox_/)
    const paid = await payOnSandboxPage(card.location!, '4242424242424242')
    const back = new URL(paid.location!)
    expect(back.pathname).toBe(path)
    const result = await payPage.loader(args(get(`${back.pathname}${back.search}`, token), policy.id))
    expect(result!.card).toEqual({ ok: true, status: 'PAYMENT_APPROVED' })
    expect(result!.options.status).toBe('PAYMENT_APPROVED')

    const other = await agencyWithToken()
    const foreign = await payPage.loader(args(get(path, other.token), policy.id)).catch((e: unknown) => e)
    expect(foreign).toBeInstanceOf(Response)
    expect((foreign as Response).status).toBe(404)
  })
})
