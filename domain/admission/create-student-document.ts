import { getDb } from '../../db/client'
import { admissionStudentDocuments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope, loadStudent } from './admission-scope'

/**
 * POST /oshc/your-admission/createStudentDocument (staff; the owning agency): records an upload of
 * the admission folder (passport, transcript, English test result) against the student.
 */
export const createStudentDocument = defineUseCase(
  { staff: true, agency: true },
  async function createStudentDocument(opts: {
    actor: Actor
    input: {
      student_id: number
      name: string
      url: string
      category: 'PASSPORT' | 'TRANSCRIPT' | 'ENGLISH_TEST_RESULT' | 'OTHER'
    }
  }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const student = await loadStudent(opts.input.student_id, scope)
    const [row] = await getDb()
      .insert(admissionStudentDocuments)
      .values({ ...opts.input, student_id: student.id, created_by: scope.identityId })
      .returning()
    return row
  },
)
