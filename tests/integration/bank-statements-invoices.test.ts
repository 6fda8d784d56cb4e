// An invoice's bank parts on a bank statement (issue 25): a part the agency paid by transfer with
// its receipt waits under the invoice's reference INV-<id>; a line quoting it with the part's
// amount matches it exactly, and confirming the line verifies the receipt through the same
// decision as by hand (the invoice settles), once.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { invoicePaymentDocuments, invoicePayments, invoices } from '../../db/schema'
import { agencyWithToken, api } from '../setup/api'
import { uploadedReceipt } from '../setup/topups'
import { expectBalanced } from '../setup/journal'
import {
  amountCsv,
  BS,
  checker,
  confirm,
  imported,
  linesOf,
  nextSeq,
  setUpStatementFixtures,
  uploader,
} from '../setup/bank-statements'

setUpStatementFixtures()

const PAY = '/payment-system'

/** Staff bill an agency `cents`; the agency pays it by bank in `parts`, a receipt with each. */
async function invoicePaidInParts(cents: number, parts: number[]) {
  const { agency, token } = await agencyWithToken()
  const inv = await api('POST', `${PAY}/invoice/createInvoiceWithLineItems`, {
    token: uploader,
    body: { line_item_type: 'PREMIUM', total_amount: cents / 100, agency_id: agency.id },
  })
  expect(inv.status, JSON.stringify(inv.body)).toBe(201)
  const invoiceId = inv.body.data.invoice_id as number
  const paid = await api('POST', `${PAY}/makePaymentByAgency`, {
    token,
    body: {
      invoice_id: invoiceId,
      payment_methods: await Promise.all(
        parts.map(async (p) => ({
          method: 'BANK',
          payment_amount: p / 100,
          documentName: 'Receipt',
          documentUrl: await uploadedReceipt(agency.id),
        })),
      ),
    },
  })
  expect(paid.status, JSON.stringify(paid.body)).toBe(201)
  const payments = await getDb()
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoice_id, invoiceId))
    .orderBy(invoicePayments.id)
  return { agency, invoiceId, payments }
}

const invoiceOf = async (id: number) => (await getDb().select().from(invoices).where(eq(invoices.id, id)))[0]

describe("an invoice's bank parts on a statement", () => {
  it('match exactly by INV-<id> and amount, and confirming a line verifies its receipt once', async () => {
    const { agency, invoiceId, payments } = await invoicePaidInParts(50_000, [30_000, 20_000])
    expect(payments.map((p) => [p.status, p.payment_amount])).toEqual([
      ['PENDING', 30_000],
      ['PENDING', 20_000],
    ])
    const balance = 9_000_000 + nextSeq() * 1000
    const statement = await imported(
      amountCsv([
        { narrative: `Agency transfer INV ${invoiceId} second`, amount: 20_000, balance },
        { narrative: `INV-${invoiceId} first part`, amount: 30_000, balance: balance + 1 },
        { narrative: `INV-${invoiceId} once more`, amount: 10_000, balance: balance + 2 },
      ]),
    )
    const [second, first, extra] = await linesOf(statement.id)
    // Several parts wait under one reference: each line takes the part of its own amount.
    expect([second, first].map((l) => [l.state, l.matched_kind, l.matched_id])).toEqual([
      ['exact', 'invoice_payment', payments[1].id],
      ['exact', 'invoice_payment', payments[0].id],
    ])
    expect(extra.state).toBe('unmatched')
    const view = await api('GET', `${BS}/${statement.id}`, { token: checker })
    expect(view.body.data.lines[1].target).toMatchObject({
      label: `Invoice INV-${invoiceId}, bank part #${payments[0].id}`,
      amount_cents: 30_000,
      status: 'PENDING',
    })

    const done = await confirm(first.id)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toMatchObject({ matched_kind: 'invoice_payment', matched_id: payments[0].id })
    expect(await invoiceOf(invoiceId)).toMatchObject({
      status: 'PARTIALLY_PAID',
      total_outstanding_amount: 20_000,
    })
    const [doc] = await getDb()
      .select()
      .from(invoicePaymentDocuments)
      .where(eq(invoicePaymentDocuments.invoice_payment_id, payments[0].id))
    expect(doc.status).toBe('VERIFIED')
    // A line is used once.
    expect((await confirm(first.id)).status).toBe(409)

    expect((await confirm(second.id)).status).toBe(200)
    expect(await invoiceOf(invoiceId)).toMatchObject({ status: 'PAID', total_outstanding_amount: 0 })
    await expectBalanced(agency.id)
  })

  it('leaves a part whose receipt was decided by hand meanwhile unconfirmed (409)', async () => {
    const { invoiceId, payments } = await invoicePaidInParts(40_000, [15_000])
    const statement = await imported(
      amountCsv([{ narrative: `INV-${invoiceId}`, amount: 15_000, balance: 9_500_000 + nextSeq() }]),
    )
    const [line] = await linesOf(statement.id)
    expect(line).toMatchObject({ state: 'exact', matched_id: payments[0].id })
    const [doc] = await getDb()
      .select()
      .from(invoicePaymentDocuments)
      .where(eq(invoicePaymentDocuments.invoice_payment_id, payments[0].id))
    const byHand = await api('POST', `${PAY}/invoice-payment-document/updateInvoicePaymentDocumentStatus`, {
      token: checker,
      body: { id: doc.id, status: 'REJECTED', rejection_reason: 'Unreadable' },
    })
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200)
    const refused = await confirm(line.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/no longer waits for verification/)
    expect((await invoiceOf(invoiceId)).status).not.toBe('PAID')
  })
})
