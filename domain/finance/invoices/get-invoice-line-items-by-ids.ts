import type { Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { invoiceScope } from './invoice-listing'
import { lineItemFilters, lineItemQuery, presentLineItemRow } from './line-item-listing'

/**
 * invoice-line-item/getInvoiceLineItemsByIds (ids, agency_id): the named line items, in the
 * order asked, with the same details as the list. The agency side sees only its own, staff with
 * finance any (agency_id narrows). An id that is missing or outside the scope: 404.
 */
export const getInvoiceLineItemsByIds = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getInvoiceLineItemsByIds(opts: { actor: Actor; ids: number[]; agencyId?: number }) {
    const agencyId = await invoiceScope(opts.actor, opts.agencyId)
    const ids = [...new Set(opts.ids)]
    const rows = await lineItemQuery(lineItemFilters({ ids }, agencyId), {
      sort_key: 'id',
      sort_direction: 'asc',
    })
    if (rows.length !== ids.length) throw notFound('Invoice line item')
    const byId = new Map(rows.map((r) => [r.li.id, presentLineItemRow(r)]))
    return ids.flatMap((id) => byId.get(id) ?? [])
  },
)
