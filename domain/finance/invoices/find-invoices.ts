import { type Actor } from '../../shared/actor'
import { pageInfo } from '../../shared/pagination'
import type { InvoiceListInput } from '../finance.schemas'
import { defineUseCase } from '../../shared/authorize'
import { invoiceScope, filters, query, present, countInvoices } from './invoice-listing'

/**
 * getAllInvoices: invoices of one tab (mapping in finance.rules.ts INVOICE_TABS), filtered by
 * invoice type, status, agency and invoice date, sorted and paged. Access: see invoiceScope.
 */
export const findInvoices = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findInvoices(opts: {
    actor: Actor
    input: InvoiceListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await invoiceScope(opts.actor, input.agency_id)
    const where = filters(input, agencyId)
    const [rows, total] = await Promise.all([
      query(where, input)
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      countInvoices(where),
    ])
    return { items: rows.map(present), pageInfo: pageInfo(input.page, input.perPage, total) }
  },
)
