import { beforeAll, describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  agencyBalances,
  agencyBalanceTransactions,
  cardPayments,
  clawbacks,
  customers,
  files,
  invoiceHistories,
  invoiceLineItems,
  invoicePaymentDocuments,
  invoicePayments,
  invoices,
  notifications,
} from '../../db/schema'
import { createPolicy } from '../../db/seed/factories'
import { postBalanceEntry } from '../../domain/finance/ledger/ledger'
import { paySandboxCheckout } from '../../domain/card-payments/sandbox-checkout'
import { agencyWithToken, api, staffWith } from '../setup/api'

const PAY = '/payment-system'
const LINE = `${PAY}/invoice-line-item`
const INV = `${PAY}/invoice`
const PAYMENT = `${PAY}/invoice-payment`
const DOC = `${PAY}/invoice-payment-document`

let clerk: string
let checker: string
let policyDesk: string
let quoteOnly: string
let seq = 0

beforeAll(async () => {
  ;[clerk, checker, policyDesk, quoteOnly] = await Promise.all([
    staffWith(['finance']),
    staffWith(['finance']),
    staffWith(['policy_management']),
    staffWith(['quote']),
  ])
})

/** A stored, uploaded file row of `agencyId`, as the presigned upload leaves it. */
async function uploadedFile(agencyId: number | null, name = 'transfer.pdf') {
  const key = `private/inv-test-${Date.now().toString(36)}-${++seq}-${name}`
  await getDb().insert(files).values({
    key,
    folder: 'private',
    filename: name,
    content_type: 'application/pdf',
    size: 10,
    agency_id: agencyId,
    uploaded_at: new Date(),
  })
  return key
}

/** An agency with a policy whose PREMIUM invoice is open; answers the invoice and its line. */
async function agencyWithInvoice() {
  const { agency, token } = await agencyWithToken()
  const { policy } = await createPolicy(getDb(), { agencyId: agency.id, status: 'INITIATED' })
  const [line] = await getDb()
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.policy_id, policy.id))
  const invoice = await invoiceRow(line.invoice_id!)
  return { agency, token, policy, line, invoice }
}

/**
 * An agency with an open PREMIUM invoice it may pay on the invoice pages (made by staff `checker`,
 * so `clerk` may mark it paid); a policy's own purchase invoice is paid by purchasing instead.
 */
async function payableInvoice(cents = 12345) {
  const { agency, token } = await agencyWithToken()
  const invoiceId = await staffInvoice(agency.id, cents, false, checker)
  const [line] = await getDb()
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoice_id, invoiceId))
  return { agency, token, line, invoice: await invoiceRow(invoiceId) }
}

const invoiceRow = async (id: number) => (await getDb().select().from(invoices).where(eq(invoices.id, id)))[0]
const paymentsOf = (invoiceId: number) =>
  getDb().select().from(invoicePayments).where(eq(invoicePayments.invoice_id, invoiceId))
const balanceOf = async (agencyId: number) =>
  Number(
    (await getDb().select().from(agencyBalances).where(eq(agencyBalances.agency_id, agencyId)))[0]?.balance ??
      0,
  )
const ledgerOf = (agencyId: number) =>
  getDb()
    .select()
    .from(agencyBalanceTransactions)
    .where(eq(agencyBalanceTransactions.agency_id, agencyId))
    .orderBy(agencyBalanceTransactions.id)
const fund = (agencyId: number, cents: number) =>
  postBalanceEntry(getDb(), { agencyId, type: 'AGENCY_TOPUP', amount: cents, actor: 'test' })
const completedSum = async (invoiceId: number) =>
  (await paymentsOf(invoiceId))
    .filter((p) => p.status === 'COMPLETED')
    .reduce((s, p) => s + p.payment_amount, 0)

/** A staff-made invoice of `cents` for the agency (PENDING or DRAFT). */
async function staffInvoice(agencyId: number, cents: number, isDraft = false, token = clerk) {
  const r = await api('POST', `${INV}/createInvoiceWithLineItems`, {
    token,
    body: { line_item_type: 'PREMIUM', total_amount: cents / 100, agency_id: agencyId, is_draft: isDraft },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data.invoice_id as number
}

describe('line items', () => {
  it('lists, reads by ids and exports line items of the caller’s agency only; another agency’s are 404', async () => {
    const a = await agencyWithInvoice()
    const b = await agencyWithInvoice()
    const mine = await api('GET', `${LINE}/getAllInvoiceLineItems`, {
      token: a.token,
      query: { policy_id: String(a.policy.id) },
    })
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.data.map((l: any) => l.id)).toEqual([a.line.id])
    expect(mine.body.data[0]).toMatchObject({
      policy_ref: a.policy.ref,
      invoice: { id: a.invoice.id, invoice_type: 'PREMIUM' },
      agency: { id: a.agency.id },
      provider: { id: 1 },
      formatted_total_amount: expect.stringContaining('$'),
    })
    expect(mine.body.data[0].customer.first_name).toBeTruthy()
    // The agency never sees another's, even when it names it.
    const all = await api('GET', `${LINE}/getAllInvoiceLineItems`, {
      token: a.token,
      query: { perPage: '100' },
    })
    expect(all.body.data.every((l: any) => l.agency_id === a.agency.id)).toBe(true)
    expect(
      (
        await api('GET', `${LINE}/getAllInvoiceLineItems`, {
          token: a.token,
          query: { agency_id: String(b.agency.id) },
        })
      ).status,
    ).toBe(404)
    const staff = await api('GET', `${LINE}/getAllInvoiceLineItems`, {
      token: clerk,
      query: { agency_id: String(b.agency.id), line_item_type: 'PREMIUM' },
    })
    expect(staff.body.data.map((l: any) => l.id)).toContain(b.line.id)
    expect(
      (
        await api('GET', `${LINE}/getAllInvoiceLineItems`, {
          token: clerk,
          query: { line_item_type: 'NOPE' },
        })
      ).status,
    ).toBe(400)

    const byIds = await api('GET', `${LINE}/getInvoiceLineItemsByIds`, {
      token: a.token,
      query: { ids: String(a.line.id), agency_id: String(a.agency.id) },
    })
    expect(byIds.status).toBe(200)
    expect(byIds.body.data.map((l: any) => l.id)).toEqual([a.line.id])
    expect(
      (
        await api('GET', `${LINE}/getInvoiceLineItemsByIds`, {
          token: a.token,
          query: { ids: `${a.line.id},${b.line.id}` },
        })
      ).status,
    ).toBe(404)
    expect((await api('GET', `${LINE}/getInvoiceLineItemById/${b.line.id}`, { token: a.token })).status).toBe(
      404,
    )

    const csv = await api('POST', `${LINE}/exportAllInvoliceLineItems`, {
      token: a.token,
      query: { policy_id: String(a.policy.id) },
    })
    expect(csv.status).toBe(200)
    const text = typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body)
    expect(text).toContain('Line item ID')
    expect(text).toContain(a.policy.ref)
    expect(text).not.toContain(b.policy.ref)
    expect((await api('GET', `${LINE}/getAllInvoiceLineItems`, { token: quoteOnly })).status).toBe(403)
  })

  it('updates a line on an open invoice (totals = sum of lines); a paid invoice’s lines are immutable (409)', async () => {
    const a = await payableInvoice()
    const r = await api('POST', `${LINE}/updateInvoiceLineItem/${a.line.id}`, {
      token: clerk,
      body: { description: 'Corrected premium', total_amount: '500.00', tax_amount: '45.45' },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const inv = await invoiceRow(a.invoice.id)
    const [sums] = await getDb()
      .select({ total: sql<number>`sum(${invoiceLineItems.total_amount})::bigint` })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoice_id, a.invoice.id))
    expect(inv.total_amount_due).toBe(50000)
    expect(Number(sums.total)).toBe(50000)
    expect(inv.tax_total).toBe(4545)
    expect(inv.total_outstanding_amount).toBe(50000)
    expect(
      (
        await api('POST', `${LINE}/updateInvoiceLineItem/${a.line.id}`, {
          token: clerk,
          body: { total_amount: 10, tax_amount: 20 },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await api('POST', `${LINE}/updateInvoiceLineItem/${a.line.id}`, {
          token: a.token,
          body: { description: 'x' },
        })
      ).status,
    ).toBe(403)
    // clerk changed the amounts and checker made the invoice: a third finance person marks it paid.
    const paid = await api('POST', `${PAYMENT}/markAsPaid`, {
      token: await staffWith(['finance']),
      body: { invoice_id: a.invoice.id },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const frozen = await api('POST', `${LINE}/updateInvoiceLineItem/${a.line.id}`, {
      token: clerk,
      body: { total_amount: 600 },
    })
    expect(frozen.status).toBe(409)
    expect(frozen.body.message).toMatch(/PAID/)
    expect((await invoiceRow(a.invoice.id)).total_amount_due).toBe(50000)
  })
})

describe('invoices', () => {
  it('creates a draft and voids it; voiding anything but a draft is a 409 with the reason', async () => {
    const { agency } = await agencyWithToken()
    const draft = await staffInvoice(agency.id, 12345, true)
    expect((await invoiceRow(draft)).status).toBe('DRAFT')
    const v = await api('POST', `${PAY}/void-invoice`, {
      token: clerk,
      body: { invoice_id: draft, reason: 'Raised twice' },
    })
    expect(v.status, JSON.stringify(v.body)).toBe(200)
    expect(await invoiceRow(draft)).toMatchObject({
      status: 'CANCELLED',
      cancellation_reasons: 'Raised twice',
    })
    const again = await api('POST', `${PAY}/void-invoice`, { token: clerk, body: { invoice_id: draft } })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('This invoice is CANCELLED; only a DRAFT invoice can be voided')
    const issued = await staffInvoice(agency.id, 1000)
    const refused = await api('POST', `${PAY}/void-invoice`, { token: clerk, body: { invoice_id: issued } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/PENDING; only a DRAFT/)
    expect(
      (await api('POST', `${PAY}/void-invoice`, { token: quoteOnly, body: { invoice_id: issued } })).status,
    ).toBe(403)
    const histories = await getDb()
      .select()
      .from(invoiceHistories)
      .where(eq(invoiceHistories.invoice_id, draft))
    expect(histories.map((h) => h.action)).toEqual(['CREATED', 'VOIDED'])
  })

  it('createInvoiceWithLineItems answers invoice_id; commission lines are paid by OSHC; another agency’s policy is 404', async () => {
    const a = await agencyWithInvoice()
    const b = await agencyWithInvoice()
    const r = await api('POST', `${INV}/createInvoiceWithLineItems`, {
      token: clerk,
      body: {
        line_item_type: 'COMMISSION',
        total_amount: 42.5,
        agency_id: a.agency.id,
        policy_id: a.policy.id,
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(await invoiceRow(r.body.data.invoice_id)).toMatchObject({
      invoice_type: 'COMMISSION',
      from: 'AGENCY',
      to: 'OSHC',
      total_amount_due: 4250,
      status: 'PENDING',
    })
    const foreign = await api('POST', `${INV}/createInvoiceWithLineItems`, {
      token: clerk,
      body: { line_item_type: 'PREMIUM', total_amount: 10, agency_id: a.agency.id, policy_id: b.policy.id },
    })
    expect(foreign.status).toBe(404)
    expect(
      (
        await api('POST', `${INV}/createInvoiceWithLineItems`, {
          token: a.token,
          body: { line_item_type: 'PREMIUM', total_amount: 10, agency_id: a.agency.id },
        })
      ).status,
    ).toBe(403)
  })

  it('createInvoiceForAgencyToAdmin bills OSHC for the agency’s own lines once', async () => {
    const a = await agencyWithInvoice()
    const b = await agencyWithInvoice()
    const q = (ids: number[], type = 'COMMISSION', agencyId = a.agency.id) => ({
      agency_id: String(agencyId),
      invoice_line_items_ids: ids.join(','),
      invoice_type: type,
    })
    const r = await api('POST', `${INV}/createInvoiceForAgencyToAdmin`, {
      token: a.token,
      query: q([a.line.id]),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    const inv = await invoiceRow(r.body.data.invoice_id)
    expect(inv).toMatchObject({
      from: 'AGENCY',
      to: 'OSHC',
      invoice_type: 'COMMISSION',
      total_amount_due: a.line.total_amount,
    })
    const dup = await api('POST', `${INV}/createInvoiceForAgencyToAdmin`, {
      token: a.token,
      query: q([a.line.id]),
    })
    expect(dup.status).toBe(409)
    expect(
      (await api('POST', `${INV}/createInvoiceForAgencyToAdmin`, { token: a.token, query: q([b.line.id]) }))
        .status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${INV}/createInvoiceForAgencyToAdmin`, {
          token: a.token,
          query: q([a.line.id], 'COMMISSION', b.agency.id),
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${INV}/createInvoiceForAgencyToAdmin`, {
          token: a.token,
          query: q([a.line.id], 'PREMIUM'),
        })
      ).status,
    ).toBe(400)
  })

  it('modifyPolicyFinance creates the invoice of each kind with the right parties', async () => {
    const a = await agencyWithInvoice()
    const cases = [
      { type: 'CANCELLATION', invoice_type: 'FULL_REFUND', from: 'AGENCY', to: 'OSHC', payer: 'OSHC' },
      { type: 'CLAWBACK', invoice_type: 'CLAWBACK', from: 'OSHC', to: 'AGENCY', payer: 'AGENCY' },
      { type: 'PREMIUM', invoice_type: 'PREMIUM', from: 'OSHC', to: 'AGENCY', payer: 'AGENCY' },
    ]
    for (const c of cases) {
      const r = await api('POST', `${PAY}/modifyPolicyFinance/${a.policy.id}`, {
        token: c.type === 'PREMIUM' ? policyDesk : clerk,
        body: {
          type: c.type,
          total_premium_amount: '110.00',
          amendment_id: c.type === 'PREMIUM' ? 77 : undefined,
        },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      const inv = await invoiceRow(r.body.data.invoiceId)
      expect(inv).toMatchObject({
        invoice_type: c.invoice_type,
        from: c.from,
        to: c.to,
        total_amount_due: 11000,
      })
      const [line] = await getDb()
        .select()
        .from(invoiceLineItems)
        .where(eq(invoiceLineItems.invoice_id, inv.id))
      expect(line).toMatchObject({ policy_id: a.policy.id, payer: c.payer, total_amount: 11000 })
      if (c.type === 'PREMIUM') expect(inv.amendment_id).toBe(77)
      if (c.type === 'CLAWBACK') expect(line.tax_amount).toBe(0)
      else expect(line.tax_amount).toBe(1000)
    }
    expect(
      (
        await api('POST', `${PAY}/modifyPolicyFinance/${a.policy.id}`, {
          token: a.token,
          body: { type: 'PREMIUM', total_premium_amount: 1 },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await api('POST', `${PAY}/modifyPolicyFinance/2147483000`, {
          token: clerk,
          body: { type: 'PREMIUM', total_premium_amount: 1 },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${PAY}/modifyPolicyFinance/${a.policy.id}`, {
          token: clerk,
          body: { type: 'REFUND', total_premium_amount: 1 },
        })
      ).status,
    ).toBe(400)
  })

  it('getAllInvoices names the policy and student of a policy invoice in its own query; other invoices none', async () => {
    const a = await agencyWithInvoice()
    const refund = await api('POST', `${PAY}/modifyPolicyFinance/${a.policy.id}`, {
      token: clerk,
      body: { type: 'CANCELLATION', total_premium_amount: '110.00' },
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(201)
    // A staff invoice of a line with no policy is not a policy's.
    const loose = await staffInvoice(a.agency.id, 5000)
    const [student] = await getDb().select().from(customers).where(eq(customers.id, a.policy.customer_id))
    const r = await api('GET', `${INV}/getAllInvoices`, { token: a.token, query: { tab: 'ALL' } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const byId = new Map(r.body.data.map((i: any) => [i.id, i.policy]))
    const named = {
      id: a.policy.id,
      ref: a.policy.ref,
      student: `${student.first_name} ${student.last_name}`,
    }
    expect(byId.get(a.invoice.id)).toEqual(named)
    expect(byId.get(refund.body.data.invoiceId)).toEqual(named)
    expect(byId.get(loose)).toBeNull()
  })

  it('getInvoiceById carries line items, payments with documents and history; another agency’s is 404', async () => {
    const a = await payableInvoice()
    const b = await payableInvoice()
    const key = await uploadedFile(a.agency.id)
    const paid = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token: a.token,
      body: { invoice_id: a.invoice.id, total_amount: 10, payment_method: 'BANK', bank_document_key: key },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    await api('POST', `${PAY}/invoice-payment-history/interactions`, {
      token: clerk,
      body: {
        invoice_id: a.invoice.id,
        note_title: 'Called the agency',
        note: 'They will pay the rest on Friday',
      },
    })
    const r = await api('GET', `${INV}/getInvoiceById/${a.invoice.id}`, { token: a.token })
    expect(r.status).toBe(200)
    expect(r.body.data.line_items.map((l: any) => l.id)).toEqual([a.line.id])
    expect(r.body.data.payments[0]).toMatchObject({ method: 'BANK', status: 'PENDING', payment_amount: 10 })
    expect(r.body.data.payments[0].documents[0]).toMatchObject({ url: key, status: 'UNVERIFIED' })
    expect(r.body.data.histories.map((h: any) => h.action)).toEqual(
      expect.arrayContaining(['PAYMENT_SUBMITTED', 'DOCUMENT_UPLOADED', 'NOTE']),
    )
    expect(r.body.data.histories.find((h: any) => h.action === 'NOTE')).toMatchObject({
      note_title: 'Called the agency',
      note: 'They will pay the rest on Friday',
    })
    expect((await api('GET', `${INV}/getInvoiceById/${a.invoice.id}`, { token: b.token })).status).toBe(404)
    expect(
      (
        await api('POST', `${PAY}/invoice-payment-history/interactions`, {
          token: b.token,
          body: { invoice_id: a.invoice.id, note: 'hi' },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${PAY}/invoice-payment-history/interactions`, {
          token: a.token,
          body: { invoice_id: a.invoice.id },
        })
      ).status,
    ).toBe(400)
  })
})

describe('invoice payments', () => {
  it('createInvoicePayment by BANK (pending, document) and AGENCY_BALANCE (ledger, completed); short balance 409', async () => {
    const a = await payableInvoice()
    const b = await payableInvoice()
    const due = a.invoice.total_amount_due
    const bank = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token: a.token,
      body: { invoice_id: a.invoice.id, total_amount: 20, payment_method: 'BANK' },
    })
    expect(bank.status, JSON.stringify(bank.body)).toBe(201)
    expect(bank.body.data.payment).toMatchObject({ status: 'PENDING', method: 'BANK', documents: [] })
    const short = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token: a.token,
      body: { invoice_id: a.invoice.id, total_amount: 30, payment_method: 'AGENCY_BALANCE' },
    })
    expect(short.status).toBe(409)
    expect(short.body.message).toBe('Insufficient agency balance')
    await fund(a.agency.id, 5000)
    const bal = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token: a.token,
      body: { invoice_id: a.invoice.id, total_amount: 30, payment_method: 'AGENCY_BALANCE' },
    })
    expect(bal.status, JSON.stringify(bal.body)).toBe(201)
    expect(bal.body.data.payment).toMatchObject({ status: 'COMPLETED', method: 'AGENCY_BALANCE' })
    expect(await balanceOf(a.agency.id)).toBe(2000)
    const ledger = await ledgerOf(a.agency.id)
    expect(ledger.at(-1)).toMatchObject({
      type: 'INVOICE_PAYMENT',
      transaction_amount: -3000,
      invoice_id: a.invoice.id,
    })
    expect(await invoiceRow(a.invoice.id)).toMatchObject({
      status: 'PARTIALLY_PAID',
      total_outstanding_amount: due - 3000,
    })
    expect(
      (
        await api('POST', `${PAYMENT}/createInvoicePayment`, {
          token: b.token,
          body: { invoice_id: a.invoice.id, total_amount: 1, payment_method: 'BANK' },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${PAYMENT}/createInvoicePayment`, {
          token: a.token,
          body: { invoice_id: a.invoice.id, total_amount: 1, payment_method: 'NEXPAY' },
        })
      ).status,
    ).toBe(400)
    // Lists and reads of payments are the agency's own.
    const list = await api('GET', `${PAYMENT}/getAllInvoicePayments`, {
      token: a.token,
      query: { invoice_id: String(a.invoice.id) },
    })
    expect(list.body.data).toHaveLength(2)
    expect(list.body.pageInfo.total).toBe(2)
    const one = await api('GET', `${PAYMENT}/getInvoicePaymentById/${bank.body.data.payment.id}`, {
      token: a.token,
    })
    expect(one.body.data.histories.map((h: any) => h.action)).toContain('PAYMENT_SUBMITTED')
    expect(
      (await api('GET', `${PAYMENT}/getInvoicePaymentById/${bank.body.data.payment.id}`, { token: b.token }))
        .status,
    ).toBe(404)
    const bList = await api('GET', `${PAYMENT}/getAllInvoicePayments`, {
      token: b.token,
      query: { invoice_id: String(a.invoice.id) },
    })
    expect(bList.body.data).toEqual([])
  })

  it('CARD answers an intent with payment_secret and currency; the confirmed checkout is recorded once', async () => {
    const a = await payableInvoice()
    const r = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token: a.token,
      body: {
        invoice_id: a.invoice.id,
        total_amount: a.invoice.total_amount_due / 100,
        payment_method: 'CARD',
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body.data.intent).toMatchObject({
      currency: 'AUD',
      payment_secret: expect.stringMatching(/^cs_sandbox_/),
    })
    expect(await paymentsOf(a.invoice.id)).toHaveLength(0)
    const url = new URL(r.body.data.intent.url)
    await paySandboxCheckout({
      sessionId: r.body.data.intent.payment_secret,
      search: url.searchParams,
      cardNumber: '4242 4242 4242 4242',
    })
    const route = await import('../../app/routes/agency+/finance_.invoices.$invoiceId/route')
    const page = `/agency/finance/invoices/${a.invoice.id}?checkout=success&session_id=${r.body.data.intent.payment_secret}`
    const req = () =>
      new Request(`http://test.local${page}`, { headers: { cookie: `oshc_session=${a.token}` } })
    await route.loader({ request: req(), params: { invoiceId: String(a.invoice.id) }, context: {} })
    await route.loader({ request: req(), params: { invoiceId: String(a.invoice.id) }, context: {} })
    const pays = await paymentsOf(a.invoice.id)
    expect(pays).toHaveLength(1)
    expect(pays[0]).toMatchObject({
      method: 'CARD',
      status: 'COMPLETED',
      payment_amount: a.invoice.total_amount_due,
    })
    expect((await invoiceRow(a.invoice.id)).status).toBe('PAID')
    const [card] = await getDb().select().from(cardPayments).where(eq(cardPayments.invoice_id, a.invoice.id))
    expect(card.status).toBe('PAID')
  })

  it("a policy's own premium invoice is paid by purchasing the policy, never a second time here (409)", async () => {
    const a = await agencyWithInvoice()
    await fund(a.agency.id, 10_000_000)
    const answers = [
      await api('POST', `${PAY}/makePaymentByAgency`, {
        token: a.token,
        body: {
          invoice_id: a.invoice.id,
          payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 1 }],
        },
      }),
      await api('POST', `${PAYMENT}/createInvoicePayment`, {
        token: a.token,
        body: { invoice_id: a.invoice.id, total_amount: 1, payment_method: 'AGENCY_BALANCE' },
      }),
      await api('POST', `${PAYMENT}/markAsPaid`, { token: clerk, body: { invoice_id: a.invoice.id } }),
    ]
    for (const r of answers) {
      expect(r.status).toBe(409)
      expect(r.body.message).toBe(
        `The premium of policy ${a.policy.ref} is paid by purchasing the policy, from its payment page`,
      )
    }
    expect(await paymentsOf(a.invoice.id)).toHaveLength(0)
    expect(await balanceOf(a.agency.id)).toBe(10_000_000)
  })

  it('issue 22 finding 6: whoever lowered a line of an issued invoice is its last changer and may not mark it paid (403)', async () => {
    // checker made the invoice; clerk lowers its line 123.45 -> 0.01 and then tries to mark it paid.
    const a = await payableInvoice()
    const edited = await api('POST', `${LINE}/updateInvoiceLineItem/${a.line.id}`, {
      token: clerk,
      body: { total_amount: '0.01', tax_amount: '0' },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect((await invoiceRow(a.invoice.id)).total_amount_due).toBe(1)
    const self = await api('POST', `${PAYMENT}/markAsPaid`, {
      token: clerk,
      body: { invoice_id: a.invoice.id },
    })
    expect(self.status).toBe(403)
    expect(self.body.message).toBe(
      'You created or last changed this record, so another finance staff member must approve it',
    )
    expect(await paymentsOf(a.invoice.id)).toHaveLength(0)
    expect((await invoiceRow(a.invoice.id)).status).toBe('PENDING')
    // The maker may not either; a third finance person may.
    expect(
      (await api('POST', `${PAYMENT}/markAsPaid`, { token: checker, body: { invoice_id: a.invoice.id } }))
        .status,
    ).toBe(403)
    const ok = await api('POST', `${PAYMENT}/markAsPaid`, {
      token: await staffWith(['finance']),
      body: { invoice_id: a.invoice.id },
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(await completedSum(a.invoice.id)).toBe(1)
  })

  it('markAsPaid records the outstanding as a COMPLETED payment; maker-checker and a waiting payment refuse', async () => {
    const { agency, token } = await agencyWithToken()
    const mine = await staffInvoice(agency.id, 7700, false, clerk)
    const maker = await api('POST', `${PAYMENT}/markAsPaid`, { token: clerk, body: { invoice_id: mine } })
    expect(maker.status).toBe(403)
    const key = await uploadedFile(agency.id)
    await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token,
      body: { invoice_id: mine, total_amount: 10, payment_method: 'BANK', bank_document_key: key },
    })
    const waiting = await api('POST', `${PAYMENT}/markAsPaid`, { token: checker, body: { invoice_id: mine } })
    expect(waiting.status).toBe(409)
    const other = await staffInvoice(agency.id, 7700, false, clerk)
    const ok = await api('POST', `${PAYMENT}/markAsPaid`, { token: checker, body: { invoice_id: other } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(await invoiceRow(other)).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    expect(await completedSum(other)).toBe(7700)
    expect(
      (await api('POST', `${PAYMENT}/markAsPaid`, { token: checker, body: { invoice_id: other } })).status,
    ).toBe(409)
    expect((await api('POST', `${PAYMENT}/markAsPaid`, { token, body: { invoice_id: other } })).status).toBe(
      403,
    )
    const [n] = await getDb()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.event_type, 'INVOICE_PAID'),
          sql`${notifications.meta}->>'invoice_id' = ${String(other)}`,
        ),
      )
    expect(n).toBeDefined()
  })
})

describe('payment documents', () => {
  it('verifies (payment completes), rejects with a reason, deletes only unverified ones; maker-checker holds', async () => {
    const a = await payableInvoice()
    const b = await payableInvoice()
    const due = a.invoice.total_amount_due
    const bank = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token: a.token,
      body: {
        invoice_id: a.invoice.id,
        total_amount: due / 100,
        payment_method: 'BANK',
        bank_document_key: await uploadedFile(a.agency.id),
      },
    })
    const paymentId = bank.body.data.payment.id
    const docId = bank.body.data.document.id
    // A second proof on the same pending payment, then deleted by the agency.
    const extra = await api('POST', `${DOC}/createInvoicePaymentDocument`, {
      token: a.token,
      body: { invoice_payment_id: paymentId, name: 'Second page', url: await uploadedFile(a.agency.id) },
    })
    expect(extra.status, JSON.stringify(extra.body)).toBe(201)
    expect(
      (
        await api('POST', `${DOC}/deleteInvoicePaymentDocument`, {
          token: b.token,
          body: { id: extra.body.data.id },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await api('POST', `${DOC}/deleteInvoicePaymentDocument`, {
          token: a.token,
          body: { id: extra.body.data.id },
        })
      ).status,
    ).toBe(200)
    // Reject needs a reason.
    const noReason = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: clerk,
      body: { id: docId, status: 'REJECTED' },
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors.rejection_reason).toEqual(['Reason is required'])
    expect(
      (
        await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
          token: a.token,
          body: { id: docId, status: 'VERIFIED' },
        })
      ).status,
    ).toBe(403)
    // Staff uploads a proof of its own: that staff member may not verify it.
    const staffDoc = await api('POST', `${DOC}/createInvoicePaymentDocument`, {
      token: clerk,
      body: { invoice_payment_id: paymentId, name: 'Bank statement', url: await uploadedFile(null) },
    })
    expect(staffDoc.status, JSON.stringify(staffDoc.body)).toBe(201)
    expect(
      (
        await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
          token: clerk,
          body: { id: staffDoc.body.data.id, status: 'VERIFIED' },
        })
      ).status,
    ).toBe(403)
    const rejected = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: clerk,
      body: { id: staffDoc.body.data.id, status: 'REJECTED', rejection_reason: 'Wrong account' },
    })
    expect(rejected.status).toBe(403)
    const rejectOther = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: checker,
      body: { id: staffDoc.body.data.id, status: 'REJECTED', rejection_reason: 'Wrong account' },
    })
    expect(rejectOther.status, JSON.stringify(rejectOther.body)).toBe(200)
    // The agency hears of the rejected proof, with the reason, in the transaction of the rejection.
    const failed = await getDb()
      .select({ message: notifications.message, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.event_type, 'PAYMENT_FAILED'),
          sql`${notifications.meta}->>'invoice_id' = ${String(a.invoice.id)}`,
        ),
      )
    expect(failed).toEqual([{ message: 'Wrong account', link: `/agency/finance/invoices/${a.invoice.id}` }])
    expect((await paymentsOf(a.invoice.id))[0].status).toBe('PENDING')
    const verified = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: clerk,
      body: { id: docId, status: 'VERIFIED' },
    })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    expect(verified.body.data.payment.status).toBe('COMPLETED')
    expect(await invoiceRow(a.invoice.id)).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    const again = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: checker,
      body: { id: docId, status: 'REJECTED', rejection_reason: 'x' },
    })
    expect(again.status).toBe(409)
    expect(
      (await api('POST', `${DOC}/deleteInvoicePaymentDocument`, { token: a.token, body: { id: docId } }))
        .status,
    ).toBe(409)
    const docs = await getDb()
      .select()
      .from(invoicePaymentDocuments)
      .where(eq(invoicePaymentDocuments.invoice_payment_id, paymentId))
    expect(docs.map((d) => d.status).sort()).toEqual(['REJECTED', 'VERIFIED'])
    // A completed payment takes no more documents.
    expect(
      (
        await api('POST', `${DOC}/createInvoicePaymentDocument`, {
          token: a.token,
          body: { invoice_payment_id: paymentId, name: 'Late', url: await uploadedFile(a.agency.id) },
        })
      ).status,
    ).toBe(409)
  })
})

describe('makePaymentByAgency', () => {
  it('partial then over-payment: PARTIALLY_PAID, then OVER_PAID with the excess credited through the ledger', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 10000)
    await fund(agency.id, 20000)
    const noDoc = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: { invoice_id: invoiceId, payment_methods: [{ method: 'BANK', payment_amount: 10 }] },
    })
    expect(noDoc.status).toBe(400)
    expect(noDoc.body.errors['payment_methods.0.documentUrl']).toEqual(['Bank document is required'])
    const part = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: {
        invoice_id: invoiceId,
        payment_methods: [
          { method: 'AGENCY_BALANCE', payment_amount: 30 },
          {
            method: 'BANK',
            payment_amount: 20,
            documentName: 'Receipt',
            documentUrl: await uploadedFile(agency.id),
          },
        ],
      },
    })
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    expect(part.body.data.invoice).toMatchObject({ status: 'PARTIALLY_PAID', total_outstanding_amount: 70 })
    expect(part.body.data.payments.map((p: any) => [p.method, p.status])).toEqual([
      ['AGENCY_BALANCE', 'COMPLETED'],
      ['BANK', 'PENDING'],
    ])
    const over = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: { invoice_id: invoiceId, payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 100 }] },
    })
    expect(over.status, JSON.stringify(over.body)).toBe(201)
    expect(over.body.data.invoice).toMatchObject({
      status: 'OVER_PAID',
      total_amount_owed: 30,
      total_outstanding_amount: 0,
    })
    const ledger = await ledgerOf(agency.id)
    expect(ledger.slice(-3).map((l) => [l.type, l.transaction_amount])).toEqual([
      ['INVOICE_PAYMENT', -3000],
      ['INVOICE_PAYMENT', -10000],
      ['INVOICE_PAYMENT', 3000],
    ])
    expect(await balanceOf(agency.id)).toBe(20000 - 3000 - 7000)
    const bnpl = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: { invoice_id: invoiceId, payment_methods: [{ method: 'BUY_NOW_PAY_LATER', payment_amount: 1 }] },
    })
    expect(bnpl.status).toBe(409)
    const closed = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: { invoice_id: invoiceId, payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 1 }] },
    })
    expect(closed.status).toBe(409)
    const other = await agencyWithToken()
    expect(
      (
        await api('POST', `${PAY}/makePaymentByAgency`, {
          token: other.token,
          body: { invoice_id: invoiceId, payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 1 }] },
        })
      ).status,
    ).toBe(404)
  })

  it('is all or nothing: a short balance leaves the bank part unrecorded too', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 10000)
    await fund(agency.id, 1000)
    const r = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: {
        invoice_id: invoiceId,
        payment_methods: [
          {
            method: 'BANK',
            payment_amount: 20,
            documentName: 'Receipt',
            documentUrl: await uploadedFile(agency.id),
          },
          { method: 'AGENCY_BALANCE', payment_amount: 50 },
        ],
      },
    })
    expect(r.status).toBe(409)
    expect(await paymentsOf(invoiceId)).toHaveLength(0)
    expect(await balanceOf(agency.id)).toBe(1000)
  })

  it('20 parallel balance payments on one invoice never over-debit the balance; the books agree', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 100000)
    await fund(agency.id, 7000)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `${PAY}/makePaymentByAgency`, {
          token,
          body: {
            invoice_id: invoiceId,
            payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 10 }],
          },
        }),
      ),
    )
    const okCount = answers.filter((a) => a.status === 201).length
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true)
    expect(okCount).toBe(7)
    const balance = await balanceOf(agency.id)
    expect(balance).toBe(0)
    const ledger = await ledgerOf(agency.id)
    expect(ledger.reduce((s, l) => s + l.transaction_amount, 0)).toBe(balance)
    expect(ledger.every((l) => l.balance >= 0)).toBe(true)
    const inv = await invoiceRow(invoiceId)
    const paid = await completedSum(invoiceId)
    expect(paid).toBe(7000)
    expect(inv).toMatchObject({ status: 'PARTIALLY_PAID', total_outstanding_amount: 100000 - paid })
  })

  it('20 parallel payments that could each close the invoice: exactly one pays it, the others are 409', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 5000)
    await fund(agency.id, 60000)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `${PAY}/makePaymentByAgency`, {
          token,
          body: {
            invoice_id: invoiceId,
            payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 50 }],
          },
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(await balanceOf(agency.id)).toBe(55000)
    expect(await completedSum(invoiceId)).toBe(5000)
    expect((await invoiceRow(invoiceId)).status).toBe('PAID')
  })
})

describe('finance metrics', () => {
  it('commissionClawback is what open clawbacks still owe, from the clawbacks table', async () => {
    const a = await agencyWithInvoice()
    const base = {
      policy_id: a.policy.id,
      agency_id: a.agency.id,
      clawback_premium_amount: 1,
      clawback_commission_amount: 1,
    }
    await getDb()
      .insert(clawbacks)
      .values([
        { ...base, outstanding_amount: 1250, status: 'INITIATED' },
        { ...base, outstanding_amount: 300, status: 'REJECTED' },
        { ...base, outstanding_amount: 999, status: 'COMPLETED' },
      ])
    const r = await api('GET', `${PAY}/finance-metrics`, { token: a.token })
    expect(r.status).toBe(200)
    expect(r.body.data.commissionClawback).toBe(15.5)
    expect(r.body.data.payable).toMatchObject({ count: 1, amount: a.invoice.total_amount_due / 100 })
  })
})

describe('invoice screens (loaders and actions, as a browser posts them)', () => {
  const ORIGIN = 'http://test.local'
  const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
  const get = (path: string, token: string) =>
    new Request(`${ORIGIN}${path}`, { headers: { cookie: `oshc_session=${token}` } })
  const post = (path: string, form: FormData | Record<string, string>, token: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie: `oshc_session=${token}`, origin: ORIGIN },
      body: form instanceof FormData ? form : new URLSearchParams(form),
    })
  const args = (request: Request, invoiceId: number) => ({
    request,
    params: { invoiceId: String(invoiceId) },
    context: {},
  })
  /** Where an action sent the browser and the toast it set (its cookie), or what it threw. */
  async function answer(run: () => Promise<unknown>) {
    const r = (await run().catch((thrown: unknown) => thrown)) as Response
    expect(r).toBeInstanceOf(Response)
    return {
      status: r.status,
      location: r.headers.get('location'),
      cookie: r.headers.get('set-cookie') ?? '',
    }
  }
  /** The toast's text: the signed cookie holds base64 JSON before its signature. */
  const toastOf = (cookie: string) => {
    const raw = decodeURIComponent(/toast=([^;]+)/.exec(cookie)?.[1] ?? '')
    return Buffer.from(raw.split('.')[0], 'base64').toString('utf8')
  }

  it('the agency pays in parts through the multi-method form (balance + bank receipt), then sees its payments', async () => {
    const route = await import('../../app/routes/agency+/finance_.invoices.$invoiceId/route')
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 10000)
    await fund(agency.id, 4000)
    const page = await route.loader(args(get(`/agency/finance/invoices/${invoiceId}`, token), invoiceId))
    expect(page.balance).toBe(40)
    expect(page.invoice.total_outstanding_amount).toBe(100)
    const f = new FormData()
    f.set('intent', 'pay')
    f.set('method_0', 'AGENCY_BALANCE')
    f.set('amount_0', '40')
    f.set('method_1', 'BANK')
    f.set('amount_1', '25.50')
    f.set('document_1', new File([PDF], 'receipt.pdf', { type: 'application/pdf' }))
    const paid = await answer(() =>
      route.action(args(post(`/agency/finance/invoices/${invoiceId}`, f, token), invoiceId)),
    )
    expect(paid.status).toBe(302)
    expect(paid.location).toBe(`/agency/finance/invoices/${invoiceId}`)
    expect(toastOf(paid.cookie)).toContain('Payment of')
    const pays = await paymentsOf(invoiceId)
    expect(pays.map((p) => [p.method, p.status, p.payment_amount]).sort()).toEqual([
      ['AGENCY_BALANCE', 'COMPLETED', 4000],
      ['BANK', 'PENDING', 2550],
    ])
    expect(await balanceOf(agency.id)).toBe(0)
    const after = await route.loader(args(get(`/agency/finance/invoices/${invoiceId}`, token), invoiceId))
    expect(after.invoice.status).toBe('PARTIALLY_PAID')
    const bankPay = after.invoice.payments.find((p) => p.method === 'BANK')!
    expect(bankPay.documents[0]).toMatchObject({ name: 'receipt.pdf', status: 'UNVERIFIED' })
    expect(bankPay.documents[0].download_url).toMatch(/^http/)
    // A bank row without its receipt is refused with the spec's message, and nothing is recorded.
    const noDoc = new FormData()
    noDoc.set('intent', 'pay')
    noDoc.set('method_0', 'BANK')
    noDoc.set('amount_0', '5')
    const refused = await answer(() =>
      route.action(args(post(`/agency/finance/invoices/${invoiceId}`, noDoc, token), invoiceId)),
    )
    expect(toastOf(refused.cookie)).toContain('Bank document is required')
    expect(await paymentsOf(invoiceId)).toHaveLength(2)
    // Another agency reaches neither the page nor its action.
    const other = await agencyWithToken()
    expect(
      (
        await answer(() =>
          route.loader(args(get(`/agency/finance/invoices/${invoiceId}`, other.token), invoiceId)),
        )
      ).status,
    ).toBe(404)
    const foreign = await answer(() =>
      route.action(
        args(
          post(
            `/agency/finance/invoices/${invoiceId}`,
            { intent: 'pay', method_0: 'AGENCY_BALANCE', amount_0: '1' },
            other.token,
          ),
          invoiceId,
        ),
      ),
    )
    expect(toastOf(foreign.cookie)).toContain('Invoice not found')
  })

  it('a card row sends the agency to the checkout; staff verify the bank proof, add a note, mark paid and void a draft', async () => {
    const agencyRoute = await import('../../app/routes/agency+/finance_.invoices.$invoiceId/route')
    const staffRoute = await import('../../app/routes/staff+/finance_.invoices.$invoiceId/route')
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 5000)
    const card = await answer(() =>
      agencyRoute.action(
        args(
          post(
            `/agency/finance/invoices/${invoiceId}`,
            { intent: 'pay', method_0: 'CARD', amount_0: '10' },
            token,
          ),
          invoiceId,
        ),
      ),
    )
    expect(card.status).toBe(302)
    expect(card.location).toContain('/checkout/sandbox/')

    const f = new FormData()
    f.set('intent', 'pay')
    f.set('method_0', 'BANK')
    f.set('amount_0', '50')
    f.set('document_0', new File([PDF], 'transfer.pdf', { type: 'application/pdf' }))
    await answer(() =>
      agencyRoute.action(args(post(`/agency/finance/invoices/${invoiceId}`, f, token), invoiceId)),
    )
    const page = await staffRoute.loader(
      args(get(`/staff/finance/invoices/${invoiceId}`, checker), invoiceId),
    )
    const doc = page.invoice.payments.find((p) => p.method === 'BANK')!.documents[0]
    expect(page.invoice.pending_approval).toBe(true)
    // Rejecting needs a reason.
    const noReason = await answer(() =>
      staffRoute.action(
        args(
          post(`/staff/finance/invoices/${invoiceId}`, { intent: `reject-document:${doc.id}` }, checker),
          invoiceId,
        ),
      ),
    )
    expect(toastOf(noReason.cookie)).toContain('Reason is required')
    const verified = await answer(() =>
      staffRoute.action(
        args(
          post(`/staff/finance/invoices/${invoiceId}`, { intent: `verify-document:${doc.id}` }, checker),
          invoiceId,
        ),
      ),
    )
    expect(toastOf(verified.cookie)).toContain('Document verified')
    expect((await invoiceRow(invoiceId)).status).toBe('PAID')
    await answer(() =>
      staffRoute.action(
        args(
          post(
            `/staff/finance/invoices/${invoiceId}`,
            { intent: 'add-note', note_title: 'Checked', note: 'Matches the statement' },
            checker,
          ),
          invoiceId,
        ),
      ),
    )
    const after = await staffRoute.loader(
      args(get(`/staff/finance/invoices/${invoiceId}`, checker), invoiceId),
    )
    expect(after.invoice.histories.map((h) => h.action)).toEqual(
      expect.arrayContaining([
        'PAYMENT_SUBMITTED',
        'DOCUMENT_UPLOADED',
        'DOCUMENT_VERIFIED',
        'STATUS_CHANGED',
        'NOTE',
      ]),
    )
    // People read names and words, never stored actor labels or status codes.
    const changed = after.invoice.histories.find((h) => h.action === 'STATUS_CHANGED')!
    expect(changed.message).toBe('Invoice unpaid → paid')
    expect(after.invoice.histories.map((h) => h.message).join('\n')).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/)
    for (const h of after.invoice.histories) expect(h.actor ?? '').not.toMatch(/^(Oshc|Agency|AgencyUser):/)

    // Mark as paid (another invoice) and void a draft; a second void is refused with the reason.
    const open = await staffInvoice(agency.id, 2500)
    const marked = await answer(() =>
      staffRoute.action(
        args(post(`/staff/finance/invoices/${open}`, { intent: 'mark-paid' }, checker), open),
      ),
    )
    expect(toastOf(marked.cookie)).toContain('marked as paid')
    expect(await completedSum(open)).toBe(2500)
    const draft = await staffInvoice(agency.id, 2500, true)
    await answer(() =>
      staffRoute.action(
        args(
          post(`/staff/finance/invoices/${draft}`, { intent: 'void', reason: 'Duplicate' }, checker),
          draft,
        ),
      ),
    )
    expect((await invoiceRow(draft)).status).toBe('CANCELLED')
    const again = await answer(() =>
      staffRoute.action(args(post(`/staff/finance/invoices/${draft}`, { intent: 'void' }, checker), draft)),
    )
    expect(toastOf(again.cookie)).toContain('only a DRAFT invoice can be voided')
    // The agency is refused by the staff page and its action.
    expect(
      (await answer(() => staffRoute.loader(args(get(`/staff/finance/invoices/${open}`, token), open))))
        .status,
    ).toBe(403)
    expect(
      (
        await answer(() =>
          staffRoute.action(
            args(post(`/staff/finance/invoices/${open}`, { intent: 'mark-paid' }, token), open),
          ),
        )
      ).status,
    ).toBe(403)
  })

  it('the invoice lists offer every tab of spec/03 and filter by status and text', async () => {
    const staffList = await import('../../app/routes/staff+/finance.invoices')
    const agencyList = await import('../../app/routes/agency+/finance.invoices')
    const { INVOICE_TABS } = await import('../../domain/finance/finance.rules')
    for (const tab of [
      'PAYABLE',
      'RECEIVABLE',
      'PENDING_APPROVAL',
      'PAID',
      'AWAITING_COMMISSION_PAYMENT',
      'COMMISSION_PAID',
      'PARTIAL_PAYMENT',
    ])
      expect(INVOICE_TABS).toContain(tab)
    const { agency, token } = await agencyWithToken()
    const paidId = await staffInvoice(agency.id, 1500)
    await api('POST', `${PAYMENT}/markAsPaid`, { token: checker, body: { invoice_id: paidId } })
    const openId = await staffInvoice(agency.id, 1600)
    const byText = await staffList.loader({
      request: get(`/staff/finance/invoices?search=${encodeURIComponent(agency.email)}&status=PAID`, clerk),
      params: {},
      context: {},
    })
    expect(byText.rows.map((r) => r.id)).toEqual([paidId])
    const byNumber = await staffList.loader({
      request: get(`/staff/finance/invoices?search=%23${openId}`, clerk),
      params: {},
      context: {},
    })
    expect(byNumber.rows.map((r) => r.id)).toEqual([openId])
    const payable = await agencyList.loader({
      request: get('/agency/finance/invoices?invoice_tab=PAYABLE', token),
      params: {},
      context: {},
    })
    expect(payable.rows.map((r) => r.id)).toEqual([openId])
    const paidTab = await agencyList.loader({
      request: get('/agency/finance/invoices?invoice_tab=PAID', token),
      params: {},
      context: {},
    })
    expect(paidTab.rows.map((r) => r.id)).toEqual([paidId])
  })
})

describe('issue 22 finding 5: bank parts never over-pay an invoice', () => {
  it('a BANK part above the outstanding is 400 on its field, by makePaymentByAgency and createInvoicePayment', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 10000)
    const huge = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: {
        invoice_id: invoiceId,
        payment_methods: [
          {
            method: 'BANK',
            payment_amount: 1_000_000,
            documentName: 'Receipt',
            documentUrl: await uploadedFile(agency.id),
          },
        ],
      },
    })
    expect(huge.status, JSON.stringify(huge.body)).toBe(400)
    expect(huge.body.errors['payment_methods.0.payment_amount']).toEqual([
      'A bank payment can be at most the amount outstanding on the invoice (A$100.00)',
    ])
    // Two BANK parts together count against the same outstanding.
    const split = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: {
        invoice_id: invoiceId,
        payment_methods: [
          {
            method: 'BANK',
            payment_amount: 60,
            documentName: 'A',
            documentUrl: await uploadedFile(agency.id),
          },
          {
            method: 'BANK',
            payment_amount: 60,
            documentName: 'B',
            documentUrl: await uploadedFile(agency.id),
          },
        ],
      },
    })
    expect(split.status).toBe(400)
    expect(split.body.errors['payment_methods.1.payment_amount']).toEqual([
      'A bank payment can be at most the amount outstanding on the invoice (A$40.00)',
    ])
    const single = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token,
      body: { invoice_id: invoiceId, total_amount: 100.01, payment_method: 'BANK' },
    })
    expect(single.status).toBe(400)
    expect(single.body.errors.total_amount).toEqual([
      'A bank payment can be at most the amount outstanding on the invoice (A$100.00)',
    ])
    expect(await paymentsOf(invoiceId)).toHaveLength(0)
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'PENDING', total_outstanding_amount: 10000 })
  })

  it('verifying a pending BANK part of an invoice paid another way is 409 with the reason and credits nothing', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 10000)
    const bank = await api('POST', `${PAYMENT}/createInvoicePayment`, {
      token,
      body: {
        invoice_id: invoiceId,
        total_amount: 100,
        payment_method: 'BANK',
        bank_document_key: await uploadedFile(agency.id),
      },
    })
    expect(bank.status, JSON.stringify(bank.body)).toBe(201)
    await fund(agency.id, 10000)
    const byBalance = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: { invoice_id: invoiceId, payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 100 }] },
    })
    expect(byBalance.status, JSON.stringify(byBalance.body)).toBe(201)
    expect(byBalance.body.data.invoice.status).toBe('PAID')
    expect(await balanceOf(agency.id)).toBe(0)

    const verify = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: clerk,
      body: { id: bank.body.data.document.id, status: 'VERIFIED' },
    })
    expect(verify.status, JSON.stringify(verify.body)).toBe(409)
    expect(verify.body.message).toMatch(/already PAID.*credit nothing/)
    expect(await balanceOf(agency.id)).toBe(0)
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'PAID', total_amount_owed: 0 })
    const bankRow = (await paymentsOf(invoiceId)).find((p) => p.method === 'BANK')
    expect(bankRow?.status).toBe('PENDING')
    // Staff may still reject the proof.
    const reject = await api('POST', `${DOC}/updateInvoicePaymentDocumentStatus`, {
      token: clerk,
      body: { id: bank.body.data.document.id, status: 'REJECTED', rejection_reason: 'Paid from the balance' },
    })
    expect(reject.status, JSON.stringify(reject.body)).toBe(200)
  })

  it('OVER_PAID stays reachable by the agency balance, its excess credited back', async () => {
    const { agency, token } = await agencyWithToken()
    const invoiceId = await staffInvoice(agency.id, 10000)
    await fund(agency.id, 15000)
    const over = await api('POST', `${PAY}/makePaymentByAgency`, {
      token,
      body: { invoice_id: invoiceId, payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: 150 }] },
    })
    expect(over.status, JSON.stringify(over.body)).toBe(201)
    expect(over.body.data.invoice).toMatchObject({ status: 'OVER_PAID', total_amount_owed: 50 })
    expect(await balanceOf(agency.id)).toBe(5000)
  })
})
