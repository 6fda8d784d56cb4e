import { getDb } from '../../db/client'
import { admissionStudentDocuments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { assertAdmissionScope, loadStudent } from './admission-scope'
import { assertFilesUsable } from '../files/storage'

/**
 * POST /oshc/your-admission/createStudentDocument (staff; the owning agency): records an upload of
 * the admission folder (passport, transcript, English test result) against the student. The key
 * must be an uploaded file the caller may use for the student's agency (its own upload or its
 * agency's; staff any): anything else is `url: File not found` (400).
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
    await assertFilesUsable('url', [opts.input.url], opts.actor, student.agency_id ?? 0)
    const [row] = await getDb()
      .insert(admissionStudentDocuments)
      .values({ ...opts.input, student_id: student.id, created_by: scope.identityId })
      .returning()
    return row
  },
)
