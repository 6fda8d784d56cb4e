import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { isAgencySide, isStaff, type Actor } from '../../shared/actor'
import { forbidden, notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { lockInvoiceFor, lockInvoicePaymentFor } from './invoice-loading'
import { notifyNoteAdded } from './invoice-notices'
import { presentInvoiceHistory } from './invoice-payment-presenter'
import { recordInvoiceHistory } from './invoice-payments'
import type { InteractionSchema } from './invoices.schemas'

/**
 * invoice-payment-history/interactions: a note on an invoice (optionally about one of its
 * payments) in its history: note_title, note, message, with the author. Staff with finance on any
 * invoice, the agency side (finance or purchase) on its own (another agency's: 404). The other
 * side is notified (ADDED_NOTE).
 */
export const addInvoiceInteraction = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function addInvoiceInteraction(opts: { actor: Actor; input: z.infer<typeof InteractionSchema> }) {
    const { actor, input } = opts
    if (!isStaff(actor) && !isAgencySide(actor)) throw forbidden()
    return getDb().transaction(async (tx) => {
      const inv = await lockInvoiceFor(actor, input.invoice_id, tx)
      if (input.invoice_payment_id) {
        const pay = await lockInvoicePaymentFor(actor, input.invoice_payment_id, tx)
        if (pay.invoice_id !== inv.id) throw notFound('Invoice payment')
      }
      const title = input.note_title ?? 'Note'
      const row = await recordInvoiceHistory(tx, {
        invoiceId: inv.id,
        invoicePaymentId: input.invoice_payment_id ?? null,
        action: 'NOTE',
        message: input.message ?? title,
        note: input.note,
        noteTitle: title,
        actor,
      })
      await notifyNoteAdded(tx, inv, actor, title)
      return presentInvoiceHistory(row)
    })
  },
)
