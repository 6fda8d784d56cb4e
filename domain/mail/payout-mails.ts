import { config } from '../shared/config'
import { formatCents } from '../shared/format'
import { PAYOUT_PAYMENT_TYPE_LABELS } from '../shared/labels'
import type { PayoutPaymentType } from '../finance/payouts/payouts.rules'
import { agencyLinks } from '../shared/links'

const link = (path: string) => new URL(path, config().APP_URL).toString()

/** Mails about commission payouts, as plain text (the html part is derived). */
export const payoutMails = {
  approved: (p: {
    id: number
    externalInvoiceId: string
    totalCents: number
    paymentType: PayoutPaymentType
    receiptId: string
    offsetCents: number
    creditedCents: number
  }) => ({
    subject: `Commission payout #${p.id} approved`,
    text: [
      `Your commission payout request #${p.id} (your invoice ${p.externalInvoiceId}) of ${formatCents(p.totalCents)} has been approved.`,
      `Paid by: ${PAYOUT_PAYMENT_TYPE_LABELS[p.paymentType]}. Receipt: ${p.receiptId}.`,
      ...(p.offsetCents ? [`${formatCents(p.offsetCents)} settled open clawbacks.`] : []),
      ...(p.creditedCents ? [`${formatCents(p.creditedCents)} was credited to your agency balance.`] : []),
      `Open your payouts: ${link(agencyLinks.payouts)}`,
    ].join('\n'),
  }),
  /** The paid payout's documents, attached (the remittance advice, and an RCTI when registered for GST). */
  documents: (p: { id: number; externalInvoiceId: string; rcti: boolean }) => ({
    subject: `Remittance advice for commission payout #${p.id}`,
    text: [
      `Attached is the remittance advice for your commission payout #${p.id} (your invoice ${p.externalInvoiceId})${p.rcti ? ', with the recipient created tax invoice we issue for it: keep it for your GST records' : ''}.`,
      `Open your payouts: ${link(agencyLinks.payouts)}`,
    ].join('\n'),
  }),
  rejected: (p: { id: number; externalInvoiceId: string; totalCents: number; reason: string }) => ({
    subject: `Commission payout #${p.id} rejected`,
    text: `Your commission payout request #${p.id} (your invoice ${p.externalInvoiceId}) of ${formatCents(p.totalCents)} was rejected.\nReason: ${p.reason}\nIts commission is banked again; you can request it again here: ${link(agencyLinks.commission)}`,
  }),
}
