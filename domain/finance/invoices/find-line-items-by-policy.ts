import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { invoiceLineItems, invoices } from '../../../db/schema'
import { type Actor } from '../../shared/actor'
import { loadVisiblePolicy } from '../policy-payments/policy-payment-loading'
import { presentLineItem } from './get-invoice'
import { defineUseCase } from '../../shared/authorize'

/**
 * getAllInvoiceLineItemsByPolicyId: every line item about one policy, oldest first, with its
 * invoice's type and status. Staff with finance; the agency side (finance or purchase) for its
 * own policies (another agency's is 404).
 */
export const findLineItemsByPolicy = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findLineItemsByPolicy(opts: { actor: Actor; policyId: number }) {
    const policy = await loadVisiblePolicy(opts.actor, opts.policyId)
    const rows = await getDb()
      .select({ li: invoiceLineItems, invoice_type: invoices.invoice_type, invoice_status: invoices.status })
      .from(invoiceLineItems)
      .leftJoin(invoices, eq(invoices.id, invoiceLineItems.invoice_id))
      .where(eq(invoiceLineItems.policy_id, policy.id))
      .orderBy(asc(invoiceLineItems.id))
    return rows.map((r) => ({
      ...presentLineItem(r.li, policy.ref),
      invoice_type: r.invoice_type,
      invoice_status: r.invoice_status,
    }))
  },
)
