import { getDb } from '../../db/client'
import { admissionEnrollmentNotes } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { tellOtherSide } from './admission-notices'
import { assertAdmissionScope, loadEnrollment } from './admission-scope'

/**
 * POST /oshc/your-admission/createEnrollmentNote (staff; the owning agency): a note on an
 * enrolment's timeline; staff notes tell the agency, the agency's reply tells staff.
 */
export const createEnrollmentNote = defineUseCase(
  { staff: true, agency: true },
  async function createEnrollmentNote(opts: {
    actor: Actor
    input: { student_enrollment_id: number; content: string }
  }) {
    return getDb().transaction(async (tx) => {
      const scope = await assertAdmissionScope(opts.actor, { activeLink: false }, tx)
      const e = await loadEnrollment(opts.input.student_enrollment_id, scope, tx)
      const [row] = await tx
        .insert(admissionEnrollmentNotes)
        .values({
          student_enrollment_id: e.id,
          content: opts.input.content,
          author_id: scope.identityId,
          author_kind: scope.kind,
        })
        .returning()
      await tellOtherSide(tx, scope, e, `Enrolment #${e.id}: new note`, opts.input.content.slice(0, 200))
      return row
    })
  },
)
