import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { invoiceScope } from './invoice-listing'
import { lineItemFilters, lineItemQuery, presentLineItemRow } from './line-item-listing'
import type { LineItemListInput } from './invoices.schemas'

/** exportAllInvoliceLineItems: getAllInvoiceLineItems' filtered list without paging, in batches. */
export const iterateInvoiceLineItems = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateInvoiceLineItems(opts: { actor: Actor; input: LineItemListInput }) {
    const agencyId = await invoiceScope(opts.actor, opts.input.agency_id)
    const where = lineItemFilters(opts.input, agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await lineItemQuery(where, opts.input).limit(batch).offset(offset)
        for (const r of rows) yield presentLineItemRow(r)
        if (rows.length < batch) return
      }
    })()
  },
)
