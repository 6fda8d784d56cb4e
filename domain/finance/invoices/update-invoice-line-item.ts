import { and, eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoiceLineItems, invoicePayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { conflict, notFound, validation } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { defineUseCase } from '../../shared/authorize'
import { presentLineItem } from './get-invoice'
import { presentInvoice } from './invoice-listing'
import { lockInvoiceFor } from './invoice-loading'
import { recomputeInvoiceTotals } from './invoices'
import { recordInvoiceHistory, settleInvoice } from './invoice-payments'
import type { UpdateLineItem } from './invoices.schemas'

/** Invoices whose lines may still change: not paid, over-paid or cancelled. */
const EDITABLE = ['DRAFT', 'PENDING', 'OVERDUE', 'PARTIALLY_PAID'] as const

/**
 * invoice-line-item/updateInvoiceLineItem/{id} (staff with finance): the description, gross
 * amount and/or tax of a line on an open invoice. The invoice's totals are recomputed from its
 * line items and its status from its payments, with a history row. The lines of a PAID, OVER_PAID
 * or CANCELLED invoice are immutable (409); a total below what is already paid is a 409; tax above
 * the line's total is a 400. The editor is recorded as the invoice's last changer (updated_by), so
 * another finance staff member marks it paid.
 */
export const updateInvoiceLineItem = defineUseCase(
  { staff: ['finance'] },
  async function updateInvoiceLineItem(opts: { actor: StaffActor; id: number; input: UpdateLineItem }) {
    const { actor, input } = opts
    return getDb().transaction(async (tx) => {
      const [line] = await tx.select().from(invoiceLineItems).where(eq(invoiceLineItems.id, opts.id))
      if (!line) throw notFound('Invoice line item')
      if (!line.invoice_id) throw conflict('This line item is on no invoice')
      const inv = await lockInvoiceFor(actor, line.invoice_id, tx)
      if (!(EDITABLE as readonly string[]).includes(inv.status))
        throw conflict(`This invoice is ${inv.status}; its line items cannot change`)
      const total = input.total_amount ?? line.total_amount
      const tax =
        input.tax_amount ??
        (input.total_amount === undefined ? line.tax_amount : Math.min(line.tax_amount, total))
      if (tax > total) throw validation('tax_amount', 'Tax must not be more than the total amount')
      const [{ paid }] = await tx
        .select({ paid: sql<number>`coalesce(sum(${invoicePayments.payment_amount}), 0)::bigint` })
        .from(invoicePayments)
        .where(and(eq(invoicePayments.invoice_id, inv.id), eq(invoicePayments.status, 'COMPLETED')))
      const newDue = inv.total_amount_due - line.total_amount + total
      if (newDue < Number(paid))
        throw conflict(
          `The invoice total would be ${formatCents(newDue)}, less than the ${formatCents(Number(paid))} already paid`,
        )
      const [updated] = await tx
        .update(invoiceLineItems)
        .set({
          description: input.description ?? line.description,
          total_amount: total,
          tax_amount: tax,
          net_amount: total - tax,
        })
        .where(eq(invoiceLineItems.id, line.id))
        .returning()
      // The editor becomes the invoice's last changer: they may not mark it paid (maker-checker).
      await recomputeInvoiceTotals(tx, inv.id, actor.identityId)
      const { invoice } = await settleInvoice(tx, inv.id, actor)
      await recordInvoiceHistory(tx, {
        invoiceId: inv.id,
        action: 'LINE_ITEM_UPDATED',
        message: `Line item #${line.id} changed: ${formatCents(line.total_amount)} -> ${formatCents(total)}`,
        actor,
        meta: {
          line_item_id: line.id,
          before: {
            description: line.description,
            total_amount: line.total_amount,
            tax_amount: line.tax_amount,
          },
          after: { description: updated.description, total_amount: total, tax_amount: tax },
        },
      })
      return { line_item: presentLineItem(updated), invoice: presentInvoice(invoice) }
    })
  },
)
