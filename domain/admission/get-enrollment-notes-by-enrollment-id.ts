import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionEnrollmentNotes } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope, loadEnrollment } from './admission-scope'

/** GET /oshc/your-admission/getEnrollmentNotesByEnrollmentId/{id} (staff; the owning agency): oldest first. */
export const getEnrollmentNotesByEnrollmentId = defineUseCase(
  { staff: true, agency: true },
  async function getEnrollmentNotesByEnrollmentId(opts: { actor: Actor; enrollmentId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const e = await loadEnrollment(opts.enrollmentId, scope)
    return getDb()
      .select()
      .from(admissionEnrollmentNotes)
      .where(eq(admissionEnrollmentNotes.student_enrollment_id, e.id))
      .orderBy(asc(admissionEnrollmentNotes.created_at), asc(admissionEnrollmentNotes.id))
  },
)
