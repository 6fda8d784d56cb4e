import { and, asc, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionCourses } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { presentCourse } from './admission-presenter'
import { assertAdmissionScope, loadUniversity } from './admission-scope'

/** GET /oshc/your-admission/getCourseDetailsByUniversityId/{id} (staff; linked agencies): a university's courses by name. */
export const getCourseDetailsByUniversityId = defineUseCase(
  { staff: true, agency: true },
  async function getCourseDetailsByUniversityId(opts: { actor: Actor; universityId: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    const university = await loadUniversity(opts.universityId, scope)
    const rows = await getDb()
      .select()
      .from(admissionCourses)
      .where(and(eq(admissionCourses.university_id, university.id), isNull(admissionCourses.deleted_at)))
      .orderBy(asc(admissionCourses.name), asc(admissionCourses.id))
    return rows.map(presentCourse)
  },
)
