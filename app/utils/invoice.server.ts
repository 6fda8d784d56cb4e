import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { addInvoiceInteraction } from '../../domain/finance/invoices/add-invoice-interaction'
import { getInvoice } from '../../domain/finance/invoices/get-invoice'
import { getInvoicePdf } from '../../domain/finance/invoices/get-invoice-pdf'
import { presignDownload } from '../../domain/files/storage'
import { withActorNames } from '../../domain/shared/actor-names'
import { DomainError, HTTP_STATUS } from '../../domain/shared/errors'
import { InvoiceNoteSchema } from './invoice-forms.schemas'
import { createToastHeaders, redirectWithToast } from './toast.server'
import type { Actor } from '../../domain/shared/actor'
import { idFromParam, throwAsResponse } from './forms.server'
import { pdfAttachment } from './pdf.server'

const iso = (d: Date | null) => d?.toISOString() ?? null

/**
 * The invoice of the route's :invoiceId as the caller may see it (404 otherwise), with its line
 * items, payments (and their documents) and history, dates as text.
 */
export async function loadInvoice(actor: Actor, invoiceIdParam: string | undefined) {
  const invoiceId = idFromParam(invoiceIdParam, 'Invoice')
  const invoice = await getInvoice({ actor, invoiceId }).catch(throwAsResponse)
  return {
    ...invoice,
    created_at: invoice.created_at.toISOString(),
    updated_at: invoice.updated_at.toISOString(),
    line_items: invoice.line_items.map((li) => ({ ...li, created_at: li.created_at.toISOString() })),
    payments: invoice.payments.map((p) => ({
      id: p.id,
      method: p.method,
      ref: p.ref,
      status: p.status,
      payment_amount: p.payment_amount,
      notes: p.notes,
      created_by: p.created_by,
      paid_at: iso(p.paid_at),
      created_at: p.created_at.toISOString(),
      documents: p.documents.map((d) => ({
        id: d.id,
        name: d.name,
        url: d.url,
        status: d.status,
        rejection_reason: d.rejection_reason,
        uploaded_by: d.uploaded_by,
        created_at: d.created_at.toISOString(),
      })),
    })),
    histories: (await withActorNames(invoice.histories)).map((h) => ({
      id: h.id,
      action: h.action,
      message: h.message,
      note_title: h.note_title,
      note: h.note,
      actor: h.actor,
      created_at: h.created_at.toISOString(),
    })),
  }
}

export type SerializedInvoice = Awaited<ReturnType<typeof loadInvoice>>
export type SerializedInvoicePayment = SerializedInvoice['payments'][number]

/** Each payment document with a 5-minute download URL (the caller may already see the invoice). */
export async function withDownloads(invoice: SerializedInvoice) {
  return {
    ...invoice,
    payments: await Promise.all(
      invoice.payments.map(async (p) => ({
        ...p,
        documents: await Promise.all(
          p.documents.map(async (d) => ({
            ...d,
            download_url: await presignDownload(d.url).catch(() => null),
          })),
        ),
      })),
    ),
  }
}

/** The first message of a failed parse, for a toast. */
export const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid'

/** A refused form's answer on the invoice pages: Conform's reply, and its message as an error toast. */
async function refusal(reply: unknown, message: string, status: number) {
  return Response.json(reply, {
    status,
    headers: await createToastHeaders({ type: 'error', title: message }),
  })
}

/**
 * The invoice pages' form action (submitForm, CONVENTIONS 5): parse `formData` with the form's
 * schema, then `run` the use case and answer with what it returns (a redirect with a toast). An
 * invalid or refused form answers with its errors on the form (Conform's reply, 400 or the
 * domain's status) and, as these pages always did, the first message as an error toast.
 */
export async function submitInvoiceForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<Response>,
) {
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success')
    return refusal(submission.reply(), Object.values(submission.error ?? {}).flat()[0] ?? 'Invalid', 400)
  try {
    return await run(submission.value as z.output<S>)
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    const reply = submission.reply({ formErrors: [err.message], fieldErrors: err.errors ?? {} })
    return refusal(reply, err.message, HTTP_STATUS[err.code])
  }
}

/** The add-note form of both invoice pages: a note in the invoice's history, back with a toast. */
export async function addNote(opts: { actor: Actor; invoiceId: number; formData: FormData; back: string }) {
  return submitInvoiceForm(opts.formData, InvoiceNoteSchema, async (v) => {
    await addInvoiceInteraction({
      actor: opts.actor,
      input: { invoice_id: opts.invoiceId, note_title: v.note_title, note: v.note, message: null },
    })
    return redirectWithToast(opts.back, { type: 'success', title: 'Note added' })
  })
}

/** The invoice's PDF as an attachment, for the caller who may see the invoice (404 otherwise). */
export async function invoicePdfResponse(actor: Actor, invoiceId: number) {
  return pdfAttachment(await getInvoicePdf({ actor, invoiceId }).catch(throwAsResponse))
}
