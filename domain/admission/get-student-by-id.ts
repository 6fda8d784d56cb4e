import { asc, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  admissionEnrollments,
  admissionStudentDocuments,
  admissionUniversities,
  countries,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { presentStudent } from './admission-presenter'
import { assertAdmissionScope, loadStudent } from './admission-scope'

/** GET /oshc/your-admission/getStudentById/{id} (staff; the owning agency): the student with documents and enrolments. */
export const getStudentById = defineUseCase(
  { staff: true, agency: true },
  async function getStudentById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const student = await loadStudent(opts.id, scope)
    const db = getDb()
    const [documents, enrollments, country] = await Promise.all([
      db
        .select()
        .from(admissionStudentDocuments)
        .where(eq(admissionStudentDocuments.student_id, student.id))
        .orderBy(asc(admissionStudentDocuments.id)),
      db
        .select({ enrollment: admissionEnrollments, university_name: admissionUniversities.full_name })
        .from(admissionEnrollments)
        .innerJoin(admissionUniversities, eq(admissionUniversities.id, admissionEnrollments.university_id))
        .where(eq(admissionEnrollments.student_id, student.id))
        .orderBy(desc(admissionEnrollments.created_at), desc(admissionEnrollments.id)),
      db.select({ name: countries.name }).from(countries).where(eq(countries.id, student.country_id)),
    ])
    return {
      ...presentStudent(student),
      country_name: country[0]?.name ?? null,
      documents,
      enrollments: enrollments.map((e) => ({ ...e.enrollment, university_name: e.university_name })),
    }
  },
)
