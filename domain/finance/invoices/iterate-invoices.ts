import { type Actor } from '../../shared/actor'
import type { InvoiceListInput } from '../finance.schemas'
import { defineUseCase } from '../../shared/authorize'
import { invoiceScope, filters, query, present } from './invoice-listing'

/** exportAllInvoices: the same filtered list without paging, in batches. */
export const iterateInvoices = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function iterateInvoices(opts: { actor: Actor; input: InvoiceListInput }) {
    const agencyId = await invoiceScope(opts.actor, opts.input.agency_id)
    const where = filters(opts.input, agencyId)
    return (async function* () {
      const batch = 500
      for (let offset = 0; ; offset += batch) {
        const rows = await query(where, opts.input).limit(batch).offset(offset)
        for (const r of rows) yield present(r)
        if (rows.length < batch) return
      }
    })()
  },
)
