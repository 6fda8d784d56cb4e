import { and, asc, eq, isNull } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionCourses, countries } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { presentCourse, presentUniversity } from './admission-presenter'
import { assertAdmissionScope, loadUniversity } from './admission-scope'

/** GET /oshc/your-admission/getUniversityDetailsById/{id} (staff; linked agencies): the university with its courses. */
export const getUniversityDetailsById = defineUseCase(
  { staff: true, agency: true },
  async function getUniversityDetailsById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    const university = await loadUniversity(opts.id, scope)
    const [country] = await getDb()
      .select({ name: countries.name })
      .from(countries)
      .where(eq(countries.id, university.country_id))
    const courses = await getDb()
      .select()
      .from(admissionCourses)
      .where(and(eq(admissionCourses.university_id, university.id), isNull(admissionCourses.deleted_at)))
      .orderBy(asc(admissionCourses.name), asc(admissionCourses.id))
    return {
      ...presentUniversity(university),
      country_name: country?.name ?? null,
      courses: courses.map(presentCourse),
    }
  },
)
