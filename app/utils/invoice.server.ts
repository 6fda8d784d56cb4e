import type { z } from 'zod'
import { addInvoiceInteraction } from '../../domain/finance/invoices/add-invoice-interaction'
import { getInvoice } from '../../domain/finance/invoices/get-invoice'
import { InteractionSchema } from '../../domain/finance/invoices/invoices.schemas'
import { presignDownload } from '../../domain/files/storage'
import { redirectWithToast } from './toast.server'
import type { Actor } from '../../domain/shared/actor'
import { idFromParam, throwAsResponse } from './forms.server'

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
    histories: invoice.histories.map((h) => ({
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

/** The add-note form of both invoice pages: a note in the invoice's history, back with a toast. */
export async function addNote(opts: { actor: Actor; invoiceId: number; formData: FormData; back: string }) {
  const parsed = InteractionSchema.safeParse({
    invoice_id: opts.invoiceId,
    note_title: opts.formData.get('note_title'),
    note: opts.formData.get('note') ?? '',
  })
  if (!parsed.success) return redirectWithToast(opts.back, { type: 'error', title: firstIssue(parsed.error) })
  await addInvoiceInteraction({ actor: opts.actor, input: parsed.data })
  return redirectWithToast(opts.back, { type: 'success', title: 'Note added' })
}
