// The schemas of the invoice pages' forms (both portals), read by Conform in the browser and by
// the pages' actions (components may not import domain/). Each names its form by `intent`.
import { z } from 'zod'
import { optionalText } from '../../domain/shared/fields'
import { REASON_REQUIRED } from '../../domain/finance/finance.schemas'
import { InteractionSchema, VoidInvoiceSchema } from '../../domain/finance/invoices/invoices.schemas'

/** A note in the invoice's history (both portals). */
export const InvoiceNoteSchema = InteractionSchema.pick({ note_title: true, note: true }).extend({
  intent: z.literal('add-note'),
})

/** Staff: an open invoice's outstanding recorded as received, with an optional note. */
export const MarkInvoicePaidSchema = z.object({ intent: z.literal('mark-paid'), note: optionalText(1000) })

/** Staff: a draft voided, with an optional reason. */
export const VoidInvoiceFormSchema = VoidInvoiceSchema.pick({ reason: true }).extend({
  intent: z.literal('void'),
})

/** The field of a proof's rejection reason (one per proof on the page). */
export const reasonField = (documentId: number) => `reason_${documentId}`

/**
 * Staff decide a proof: `verify-document:<id>` or `reject-document:<id>` (the button pressed),
 * a rejection needing its reason in reason_<id>.
 */
export const documentDecisionSchema = (documentId: number) =>
  z
    .object({
      intent: z.enum([`verify-document:${documentId}`, `reject-document:${documentId}`]),
      [reasonField(documentId)]: optionalText(1000),
    })
    .superRefine((v, ctx) => {
      if (String(v.intent).startsWith('reject-') && !v[reasonField(documentId)])
        ctx.addIssue({ code: 'custom', path: [reasonField(documentId)], message: REASON_REQUIRED })
    })

/** The agency deletes a proof nobody has looked at yet: `delete-document:<id>`. */
export const deleteDocumentSchema = (documentId: number) =>
  z.object({ intent: z.literal(`delete-document:${documentId}`) })

/**
 * The agency pays an invoice (intent=pay) with rows method_<i> / amount_<i> / document_<i> (the
 * rows, receipts and amounts are checked by the use case's MakePaymentSchema).
 */
export const PayInvoiceFormSchema = z.object({ intent: z.literal('pay') })
