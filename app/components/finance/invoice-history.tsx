import { Form } from '@remix-run/react'
import type { SerializedInvoice } from '../../utils/invoice.server'
import { SubmitButton } from '../forms'
import { Timeline } from '../timeline'
import { Input } from '../ui/input'
import { Label } from '../ui/label'
import { Textarea } from '../ui/textarea'

/** The invoice's history (payments, documents, status changes, notes), oldest first, and a note form. */
export function InvoiceHistory({ histories }: { histories: SerializedInvoice['histories'] }) {
  return (
    <section aria-labelledby="history" className="space-y-3">
      <h3 id="history" className="text-lg font-semibold">
        History
      </h3>
      <Timeline
        items={histories.map((h) => ({
          id: String(h.id),
          title: h.note_title && h.action === 'NOTE' ? `Note: ${h.note_title}` : h.message,
          at: h.created_at,
          actor: h.actor,
          note: h.note,
        }))}
      />
      <Form method="post" className="space-y-2 rounded-md border p-3">
        <input type="hidden" name="intent" value="add-note" />
        <div className="space-y-1">
          <Label htmlFor="note_title">Title</Label>
          <Input id="note_title" name="note_title" maxLength={200} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="note">Note</Label>
          <Textarea id="note" name="note" required maxLength={2000} rows={3} />
        </div>
        <SubmitButton variant="outline">Add note</SubmitButton>
      </Form>
    </section>
  )
}
