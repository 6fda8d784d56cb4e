// The note loader shared by the note use cases (called after their check).
import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { admissionEnrollmentNotes } from '../../db/schema'
import { forbidden, notFound } from '../shared/errors'
import { loadEnrollment, type AdmissionScope } from './admission-scope'

export const AUTHOR_ONLY_MSG = 'Only the author of a note may change or delete it'

/** A note of an enrolment the caller sees (else 404); `mine` also requires the caller wrote it (else 403). */
export async function loadNote(id: number, scope: AdmissionScope, mine: boolean, tx: DbOrTx = getDb()) {
  const [note] = await tx.select().from(admissionEnrollmentNotes).where(eq(admissionEnrollmentNotes.id, id))
  if (!note) throw notFound('Enrolment note')
  await loadEnrollment(note.student_enrollment_id, scope, tx).catch(() => {
    throw notFound('Enrolment note')
  })
  if (mine && note.author_id !== scope.identityId) throw forbidden(AUTHOR_ONLY_MSG)
  return note
}
