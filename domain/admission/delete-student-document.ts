import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionStudentDocuments } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { assertAdmissionScope, loadStudent } from './admission-scope'

/** DELETE /oshc/your-admission/deleteStudentDocument/{id} (staff; the owning agency). */
export const deleteStudentDocument = defineUseCase(
  { staff: true, agency: true },
  async function deleteStudentDocument(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const [doc] = await getDb()
      .select()
      .from(admissionStudentDocuments)
      .where(eq(admissionStudentDocuments.id, opts.id))
    if (!doc) throw notFound('Student document')
    await loadStudent(doc.student_id, scope).catch(() => {
      throw notFound('Student document')
    })
    await getDb().delete(admissionStudentDocuments).where(eq(admissionStudentDocuments.id, doc.id))
    return { id: doc.id }
  },
)
