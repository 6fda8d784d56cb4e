import { z } from 'zod'
import { createEnrollmentNote } from '../../domain/admission/create-enrollment-note'
import { deleteEnrollmentNote } from '../../domain/admission/delete-enrollment-note'
import { UpdateEnrollmentNoteSchema } from '../../domain/admission/admission.schemas'
import type { AgencyActor, StaffActor } from '../../domain/shared/actor'
import { submitForm } from './forms.server'
import { redirectWithToast } from './toast.server'

/** The note forms of an enrolment page (both portals): add one, delete one's own. */
export async function noteAction(
  actor: StaffActor | AgencyActor,
  enrollmentId: number,
  formData: FormData,
  here: string,
) {
  if (formData.get('intent') === 'note')
    return submitForm(formData, UpdateEnrollmentNoteSchema, async ({ content }) => {
      await createEnrollmentNote({ actor, input: { student_enrollment_id: enrollmentId, content } })
      return redirectWithToast(here, { type: 'success', title: 'Note added' })
    })
  if (formData.get('intent') === 'delete-note')
    return submitForm(
      formData,
      z.object({ note_id: z.coerce.number().int().positive() }),
      async ({ note_id }) => {
        await deleteEnrollmentNote({ actor, id: note_id })
        return redirectWithToast(here, { type: 'success', title: 'Note deleted' })
      },
    )
  return null
}
