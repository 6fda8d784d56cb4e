import { InvoiceNoteSchema } from '../../utils/invoice-forms.schemas'
import type { SerializedInvoice } from '../../utils/invoice.server'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../forms'
import { Timeline } from '../timeline'
import { Input } from '../ui/input'
import { Label } from '../ui/label'
import { Textarea } from '../ui/textarea'

/** The invoice's history (payments, documents, status changes, notes), oldest first, and a note form. */
export function InvoiceHistory({ histories }: { histories: SerializedInvoice['histories'] }) {
  const [form, fields] = useConformForm(InvoiceNoteSchema, { intent: 'add-note' })
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
      <ConformForm form={form} intent="add-note" className="space-y-2 rounded-md border p-3">
        <div className="space-y-1">
          <Label htmlFor="note_title">Title</Label>
          <Input
            id="note_title"
            name="note_title"
            maxLength={200}
            aria-invalid={fields.note_title.errors?.length ? true : undefined}
            aria-describedby="note_title-error"
          />
          <ErrorList id="note_title-error" errors={fields.note_title.errors} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="note">Note</Label>
          <Textarea
            id="note"
            name="note"
            required
            maxLength={2000}
            rows={3}
            aria-invalid={fields.note.errors?.length ? true : undefined}
            aria-describedby="note-error"
          />
          <ErrorList id="note-error" errors={fields.note.errors} />
        </div>
        <ErrorList errors={form.errors} />
        <SubmitButton variant="outline">Add note</SubmitButton>
      </ConformForm>
    </section>
  )
}
