// One part of an agency's payment of an invoice, in the caller's transaction: BANK (a PENDING
// payment and, with a proof, its UNVERIFIED document) or AGENCY_BALANCE (the balance debited
// through the ledger and a COMPLETED payment). Card parts go through invoice-card.ts.
import type { DbOrTx } from '../../../db/client'
import { invoicePaymentDocuments } from '../../../db/schema'
import { DomainError, validation } from '../../shared/errors'
import type { AgencyActor, StaffActor } from '../../shared/actor'
import { formatCents } from '../../shared/format'
import { assertFileUsable } from '../../files/storage'
import { postBalanceEntry } from '../ledger/ledger'
import { recordInvoiceHistory, recordInvoicePayment } from './invoice-payments'
import { creditOverpayment, type InvoiceRow } from './invoice-loading'
import { notifyDocumentUploaded, notifyInvoicePaid } from './invoice-notices'

/** A payment proof key must be a file the agency uploaded (else 400 on `field`). */
export async function assertProofUsable(
  key: string,
  actor: AgencyActor | StaffActor,
  agencyId: number,
  field: string,
) {
  try {
    await assertFileUsable(key, actor, agencyId)
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION') throw validation(field, err.message)
    throw err
  }
}

/** Stores an UNVERIFIED proof of a payment, with its history row, and tells staff finance. */
export async function addPaymentDocument(
  tx: DbOrTx,
  d: {
    invoice: InvoiceRow
    paymentId: number
    name: string
    url: string
    uploadedBy: AgencyActor | StaffActor
  },
) {
  const [doc] = await tx
    .insert(invoicePaymentDocuments)
    .values({
      invoice_payment_id: d.paymentId,
      invoice_id: d.invoice.id,
      agency_id: d.invoice.agency_id,
      name: d.name,
      url: d.url,
      status: 'UNVERIFIED',
      uploaded_by: d.uploadedBy.identityId,
    })
    .returning()
  await recordInvoiceHistory(tx, {
    invoiceId: d.invoice.id,
    invoicePaymentId: d.paymentId,
    action: 'DOCUMENT_UPLOADED',
    message: `Payment document "${d.name}" uploaded`,
    actor: d.uploadedBy,
  })
  await notifyDocumentUploaded(tx, d.invoice, doc.id)
  return doc
}

/**
 * A bank transfer is money the agency says it sent; staff verify a proof, not an amount the bank
 * confirmed. So a BANK part may pay at most what the invoice still owes (`alreadyClaimed`: earlier
 * BANK parts of the same request): an over-payment by bank would become spendable balance on a
 * proof alone. 400 on `field` otherwise.
 */
export function assertBankPartWithinOutstanding(
  invoice: Pick<InvoiceRow, 'total_outstanding_amount'>,
  amount: number,
  field: string,
  alreadyClaimed = 0,
) {
  const left = Math.max(0, invoice.total_outstanding_amount - alreadyClaimed)
  if (amount > left)
    throw validation(
      field,
      `A bank payment can be at most the amount outstanding on the invoice (${formatCents(left)})`,
    )
}

/** A BANK part: PENDING until staff verify its document. */
export async function payByBank(
  tx: DbOrTx,
  p: {
    invoice: InvoiceRow
    actor: AgencyActor
    amount: number
    documentUrl: string | null
    documentName: string | null
  },
) {
  const { payment } = await recordInvoicePayment(tx, {
    invoiceId: p.invoice.id,
    method: 'BANK',
    amount: p.amount,
    status: 'PENDING',
    actor: p.actor,
  })
  const document = p.documentUrl
    ? await addPaymentDocument(tx, {
        invoice: p.invoice,
        paymentId: payment.id,
        name: p.documentName ?? 'Bank transfer receipt',
        url: p.documentUrl,
        uploadedBy: p.actor,
      })
    : null
  return { payment, document, invoice: p.invoice }
}

/**
 * An AGENCY_BALANCE part: the balance is debited by `amount` (guarded UPDATE: 409 "Insufficient
 * agency balance", never below 0), a COMPLETED payment settles the invoice, and any excess over
 * what the invoice owed goes back to the balance (both ledger rows in `tx`).
 */
export async function payByBalance(
  tx: DbOrTx,
  p: { invoice: InvoiceRow; actor: AgencyActor; amount: number },
) {
  const entry = await postBalanceEntry(tx, {
    agencyId: p.invoice.agency_id,
    type: 'INVOICE_PAYMENT',
    amount: -p.amount,
    actor: p.actor,
    invoiceId: p.invoice.id,
    note: `Invoice #${p.invoice.id} paid from the agency balance (${formatCents(p.amount)})`,
  })
  const paid = await recordInvoicePayment(tx, {
    invoiceId: p.invoice.id,
    method: 'AGENCY_BALANCE',
    amount: p.amount,
    status: 'COMPLETED',
    actor: p.actor,
    ref: `LEDGER-${entry.id}`,
    meta: { ledger_id: entry.id },
  })
  await creditOverpayment(tx, { invoice: paid.invoice, cents: paid.overpaidCents, actor: p.actor })
  await notifyInvoicePaid(tx, p.invoice, paid.invoice)
  return { payment: paid.payment, document: null, invoice: paid.invoice }
}
