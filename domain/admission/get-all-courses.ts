import { and, asc, eq, exists, gte, ilike, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import {
  admissionCourseIntakes,
  admissionCourses,
  admissionEnglishRequirements,
  admissionUniversities,
  countries,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { escapeLike } from '../reference/search-text'
import type { CourseSearchQuery } from './admission.schemas'
import { presentCourse } from './admission-presenter'
import { assertAdmissionScope, type AdmissionScope } from './admission-scope'

/**
 * GET /oshc/your-admission/getAllCourses (staff; linked agencies): the course finder. Filters the
 * university's country and type, an intake month, a fee range (cents) and an English score: a
 * course matches when it asks no more than that overall score of the test (or nothing of it).
 */
export const getAllCourses = defineUseCase(
  { staff: true, agency: true },
  async function getAllCourses(opts: { actor: Actor; query: CourseSearchQuery }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    const q = opts.query
    const where = and(...courseFilters(q, scope))
    const db = getDb()
    const rows = await db
      .select({
        course: admissionCourses,
        university: {
          id: admissionUniversities.id,
          full_name: admissionUniversities.full_name,
          type: admissionUniversities.type,
        },
        country_name: countries.name,
        total: sql<number>`count(*) over()::int`,
      })
      .from(admissionCourses)
      .innerJoin(admissionUniversities, eq(admissionUniversities.id, admissionCourses.university_id))
      .innerJoin(countries, eq(countries.id, admissionUniversities.country_id))
      .where(where)
      .orderBy(asc(admissionCourses.name), asc(admissionCourses.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(admissionCourses)
        .innerJoin(admissionUniversities, eq(admissionUniversities.id, admissionCourses.university_id))
        .where(where)
      total = n
    }
    return {
      items: rows.map((r) => ({
        ...presentCourse(r.course),
        university: r.university,
        country_name: r.country_name,
      })),
      pageInfo: pageInfo(q.page, q.perPage, total),
    }
  },
)

/** The finder's filters; an agency sees only AVAILABLE universities. */
function courseFilters(q: CourseSearchQuery, scope: AdmissionScope): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [
    isNull(admissionCourses.deleted_at),
    isNull(admissionUniversities.deleted_at),
  ]
  if (scope.agencyId !== null) where.push(eq(admissionUniversities.status, 'AVAILABLE'))
  if (q.country_id) where.push(eq(admissionUniversities.country_id, q.country_id))
  if (q.type) where.push(eq(admissionUniversities.type, q.type))
  if (q.fee_min !== undefined) where.push(gte(admissionCourses.fee_amount, q.fee_min))
  if (q.fee_max !== undefined) where.push(lte(admissionCourses.fee_amount, q.fee_max))
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`
    where.push(or(ilike(admissionCourses.name, like), ilike(admissionUniversities.full_name, like)))
  }
  if (q.intake_month) where.push(exists(intakeInMonth(q.intake_month)))
  if (q.english_test_type && q.english_score !== undefined)
    where.push(notExists(englishAskedAbove(q.english_test_type, q.english_score)))
  return where
}

/** The course has an intake in the month. */
function intakeInMonth(month: number) {
  return getDb()
    .select({ one: sql`1` })
    .from(admissionCourseIntakes)
    .where(
      and(eq(admissionCourseIntakes.course_id, admissionCourses.id), eq(admissionCourseIntakes.month, month)),
    )
}

/** The course asks more than the score of the test (a course that asks nothing of it matches). */
function englishAskedAbove(testType: NonNullable<CourseSearchQuery['english_test_type']>, score: number) {
  return getDb()
    .select({ one: sql`1` })
    .from(admissionEnglishRequirements)
    .where(
      and(
        eq(admissionEnglishRequirements.course_id, admissionCourses.id),
        eq(admissionEnglishRequirements.english_test_type, testType),
        sql`${admissionEnglishRequirements.overall} > ${score}`,
      ),
    )
}
