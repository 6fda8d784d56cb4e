import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  admissionCourseDocuments,
  admissionCourseIntakes,
  admissionCourseRequirements,
  admissionEnglishRequirements,
  admissionScholarships,
  countries,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { presentCourse, presentUniversity } from './admission-presenter'
import { assertAdmissionScope, loadCourse } from './admission-scope'

/**
 * GET /oshc/your-admission/getCourseDetailsById/{id} (staff; linked agencies): the course with its
 * university, intakes, documents, requirements, English requirements and scholarships.
 */
export const getCourseDetailsById = defineUseCase(
  { staff: true, agency: true },
  async function getCourseDetailsById(opts: { actor: Actor; id: number }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    const { course, university } = await loadCourse(opts.id, scope)
    const db = getDb()
    const [intakes, documents, requirements, english_requirements, scholarships, country] = await Promise.all(
      [
        db
          .select()
          .from(admissionCourseIntakes)
          .where(eq(admissionCourseIntakes.course_id, course.id))
          .orderBy(
            asc(admissionCourseIntakes.year),
            asc(admissionCourseIntakes.month),
            asc(admissionCourseIntakes.id),
          ),
        db
          .select()
          .from(admissionCourseDocuments)
          .where(eq(admissionCourseDocuments.course_id, course.id))
          .orderBy(asc(admissionCourseDocuments.id)),
        db
          .select()
          .from(admissionCourseRequirements)
          .where(eq(admissionCourseRequirements.course_id, course.id))
          .orderBy(asc(admissionCourseRequirements.id)),
        db
          .select()
          .from(admissionEnglishRequirements)
          .where(eq(admissionEnglishRequirements.course_id, course.id))
          .orderBy(asc(admissionEnglishRequirements.id)),
        db
          .select()
          .from(admissionScholarships)
          .where(eq(admissionScholarships.course_id, course.id))
          .orderBy(asc(admissionScholarships.id)),
        db.select({ name: countries.name }).from(countries).where(eq(countries.id, university.country_id)),
      ],
    )
    return {
      ...presentCourse(course),
      university: { ...presentUniversity(university), country_name: country[0]?.name ?? null },
      intakes,
      documents,
      requirements,
      english_requirements,
      scholarships,
    }
  },
)
