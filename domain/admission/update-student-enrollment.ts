import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionEnrollmentHistory, admissionEnrollments } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { invalidTransition, validation } from '../shared/errors'
import { NOTE_REQUIRED_MSG, type EnrollmentStatus } from './admission.schemas'
import { NOTE_REQUIRED_FOR, STATUS_TEXT, transitionProblem } from './admission.rules'
import { tellAgency } from './admission-notices'
import { assertAdmissionScope, loadEnrollment } from './admission-scope'

/**
 * PUT /oshc/your-admission/updateStudentEnrollment/{id} (staff): moves an enrolment along
 * REQUESTED -> PROCESSING -> ADDITIONAL_INFO_REQUIRED <-> PROCESSING -> ENROLLED | REJECTED with an
 * optional note (required for REJECTED and ADDITIONAL_INFO_REQUIRED: 400 on note). Any other move
 * is a 409 saying why. The change is kept in the enrolment's history and the agency is told.
 */
export const updateStudentEnrollment = defineUseCase(
  { staff: true },
  async function updateStudentEnrollment(opts: {
    actor: Actor
    id: number
    input: { status: EnrollmentStatus; note: string | null }
  }) {
    const { actor, input } = opts
    return getDb().transaction(async (tx) => {
      const scope = await assertAdmissionScope(actor, { activeLink: false }, tx)
      const current = await loadEnrollment(opts.id, scope, tx, true)
      const problem = transitionProblem(current.status, input.status)
      if (problem) throw invalidTransition(problem)
      if (NOTE_REQUIRED_FOR.includes(input.status) && !input.note) throw validation('note', NOTE_REQUIRED_MSG)
      const [row] = await tx
        .update(admissionEnrollments)
        .set({ status: input.status, note: input.note })
        .where(eq(admissionEnrollments.id, current.id))
        .returning()
      await tx.insert(admissionEnrollmentHistory).values({
        enrollment_id: row.id,
        from_status: current.status,
        to_status: row.status,
        note: input.note,
        actor: actorLabel(actor),
      })
      await tellAgency(
        tx,
        row,
        `Enrolment #${row.id}: ${STATUS_TEXT[row.status]}`,
        input.note ? `${row.course_name}: ${input.note}` : row.course_name,
      )
      return row
    })
  },
)
