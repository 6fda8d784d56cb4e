import type { z } from 'zod'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoiceLineItems, invoices } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { conflict, notFound, validation } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY, type InvoiceType } from './invoices'
import { presentInvoice } from './invoice-listing'
import { recordInvoiceHistory } from './invoice-payments'
import type { CreateInvoiceForAgencyQuerySchema } from './invoices.schemas'

/** The invoices an agency issues to OSHC (OSHC pays them). */
export const AGENCY_TO_ADMIN_TYPES: readonly InvoiceType[] = [
  'COMMISSION',
  'AMENDMENT_COMMISSION',
  'FULL_REFUND',
  'PARTIAL_REFUND',
]

/**
 * invoice/createInvoiceForAgencyToAdmin (agency side with finance; staff with finance for any
 * agency): the agency bills OSHC (from AGENCY, to OSHC, PENDING) for the chosen line items of
 * its own, one line per chosen item with its amount and tax, each pointing back at its source
 * (meta.source_line_item_id). invoice_type: COMMISSION, AMENDMENT_COMMISSION, FULL_REFUND or
 * PARTIAL_REFUND (else 400). A line of another agency: 404; one already billed on an invoice
 * that is not cancelled: 409.
 */
export const createInvoiceForAgencyToAdmin = defineUseCase(
  { staff: ['finance'], agency: ['finance'] },
  async function createInvoiceForAgencyToAdmin(opts: {
    actor: Actor
    input: z.infer<typeof CreateInvoiceForAgencyQuerySchema>
  }) {
    const { actor, input } = opts
    const agency = await assertAgencyAccess(actor, input.agency_id)
    if (!AGENCY_TO_ADMIN_TYPES.includes(input.invoice_type))
      throw validation('invoice_type', `An agency bills OSHC for ${AGENCY_TO_ADMIN_TYPES.join(', ')}`)
    const ids = [...new Set(input.invoice_line_items_ids)]
    return getDb().transaction(async (tx) => {
      const lines = await tx
        .select()
        .from(invoiceLineItems)
        .where(and(inArray(invoiceLineItems.id, ids), eq(invoiceLineItems.agency_id, agency.id)))
        .for('update')
      if (lines.length !== ids.length) throw notFound('Invoice line item')
      const [billed] = await tx
        .select({ source: sql<string>`${invoiceLineItems.meta}->>'source_line_item_id'` })
        .from(invoiceLineItems)
        .innerJoin(invoices, eq(invoices.id, invoiceLineItems.invoice_id))
        .where(
          and(
            eq(invoiceLineItems.agency_id, agency.id),
            inArray(sql`${invoiceLineItems.meta}->>'source_line_item_id'`, ids.map(String)),
            ne(invoices.status, 'CANCELLED'),
          ),
        )
        .limit(1)
      if (billed) throw conflict(`Line item #${billed.source} is already billed to OSHC`)
      const { invoice, items } = await createInvoice(tx, {
        agencyId: agency.id,
        type: input.invoice_type,
        from: AGENCY_PARTY,
        to: PRODUCT_PARTY,
        createdBy: 'identityId' in actor ? actor.identityId : null,
        items: lines.map((l) => ({
          line_item_type: l.line_item_type,
          line_item_type_id: l.line_item_type_id,
          policy_id: l.policy_id,
          description: l.description,
          total_amount: l.total_amount,
          tax_amount: l.tax_amount,
          tax_rate: l.tax_rate,
          payer: PRODUCT_PARTY,
          receiver: AGENCY_PARTY,
          meta: { source_line_item_id: String(l.id) },
        })),
      })
      await recordInvoiceHistory(tx, {
        invoiceId: invoice.id,
        action: 'CREATED',
        message: `${isAgencySide(actor) ? 'Agency' : 'Staff'} billed OSHC for ${items.length} line item(s)`,
        actor,
        toStatus: invoice.status,
      })
      return { invoice_id: invoice.id, invoice: presentInvoice(invoice) }
    })
  },
)
