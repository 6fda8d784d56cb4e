import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionStudentDocuments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope, loadStudent } from './admission-scope'

/** GET /oshc/your-admission/getStudentDocumentsByStudentId/{id} (staff; the owning agency). */
export const getStudentDocumentsByStudentId = defineUseCase(
  { staff: true, agency: true },
  async function getStudentDocumentsByStudentId(opts: { actor: Actor; studentId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const student = await loadStudent(opts.studentId, scope)
    return getDb()
      .select()
      .from(admissionStudentDocuments)
      .where(eq(admissionStudentDocuments.student_id, student.id))
      .orderBy(asc(admissionStudentDocuments.id))
  },
)
