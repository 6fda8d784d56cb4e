import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionStudents } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import type { StudentInput } from './admission.schemas'
import { assertCountry } from './admission-catalogue'
import { presentStudent } from './admission-presenter'
import { assertAdmissionScope, loadStudent } from './admission-scope'

/** PUT /oshc/your-admission/updateStudent/{id} (staff; the owning agency): any of the student's fields. */
export const updateStudent = defineUseCase(
  { staff: true, agency: true },
  async function updateStudent(opts: { actor: Actor; id: number; input: Partial<StudentInput> }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const student = await loadStudent(opts.id, scope)
    if (opts.input.country_id !== undefined) await assertCountry(opts.input.country_id)
    const fields = Object.fromEntries(Object.entries(opts.input).filter(([, v]) => v !== undefined))
    if (Object.keys(fields).length === 0) return presentStudent(student)
    const [row] = await getDb()
      .update(admissionStudents)
      .set(fields)
      .where(eq(admissionStudents.id, student.id))
      .returning()
    return presentStudent(row)
  },
)
