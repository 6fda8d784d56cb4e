import { z } from 'zod'
import { endpoint, ok, paged, type ApiResult, type Endpoint } from '../define'
import { exportResponse, ExportFormatSchema } from '../export.server'
import { id } from '../../domain/shared/fields'
import * as S from '../../domain/finance/finance.schemas'
import * as I from '../../domain/finance/invoices/invoices.schemas'
import { findInvoices } from '../../domain/finance/invoices/find-invoices'
import { INVOICE_EXPORT_COLUMNS } from '../../domain/finance/invoices/invoice-listing'
import { iterateInvoices } from '../../domain/finance/invoices/iterate-invoices'
import { getInvoice } from '../../domain/finance/invoices/get-invoice'
import { getInvoicePdf } from '../../domain/finance/invoices/get-invoice-pdf'
import { findLineItemsByPolicy } from '../../domain/finance/invoices/find-line-items-by-policy'
import { getLineItem } from '../../domain/finance/invoices/get-line-item'
import { getFinanceMetrics } from '../../domain/finance/get-finance-metrics'
import { findInvoiceLineItems } from '../../domain/finance/invoices/find-invoice-line-items'
import { iterateInvoiceLineItems } from '../../domain/finance/invoices/iterate-invoice-line-items'
import { LINE_ITEM_EXPORT_COLUMNS } from '../../domain/finance/invoices/line-item-listing'
import { getInvoiceLineItemsByIds } from '../../domain/finance/invoices/get-invoice-line-items-by-ids'
import { updateInvoiceLineItem } from '../../domain/finance/invoices/update-invoice-line-item'
import { createInvoiceForAgencyToAdmin } from '../../domain/finance/invoices/create-invoice-for-agency-to-admin'
import { createInvoiceWithLineItems } from '../../domain/finance/invoices/create-invoice-with-line-items'
import { createInvoicePayment } from '../../domain/finance/invoices/create-invoice-payment'
import { findInvoicePayments } from '../../domain/finance/invoices/find-invoice-payments'
import { getInvoicePayment } from '../../domain/finance/invoices/get-invoice-payment'
import { markInvoiceAsPaid } from '../../domain/finance/invoices/mark-invoice-as-paid'
import { modifyPolicyFinance } from '../../domain/finance/policy-payments/modify-policy-finance'
import { addInvoiceInteraction } from '../../domain/finance/invoices/add-invoice-interaction'
import { createInvoicePaymentDocument } from '../../domain/finance/invoices/create-invoice-payment-document'
import { updateInvoicePaymentDocumentStatus } from '../../domain/finance/invoices/update-invoice-payment-document-status'
import { deleteInvoicePaymentDocument } from '../../domain/finance/invoices/delete-invoice-payment-document'
import { makePaymentByAgency } from '../../domain/finance/ledger/make-payment-by-agency'
import { voidInvoice } from '../../domain/finance/invoices/void-invoice'
import { businessDate } from '../../domain/shared/business-date'

const PAY = '/payment-system'
const LINE = `${PAY}/invoice-line-item`
const INV = `${PAY}/invoice`
const PAYMENT = `${PAY}/invoice-payment`
const DOC = `${PAY}/invoice-payment-document`

const IdParam = z.object({ id: id() })
const NO_PAGE = { page: true, perPage: true } as const
const format = { format: ExportFormatSchema }
const InvoiceExport = S.InvoiceListQuerySchema.omit(NO_PAGE).extend(format)
const LineItemExport = I.LineItemListQuerySchema.omit(NO_PAGE).extend(format)

const created = (data: unknown, message: string): ApiResult => ({ status: 201, message, data })

// ---- Line items ----------------------------------------------------------------------------------

const lineItemEndpoints = [
  endpoint({
    method: 'GET',
    path: `${LINE}/getInvoiceLineItemById/{id}`,
    summary: 'One invoice line item',
    access: getLineItem.access,
    params: IdParam,
    handler: async ({ actor, params }) => ok(await getLineItem({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${LINE}/getAllInvoiceLineItems`,
    summary:
      'Line items, paged, newest first: filters agency_id (staff), line_item_type[], policy_id, invoice_id; each with its invoice, policy, commission, agency, provider, customer and formatted amounts. The agency side sees its own',
    access: findInvoiceLineItems.access,
    query: I.LineItemListQuerySchema,
    handler: async ({ actor, query }) => paged(await findInvoiceLineItems({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${LINE}/getAllInvoiceLineItemsByPolicyId`,
    summary: "Every line item about a policy, with its invoice's type and status",
    access: findLineItemsByPolicy.access,
    query: S.LineItemsByPolicyQuerySchema,
    handler: async ({ actor, query }) =>
      ok(await findLineItemsByPolicy({ actor, policyId: query.policy_id })),
  }),
  endpoint({
    method: 'GET',
    path: `${LINE}/getInvoiceLineItemsByIds`,
    summary:
      'The line items named by ids (comma-separated or repeated), in that order, with the list details; agency_id narrows (the agency side: its own). Any id missing or outside: 404',
    access: getInvoiceLineItemsByIds.access,
    query: I.LineItemsByIdsQuerySchema,
    handler: async ({ actor, query }) =>
      ok(await getInvoiceLineItemsByIds({ actor, ids: query.ids, agencyId: query.agency_id })),
  }),
  endpoint({
    method: 'POST',
    path: `${LINE}/exportAllInvoliceLineItems`,
    summary: 'getAllInvoiceLineItems as CSV or XLSX (format=xlsx), streamed; filters in the query',
    access: iterateInvoiceLineItems.access,
    query: LineItemExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `invoice-line-items-${businessDate()}`,
        format: query.format,
        columns: LINE_ITEM_EXPORT_COLUMNS,
        rows: await iterateInvoiceLineItems({ actor, input: query }),
      }),
  }),
  endpoint({
    method: 'POST',
    path: `${LINE}/updateInvoiceLineItem/{id}`,
    summary:
      "Staff finance: change a line's description, total_amount and/or tax_amount (AUD) on an open invoice; the invoice's totals are recomputed from its lines and its status from its payments. A PAID, OVER_PAID or CANCELLED invoice's lines are immutable (409); a total below what is paid: 409",
    access: updateInvoiceLineItem.access,
    params: IdParam,
    body: I.UpdateLineItemSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateInvoiceLineItem({ actor, id: params.id, input: body }), 'Line item updated'),
  }),
]

// ---- Invoices ------------------------------------------------------------------------------------

const invoiceRows = [
  endpoint({
    method: 'GET',
    path: `${INV}/getAllInvoices`,
    summary:
      "Invoices by tab, from the agency's point of view: PAYABLE (open, to AGENCY, no payment waiting), RECEIVABLE (open, to OSHC), PENDING_APPROVAL (open with a payment waiting for staff), PAID, AWAITING_COMMISSION_PAYMENT, COMMISSION_PAID, PARTIAL_PAYMENT, ALL. Open = PENDING, OVERDUE, PARTIALLY_PAID. Filters invoice_type[], status[], agency_id (staff), start_date / end_date (invoice date), search (invoice number, external id, agency, notes)",
    access: findInvoices.access,
    query: S.InvoiceListQuerySchema,
    handler: async ({ actor, query }) => paged(await findInvoices({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${INV}/exportAllInvoices`,
    summary: 'getAllInvoices as CSV or XLSX, streamed; tab and filters in the query',
    access: iterateInvoices.access,
    query: InvoiceExport,
    handler: async ({ actor, query }) =>
      exportResponse({
        filename: `invoices-${businessDate()}`,
        format: query.format,
        columns: INVOICE_EXPORT_COLUMNS,
        rows: await iterateInvoices({ actor, input: query }),
      }),
  }),
  endpoint({
    method: 'GET',
    path: `${INV}/getInvoiceById/{id}`,
    summary: 'An invoice with its agency, line items, payments (with their documents) and history',
    access: getInvoice.access,
    params: IdParam,
    handler: async ({ actor, params }) => ok(await getInvoice({ actor, invoiceId: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: `${INV}/getInvoicePdf/{id}`,
    summary:
      "The invoice as a PDF download (application/pdf): to the agency a GST tax invoice (the insurer's name and ABN, the agency's ABN, GST per line and in total, paid and owing), otherwise a plain invoice. Who may read the invoice may download it; another agency's: 404. Production without INSURER_NAME and INSURER_ABN: 409",
    access: getInvoicePdf.access,
    params: IdParam,
    handler: async ({ actor, params }) => {
      const file = await getInvoicePdf({ actor, invoiceId: params.id })
      return new Response(file.content, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${file.file_name}"`,
          'Cache-Control': 'no-store',
        },
      })
    },
  }),
  endpoint({
    method: 'POST',
    path: `${INV}/createInvoiceForAgencyToAdmin`,
    summary:
      'The agency (finance; staff finance for any agency) bills OSHC for chosen line items of its own: query agency_id, invoice_line_items_ids (comma-separated or repeated), invoice_type COMMISSION | AMENDMENT_COMMISSION | FULL_REFUND | PARTIAL_REFUND. A PENDING invoice from AGENCY to OSHC, one line per chosen item. Another agency: 404; a line already billed: 409. Answers { invoice_id, invoice }',
    access: createInvoiceForAgencyToAdmin.access,
    query: I.CreateInvoiceForAgencyQuerySchema,
    status: 201,
    handler: async ({ actor, query }) =>
      created(await createInvoiceForAgencyToAdmin({ actor, input: query }), 'Invoice created'),
  }),
  endpoint({
    method: 'POST',
    path: `${INV}/createInvoiceWithLineItems`,
    summary:
      'Staff finance: an invoice for agency_id with one line of line_item_type for total_amount (AUD); optional description, policy_id and is_draft (DRAFT instead of PENDING). Premium, BNPL and top-up lines are paid by the agency, commission lines by OSHC. Answers { invoice_id, invoice }',
    access: createInvoiceWithLineItems.access,
    body: I.CreateInvoiceWithLineItemsSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await createInvoiceWithLineItems({ actor, input: body }), 'Invoice created'),
  }),
  endpoint({
    method: 'POST',
    path: `${PAY}/void-invoice`,
    summary:
      'Staff finance: a DRAFT invoice becomes CANCELLED (optional reason kept in cancellation_reasons). Any other status: 409 with the reason',
    access: voidInvoice.access,
    body: I.VoidInvoiceSchema,
    handler: async ({ actor, body }) =>
      ok(await voidInvoice({ actor, invoiceId: body.invoice_id, reason: body.reason }), 'Invoice voided'),
  }),
  endpoint({
    method: 'POST',
    path: `${PAY}/modifyPolicyFinance/{policyId}`,
    summary:
      "Staff finance or policy_management: the invoice of a change to a policy's money for total_premium_amount (AUD): CANCELLATION = FULL_REFUND invoice OSHC pays the agency; CLAWBACK = CLAWBACK invoice the agency pays OSHC; PREMIUM = PREMIUM invoice the agency pays (amendment_id recorded). Answers { invoiceId }",
    access: modifyPolicyFinance.access,
    params: z.object({ policyId: id() }),
    body: I.ModifyPolicyFinanceSchema,
    status: 201,
    handler: async ({ actor, params, body }) =>
      created(
        await modifyPolicyFinance({ actor, policyId: params.policyId, input: body }),
        'Invoice created',
      ),
  }),
  endpoint({
    method: 'GET',
    path: `${PAY}/finance-metrics`,
    summary:
      'agencyTopUpBalance, commissionAvailable, commissionClawback (what open clawbacks still owe), bnplRemaining, bnplTotal and count + amount of payable, receivable, pendingApproval, paid and partialPayment invoices, all computed in SQL; staff without agencyId get every agency',
    access: getFinanceMetrics.access,
    query: S.FinanceMetricsQuerySchema,
    handler: async ({ actor, query }) => ok(await getFinanceMetrics({ actor, agencyId: query.agencyId })),
  }),
]

// ---- Invoice payments, documents and notes -------------------------------------------------------

const paymentEndpoints = [
  endpoint({
    method: 'POST',
    path: `${PAYMENT}/createInvoicePayment`,
    summary:
      "The agency pays an open invoice addressed to it with one method: BANK = a PENDING payment (bank_document_key, optional, becomes an UNVERIFIED document); AGENCY_BALANCE = balance debited through the ledger and a COMPLETED payment (409 'Insufficient agency balance'); CARD = answers intent { payment_secret, currency, url } from the card gateway, recorded when the gateway confirms",
    access: createInvoicePayment.access,
    body: I.CreateInvoicePaymentSchema,
    status: 201,
    handler: async ({ actor, body }) => {
      const r = await createInvoicePayment({ actor, input: body })
      return created(r, r.intent ? 'Card checkout opened' : 'Payment recorded')
    },
  }),
  endpoint({
    method: 'GET',
    path: `${PAYMENT}/getAllInvoicePayments`,
    summary:
      'Invoice payments with their documents, newest first, paged: filters agency_id (staff), invoice_id, status, method. The agency side sees its own',
    access: findInvoicePayments.access,
    query: I.InvoicePaymentListQuerySchema,
    handler: async ({ actor, query }) => paged(await findInvoicePayments({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: `${PAYMENT}/getInvoicePaymentById/{id}`,
    summary: 'One invoice payment with its documents and history',
    access: getInvoicePayment.access,
    params: IdParam,
    handler: async ({ actor, params }) => ok(await getInvoicePayment({ actor, id: params.id })),
  }),
  endpoint({
    method: 'POST',
    path: `${PAYMENT}/markAsPaid`,
    summary:
      'Staff finance: the outstanding amount is recorded as a COMPLETED payment and the invoice becomes PAID. 409 for a draft or closed invoice or while a payment waits for verification; 403 for the staff member who created the invoice (maker-checker)',
    access: markInvoiceAsPaid.access,
    body: I.MarkAsPaidSchema,
    handler: async ({ actor, body }) =>
      ok(
        await markInvoiceAsPaid({ actor, invoiceId: body.invoice_id, note: body.note }),
        'Invoice marked as paid',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${PAY}/makePaymentByAgency`,
    summary:
      "The agency pays an open invoice with several methods at once, all or nothing: payment_methods[] of { method CARD | BANK | AGENCY_BALANCE, payment_amount, documentName, documentUrl }. BANK needs documentUrl ('Bank document is required') and is PENDING until staff verify it; AGENCY_BALANCE is debited atomically (never below 0); CARD answers intent from the gateway. Partial -> PARTIALLY_PAID; over-payment -> OVER_PAID with the excess credited to the balance. BUY_NOW_PAY_LATER: 409",
    access: makePaymentByAgency.access,
    body: I.MakePaymentSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await makePaymentByAgency({ actor, input: body }), 'Payment made'),
  }),
  endpoint({
    method: 'POST',
    path: `${PAY}/invoice-payment-history/interactions`,
    summary:
      'A note on an invoice (optionally about one of its payments): note_title, note (required), message. Staff finance on any, the agency side on its own; the other side is notified',
    access: addInvoiceInteraction.access,
    body: I.InteractionSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await addInvoiceInteraction({ actor, input: body }), 'Note added'),
  }),
  endpoint({
    method: 'POST',
    path: `${DOC}/createInvoicePaymentDocument`,
    summary:
      'Attach a proof (url = uploaded file key, name) to a PENDING invoice payment: UNVERIFIED until staff finance decide. A completed payment: 409',
    access: createInvoicePaymentDocument.access,
    body: I.CreatePaymentDocumentSchema,
    status: 201,
    handler: async ({ actor, body }) =>
      created(await createInvoicePaymentDocument({ actor, input: body }), 'Document added'),
  }),
  endpoint({
    method: 'POST',
    path: `${DOC}/updateInvoicePaymentDocumentStatus`,
    summary:
      "Staff finance: an UNVERIFIED document (id) becomes VERIFIED (its PENDING payment completes and the invoice settles; an excess is credited to the balance) or REJECTED (rejection_reason required; the payment waits for a new proof). Decided already: 409; the payment's maker or the uploader: 403",
    access: updateInvoicePaymentDocumentStatus.access,
    body: I.UpdatePaymentDocumentStatusSchema,
    handler: async ({ actor, body }) =>
      ok(
        await updateInvoicePaymentDocumentStatus({ actor, input: body }),
        body.status === 'VERIFIED' ? 'Document verified' : 'Document rejected',
      ),
  }),
  endpoint({
    method: 'POST',
    path: `${DOC}/deleteInvoicePaymentDocument`,
    summary: 'Delete an UNVERIFIED document (id); a decided one: 409',
    access: deleteInvoicePaymentDocument.access,
    body: I.DeletePaymentDocumentSchema,
    handler: async ({ actor, body }) =>
      ok(await deleteInvoicePaymentDocument({ actor, documentId: body.id }), 'Document deleted'),
  }),
]

/** spec/02 section 7.6 (/payment-system): invoices, line items, invoice payments and documents. */
export const invoiceEndpoints: Endpoint[] = [...lineItemEndpoints, ...invoiceRows, ...paymentEndpoints]
