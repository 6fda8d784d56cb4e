import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoiceLineItems, policies } from '../../../db/schema'
import { isAgencySide, type Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { presentLineItem } from './get-invoice'
import { defineUseCase } from '../../shared/authorize'

/** getInvoiceLineItemById: one line item; same access, another agency's item is 404. */
export const getLineItem = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getLineItem(opts: { actor: Actor; id: number }) {
    const [row] = await getDb()
      .select({ li: invoiceLineItems, policy_ref: policies.ref })
      .from(invoiceLineItems)
      .leftJoin(policies, eq(policies.id, invoiceLineItems.policy_id))
      .where(eq(invoiceLineItems.id, opts.id))
    if (!row) throw notFound('Invoice line item')
    if (isAgencySide(opts.actor) && opts.actor.agencyId !== row.li.agency_id)
      throw notFound('Invoice line item')
    return presentLineItem(row.li, row.policy_ref)
  },
)
