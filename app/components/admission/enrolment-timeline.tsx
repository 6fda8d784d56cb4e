import { EnrolmentNoteFormSchema } from '../../utils/admission-forms.schemas'
import { STATUS_TEXT, type EnrollmentStatusValue } from '../../utils/admission-labels'
import { IntentForm, SubmitButton } from '../forms'
import { Timeline } from '../timeline'
import { AdmissionForm } from './admission-form'

type History = {
  id: number
  to_status: EnrollmentStatusValue
  from_status: EnrollmentStatusValue | null
  note: string | null
  actor: string
  created_at: string | Date
}
type Note = {
  id: number
  content: string
  author_id: number
  author_email: string
  created_at: string | Date
}

/** The enrolment's status changes and notes in one list, with the note form; own notes can be deleted. */
export function EnrolmentTimeline({ history, notes, me }: { history: History[]; notes: Note[]; me: number }) {
  const items = [
    ...history.map((h) => ({
      id: `h${h.id}`,
      title: h.from_status ? `Status: ${STATUS_TEXT[h.to_status]}` : 'Applied',
      at: h.created_at,
      actor: h.actor.replace(/^[^:]+:/, ''),
      note: h.note,
    })),
    ...notes.map((n) => ({
      id: `n${n.id}`,
      title: 'Note',
      at: n.created_at,
      actor: n.author_email,
      note: n.content,
    })),
  ]
  const mine = notes.filter((n) => n.author_id === me)
  return (
    <section aria-labelledby="timeline" className="space-y-4">
      <h3 id="timeline" className="text-lg font-semibold">
        Timeline
      </h3>
      <Timeline items={items} />
      {mine.length ? (
        <ul className="space-y-1 text-sm">
          {mine.map((n) => (
            <li key={n.id} className="flex items-center gap-2">
              <span className="truncate">Your note: {n.content}</span>
              <IntentForm intent="delete-note">
                <input type="hidden" name="note_id" value={n.id} />
                <SubmitButton variant="ghost" size="sm">
                  Delete
                </SubmitButton>
              </IntentForm>
            </li>
          ))}
        </ul>
      ) : null}
      <AdmissionForm
        id="note"
        intent="note"
        schema={EnrolmentNoteFormSchema}
        defs={[{ name: 'content', label: 'Add a note', type: 'textarea' }]}
        submit="Add note"
      />
    </section>
  )
}
