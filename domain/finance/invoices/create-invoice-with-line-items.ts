import type { z } from 'zod'
import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { policies } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { defineUseCase } from '../../shared/authorize'
import { LINE_ITEM_TYPE_LABELS } from '../../shared/labels'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { AGENCY_PARTY, createInvoice, PRODUCT_PARTY, type InvoiceType, type LineItemType } from './invoices'
import { presentInvoice } from './invoice-listing'
import { recordInvoiceHistory } from './invoice-payments'
import type { CreateInvoiceWithLineItemsSchema } from './invoices.schemas'

/** The invoice a line of each type makes, and whether the agency pays it (else OSHC pays it). */
export const LINE_ITEM_INVOICES: Record<LineItemType, { type: InvoiceType; agencyPays: boolean }> = {
  PREMIUM: { type: 'PREMIUM', agencyPays: true },
  OFFER_PREMIUM: { type: 'PREMIUM', agencyPays: true },
  BNPL_PREMIUM: { type: 'BNPL_PAYMENT', agencyPays: true },
  TOPUP: { type: 'TOPUP', agencyPays: true },
  COMMISSION: { type: 'COMMISSION', agencyPays: false },
  AMENDMENT_COMMISSION: { type: 'AMENDMENT_COMMISSION', agencyPays: false },
}

/**
 * invoice/createInvoiceWithLineItems (staff with finance): an invoice for one agency with one line
 * of line_item_type for total_amount (cents), optionally about one of its policies (another
 * agency's policy: 404). Premium, BNPL and top-up lines are paid by the agency; commission lines by
 * OSHC. is_draft=true makes a DRAFT (which void-invoice may cancel); otherwise it is issued
 * (PENDING). Answers { invoice_id, invoice }.
 */
export const createInvoiceWithLineItems = defineUseCase(
  { staff: ['finance'] },
  async function createInvoiceWithLineItems(opts: {
    actor: StaffActor
    input: z.infer<typeof CreateInvoiceWithLineItemsSchema>
  }) {
    const { actor, input } = opts
    const agency = await assertAgencyAccess(actor, input.agency_id)
    return getDb().transaction(async (tx) => {
      let policyRef: string | null = null
      if (input.policy_id) {
        const [p] = await tx
          .select({ ref: policies.ref, agency_id: policies.agency_id })
          .from(policies)
          .where(eq(policies.id, input.policy_id))
        if (!p || p.agency_id !== agency.id) throw notFound('Policy')
        policyRef = p.ref
      }
      const kind = LINE_ITEM_INVOICES[input.line_item_type]
      const payer = kind.agencyPays ? AGENCY_PARTY : PRODUCT_PARTY
      const receiver = kind.agencyPays ? PRODUCT_PARTY : AGENCY_PARTY
      const label = LINE_ITEM_TYPE_LABELS[input.line_item_type]
      const { invoice } = await createInvoice(tx, {
        agencyId: agency.id,
        type: kind.type,
        from: receiver,
        to: payer,
        status: input.is_draft ? 'DRAFT' : 'PENDING',
        createdBy: actor.identityId,
        // Raised by hand: the agency hears of it when it is the one to pay.
        announce: payer === AGENCY_PARTY,
        items: [
          {
            line_item_type: input.line_item_type,
            policy_id: input.policy_id ?? null,
            description:
              input.description ??
              `${label} of ${formatCents(input.total_amount)}${policyRef ? ` (${policyRef})` : ''}`,
            total_amount: input.total_amount,
            payer,
            receiver,
          },
        ],
      })
      await recordInvoiceHistory(tx, {
        invoiceId: invoice.id,
        action: 'CREATED',
        message: `${invoice.status === 'DRAFT' ? 'Draft' : 'Invoice'} created by staff`,
        actor,
        toStatus: invoice.status,
      })
      return { invoice_id: invoice.id, invoice: presentInvoice(invoice) }
    })
  },
)
