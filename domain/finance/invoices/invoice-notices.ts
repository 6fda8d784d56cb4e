// The notifications invoice changes write (spec/03 event types), in the transaction of the change.
import type { DbOrTx } from '../../../db/client'
import { isStaff, type Actor } from '../../shared/actor'
import { notify } from '../../notifications/notify'
import type { InvoiceRow } from './invoice-loading'
import { agencyLinks, staffLinks } from '../../shared/links'

const agencyLink = agencyLinks.invoice
const staffLink = staffLinks.invoice

/** INVOICE_PAID to the agency when a payment closed the invoice (PAID or OVER_PAID). */
export async function notifyInvoicePaid(tx: DbOrTx, before: InvoiceRow, after: InvoiceRow) {
  const paid = (s: string) => s === 'PAID' || s === 'OVER_PAID'
  if (!paid(after.status) || paid(before.status)) return
  await notify(
    tx,
    {
      eventType: 'INVOICE_PAID',
      title: `Invoice #${after.id} paid`,
      message: `Invoice #${after.id} is ${after.status === 'PAID' ? 'paid' : 'over-paid; the excess went to your balance'}.`,
      link: agencyLink(after.id),
      meta: { invoice_id: after.id },
    },
    { agencyId: after.agency_id },
  )
}

/** DOCUMENT_UPLOADED to staff finance: a payment proof waits for verification. */
export async function notifyDocumentUploaded(tx: DbOrTx, inv: InvoiceRow, documentId: number) {
  await notify(
    tx,
    {
      eventType: 'DOCUMENT_UPLOADED',
      title: `Payment proof for invoice #${inv.id}`,
      message: `A payment document of invoice #${inv.id} waits for verification.`,
      link: staffLink(inv.id),
      meta: { invoice_id: inv.id, document_id: documentId },
    },
    { staffPermission: 'finance' },
  )
}

/** PAYMENT_FAILED to the agency: staff rejected a payment document, with the reason. */
export async function notifyDocumentRejected(tx: DbOrTx, inv: InvoiceRow, reason: string) {
  await notify(
    tx,
    {
      eventType: 'PAYMENT_FAILED',
      title: `Payment proof of invoice #${inv.id} rejected`,
      message: reason,
      link: agencyLink(inv.id),
      meta: { invoice_id: inv.id },
    },
    { agencyId: inv.agency_id },
  )
}

/** ADDED_NOTE to the other side of the invoice (staff note -> agency; agency note -> staff finance). */
export async function notifyNoteAdded(tx: DbOrTx, inv: InvoiceRow, by: Actor, title: string) {
  const staff = isStaff(by)
  await notify(
    tx,
    {
      eventType: 'ADDED_NOTE',
      title: `Note on invoice #${inv.id}`,
      message: title,
      link: staff ? agencyLink(inv.id) : staffLink(inv.id),
      meta: { invoice_id: inv.id },
    },
    staff ? { agencyId: inv.agency_id } : { staffPermission: 'finance' },
  )
}
