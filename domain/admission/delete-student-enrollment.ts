import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionEnrollments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { invalidTransition } from '../shared/errors'
import { assertAdmissionScope, loadEnrollment } from './admission-scope'

export const ONLY_REQUESTED_DELETE_MSG = 'Only a REQUESTED enrolment can be withdrawn'

/** DELETE /oshc/your-admission/deleteStudentEnrollment/{id} (staff; the owning agency): withdraws an application still REQUESTED (409 after). */
export const deleteStudentEnrollment = defineUseCase(
  { staff: true, agency: true },
  async function deleteStudentEnrollment(opts: { actor: Actor; id: number }) {
    return getDb().transaction(async (tx) => {
      const scope = await assertAdmissionScope(opts.actor, { activeLink: false }, tx)
      const current = await loadEnrollment(opts.id, scope, tx, true)
      if (current.status !== 'REQUESTED') throw invalidTransition(ONLY_REQUESTED_DELETE_MSG)
      await tx.delete(admissionEnrollments).where(eq(admissionEnrollments.id, current.id))
      return { id: current.id }
    })
  },
)
