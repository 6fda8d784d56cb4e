import { and, eq, notInArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { invoiceLineItems, invoices } from '../../db/schema'
import {
  AGENCY_PARTY,
  cancelUnpaidInvoices,
  createInvoice,
  PRODUCT_PARTY,
} from '../finance/invoices/invoices'
import type { PricedColumns } from './policy-pricing'
import { agencyLinks } from '../shared/links'

/** What a premium invoice is made of: the price the policy was sold at. */
type InvoicedPrice = Pick<
  PricedColumns,
  | 'premium'
  | 'premium_without_gst'
  | 'gst_rate'
  | 'discount_rate'
  | 'is_offer_applied'
  | 'offer_id'
  | 'original_amount_before_offer'
>

/**
 * Opens the policy's PREMIUM invoice: one PREMIUM (or OFFER_PREMIUM) line, tax = premium minus
 * premium without GST, paid by the agency to the provider side.
 */
export async function openPremiumInvoice(
  tx: DbOrTx,
  policy: { id: number; ref: string; agency_id: number },
  priced: InvoicedPrice,
  createdBy: number | null,
) {
  const { invoice } = await createInvoice(tx, {
    agencyId: policy.agency_id,
    type: 'PREMIUM',
    from: PRODUCT_PARTY,
    to: AGENCY_PARTY,
    createdBy,
    items: [
      {
        line_item_type: priced.is_offer_applied ? 'OFFER_PREMIUM' : 'PREMIUM',
        policy_id: policy.id,
        description: `Premium for policy ${policy.ref}`,
        total_amount: priced.premium,
        tax_amount: priced.premium - priced.premium_without_gst,
        tax_rate: priced.gst_rate,
        discount_rate: priced.discount_rate,
        payer: AGENCY_PARTY,
        receiver: PRODUCT_PARTY,
        link: agencyLinks.policy(policy.id),
        meta: priced.is_offer_applied
          ? { offer_id: priced.offer_id, original_amount_before_offer: priced.original_amount_before_offer }
          : undefined,
      },
    ],
  })
  return invoice
}

/** Cancels the policy's unpaid PREMIUM invoices (the policy is being re-priced). */
export async function cancelOpenPremiumInvoices(tx: DbOrTx, policyId: number, reason: string) {
  const open = await tx
    .selectDistinct({ id: invoices.id })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(
      and(
        eq(invoiceLineItems.policy_id, policyId),
        eq(invoices.invoice_type, 'PREMIUM'),
        notInArray(invoices.status, ['PAID', 'CANCELLED']),
      ),
    )
  if (!open.length) return []
  const ids = open.map((o) => o.id)
  await cancelUnpaidInvoices(tx, ids, reason)
  return ids
}

/**
 * Replaces the policy's open PREMIUM invoice by a fresh one at the same price: the old one (with
 * the parts paid on it) is cancelled with the reason, and the policy is paid again in full.
 */
export async function reissuePremiumInvoice(
  tx: DbOrTx,
  policy: { id: number; ref: string; agency_id: number } & InvoicedPrice,
  reason: string,
  createdBy: number | null,
) {
  await cancelOpenPremiumInvoices(tx, policy.id, reason)
  await openPremiumInvoice(tx, policy, policy, createdBy)
}
