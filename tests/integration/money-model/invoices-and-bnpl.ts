// Commands of the money model: staff invoices paid from the balance or by bank, and BNPL purchases
// settled from the balance or by bank, approved (by hand or by its bank statement line) or rejected.
import { expect } from 'vitest'
import type fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import { api } from '../../setup/api'
import { uploadedReceipt } from '../../setup/topups'
import { admin, AFM, checker, type Model, nextSeq, OFM, ok, PAY, type Real, staffInvoice } from './model'

/** Staff bill the agency; the agency pays from its balance, possibly more than the invoice. */
export class PayInvoice implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly invoiceCents: number,
    readonly payCents: number,
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    const invoiceId = await staffInvoice(r, this.invoiceCents)
    const res = await api('POST', `${PAY}/makePaymentByAgency`, {
      token: r.token,
      body: {
        invoice_id: invoiceId,
        payment_methods: [{ method: 'AGENCY_BALANCE', payment_amount: this.payCents / 100 }],
      },
    })
    if (this.payCents > m.balance) {
      ok(res, 409)
      return
    }
    ok(res, 201)
    // An over-payment's excess comes back to the balance (OVER_PAID).
    m.balance -= Math.min(this.payCents, this.invoiceCents)
  }
  toString = () => `PayInvoice(${this.invoiceCents}, ${this.payCents})`
}

/** The agency settles some of its BNPL purchases from its balance; finance approves or rejects. */
export class SettleBnpl implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly count: number,
    readonly method: 'AGENCY_BALANCE' | 'BANK',
    /** `statement`: a bank settlement is approved by confirming its line on a bank statement. */
    readonly decision: 'approve' | 'reject' | 'statement',
  ) {}
  owed = (m: Model) => m.policies.filter((p) => p.state === 'BNPL_OWED')
  check = (m: Readonly<Model>) => this.owed(m as Model).length > 0
  async run(m: Model, r: Real) {
    const chosen = this.owed(m).slice(0, this.count)
    const total = chosen.reduce((s, p) => s + p.premium, 0)
    const res = await api('POST', `${AFM}/sendBuyNowPayLaterPaymentRequest`, {
      token: r.token,
      body: {
        agency_id: r.agencyId,
        payment_type: this.method,
        policies: chosen.map((p) => p.id),
        ...(this.method === 'BANK' ? { bank_document: await uploadedReceipt(r.agencyId) } : {}),
      },
    })
    if (this.method === 'AGENCY_BALANCE' && total > m.balance) {
      ok(res, 409)
      return
    }
    ok(res, 201)
    if (this.method === 'AGENCY_BALANCE') m.balance -= total
    const id = res.body.data.id as number
    if (this.decision !== 'reject') {
      if (this.decision === 'statement' && this.method === 'BANK') await confirmedByStatement(id, total)
      else
        ok(
          await api('POST', `${OFM}/approveBuyNowPayLaterPaymentRequest`, {
            token: checker,
            body: { buyNowPaylaterPaymentId: id },
          }),
        )
      m.bnplRemaining += total
      for (const p of chosen) {
        p.state = 'PAID'
        p.received = p.premium
      }
    } else {
      ok(
        await api('POST', `${OFM}/rejectBuyNowPayLaterPaymentRequest`, {
          token: checker,
          body: { buyNowPayLaterPaymentRequestId: id, rejectionReason: 'The transfer did not arrive' },
        }),
      )
      if (this.method === 'AGENCY_BALANCE') m.balance += total
    }
  }
  toString = () => `SettleBnpl(${this.count}, ${this.method}, ${this.decision})`
}

/** The settlement's transfer on a statement quoting BNPL-<id>: an exact match, confirmed by the checker. */
async function confirmedByStatement(requestId: number, cents: number) {
  const day = new Date().toISOString().slice(0, 10)
  const csv = `Transaction Date,Narrative,Amount,Balance\n${day},"Settlement BNPL-${requestId}",${(cents / 100).toFixed(2)},${(requestId * 1000 + nextSeq()).toFixed(2)}\n`
  const up = await api('POST', `${OFM}/bank-statements`, {
    token: admin,
    body: { file_name: `bnpl-${nextSeq()}.csv`, content: csv },
  })
  ok(up, 201)
  const [line] = await getDb()
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statement_id, up.body.data.id))
  expect(line).toMatchObject({ state: 'exact', matched_kind: 'bnpl_settlement', matched_id: requestId })
  ok(await api('POST', `${OFM}/bank-statements/lines/${line.id}/confirm`, { token: checker }))
}

/**
 * Staff bill the agency; the agency sends a bank transfer proof for a part of it (more than the
 * invoice is refused on its field); finance verifies it. Nothing touches the agency's balance.
 */
export class BankInvoicePart implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly invoiceCents: number,
    readonly partCents: number,
  ) {}
  check = () => true
  async run(_m: Model, r: Real) {
    const invoiceId = await staffInvoice(r, this.invoiceCents)
    const res = await api('POST', `${PAY}/makePaymentByAgency`, {
      token: r.token,
      body: {
        invoice_id: invoiceId,
        payment_methods: [
          {
            method: 'BANK',
            payment_amount: this.partCents / 100,
            documentName: 'Receipt',
            documentUrl: await uploadedReceipt(r.agencyId),
          },
        ],
      },
    })
    if (this.partCents > this.invoiceCents) {
      ok(res, 400)
      expect(Object.keys(res.body.errors)).toEqual(['payment_methods.0.payment_amount'])
      return
    }
    ok(res, 201)
    const payment = (res.body.data.payments as { id: number; documents?: { id: number }[] }[])[0]
    const doc = await api('GET', `${PAY}/invoice-payment/getInvoicePaymentById/${payment.id}`, {
      token: admin,
    })
    ok(doc)
    const documentId = doc.body.data.documents[0].id as number
    ok(
      await api('POST', `${PAY}/invoice-payment-document/updateInvoicePaymentDocumentStatus`, {
        token: checker,
        body: { id: documentId, status: 'VERIFIED' },
      }),
    )
  }
  toString = () => `BankInvoicePart(${this.invoiceCents}, ${this.partCents})`
}
