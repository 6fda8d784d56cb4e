import { eq } from 'drizzle-orm'
import { clock } from '../shared/clock'
import { getDb } from '../../db/client'
import { admissionStudents } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope, loadStudent } from './admission-scope'

/** DELETE /oshc/your-admission/deleteStudent/{id} (staff; the owning agency): a soft delete; enrolments keep their history. */
export const deleteStudent = defineUseCase(
  { staff: true, agency: true },
  async function deleteStudent(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const student = await loadStudent(opts.id, scope)
    await getDb()
      .update(admissionStudents)
      .set({ deleted_at: clock.now() })
      .where(eq(admissionStudents.id, student.id))
    return { id: student.id }
  },
)
