import type { Actor } from '../../shared/actor'
import { pageInfo } from '../../shared/pagination'
import { defineUseCase } from '../../shared/authorize'
import { invoiceScope } from './invoice-listing'
import { lineItemFilters, lineItemQuery, presentLineItemRow } from './line-item-listing'
import type { LineItemListInput } from './invoices.schemas'

/**
 * invoice-line-item/getAllInvoiceLineItems: line items filtered by agency, line_item_type[],
 * policy and invoice, newest first by default, paged, with their invoice, policy, commission,
 * agency, provider and customer. Staff with finance: any agency; the agency side (finance or
 * purchase): its own (naming another agency is 404).
 */
export const findInvoiceLineItems = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findInvoiceLineItems(opts: {
    actor: Actor
    input: LineItemListInput & { page: number; perPage: number }
  }) {
    const { input } = opts
    const agencyId = await invoiceScope(opts.actor, input.agency_id)
    const rows = await lineItemQuery(lineItemFilters(input, agencyId), input)
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage)
    return {
      items: rows.map(presentLineItemRow),
      pageInfo: pageInfo(input.page, input.perPage, rows[0]?.total ?? 0),
    }
  },
)
