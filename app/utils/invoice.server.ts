import { getInvoice } from '../../domain/finance/get-invoice'
import type { Actor } from '../../domain/shared/actor'
import { idFromParam, throwAsResponse } from './forms.server'

/** The invoice of the route's :invoiceId as the caller may see it (404 otherwise), dates as text. */
export async function loadInvoice(actor: Actor, invoiceIdParam: string | undefined) {
  const invoiceId = idFromParam(invoiceIdParam, 'Invoice')
  const invoice = await getInvoice({ actor, invoiceId }).catch(throwAsResponse)
  return {
    ...invoice,
    created_at: invoice.created_at.toISOString(),
    updated_at: invoice.updated_at.toISOString(),
    line_items: invoice.line_items.map((li) => ({ ...li, created_at: li.created_at.toISOString() })),
    payments: invoice.payments.map((p) => ({
      ...p,
      paid_at: p.paid_at?.toISOString() ?? null,
      created_at: p.created_at.toISOString(),
    })),
  }
}

export type SerializedInvoice = Awaited<ReturnType<typeof loadInvoice>>
