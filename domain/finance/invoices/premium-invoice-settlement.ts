// What a settlement of policies' premiums does to their invoices (a buy-now-pay-later settlement
// approved or rejected): the policies' open PREMIUM invoices paid, their premium lines marked
// commission-banked, the settlement invoice's own payment completed or the invoice cancelled.
import { and, eq, inArray, notInArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoiceLineItems, invoicePayments, invoices } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import {
  CLOSED_INVOICE_STATUSES,
  completeInvoicePayment,
  recordInvoiceHistory,
  recordInvoicePayment,
  type PaymentMethod,
} from './invoice-payments'
import { setInvoiceStatus } from './invoices'

/**
 * The PREMIUM invoices of `policyIds` that are not closed are paid by a COMPLETED payment of what
 * each still owes (so every paid invoice is explained by its payments).
 */
export async function payOpenPremiumInvoices(
  tx: DbOrTx,
  policyIds: number[],
  p: {
    method: PaymentMethod
    actor: Actor | string
    ref: string
    notes: string
    meta: Record<string, unknown>
  },
) {
  const open = await tx
    .selectDistinct({ id: invoices.id, outstanding: invoices.total_outstanding_amount })
    .from(invoices)
    .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
    .where(
      and(
        inArray(invoiceLineItems.policy_id, policyIds),
        eq(invoices.invoice_type, 'PREMIUM'),
        notInArray(invoices.status, [...CLOSED_INVOICE_STATUSES]),
      ),
    )
  for (const inv of open) {
    if (inv.outstanding <= 0) continue
    await recordInvoicePayment(tx, { invoiceId: inv.id, amount: inv.outstanding, status: 'COMPLETED', ...p })
  }
}

/** The premium lines of `policyIds` carry commission that is now banked. */
export async function markPremiumLinesCommissionBanked(tx: DbOrTx, policyIds: number[]) {
  await tx
    .update(invoiceLineItems)
    .set({ is_commission_banked: true })
    .where(
      and(
        inArray(invoiceLineItems.policy_id, policyIds),
        inArray(invoiceLineItems.line_item_type, ['PREMIUM', 'OFFER_PREMIUM']),
      ),
    )
}

/** Every PENDING payment of the invoice is completed (the money it waited for arrived). */
export async function completePendingInvoicePayments(
  tx: DbOrTx,
  c: { invoiceId: number; actor: Actor | string },
) {
  const pending = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoice_id, c.invoiceId), eq(invoicePayments.status, 'PENDING')))
  for (const p of pending) await completeInvoicePayment(tx, p.id, c.actor)
}

/** A PENDING invoice whose settlement was rejected is CANCELLED, with its history row. */
export async function cancelSettlementInvoice(
  tx: DbOrTx,
  invoiceId: number,
  c: { reason: string; actor: Actor | string; why: string },
) {
  const inv = await setInvoiceStatus(tx, invoiceId, { status: 'CANCELLED', cancellation_reasons: c.reason })
  if (!inv) return
  await recordInvoiceHistory(tx, {
    invoiceId: inv.id,
    action: 'STATUS_CHANGED',
    message: `Invoice PENDING -> CANCELLED (${c.why})`,
    note: c.reason,
    actor: c.actor,
    fromStatus: 'PENDING',
    toStatus: 'CANCELLED',
  })
}
