// Checks and reads shared by the catalogue's use cases (called after their check).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { admissionCourses, admissionEnrollments, countries } from '../../db/schema'
import { validation } from '../shared/errors'

export const UNKNOWN_COUNTRY_MSG = 'Unknown country'

export async function assertCountry(countryId: number, tx: DbOrTx = getDb()) {
  const [row] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
  if (!row) throw validation('country_id', UNKNOWN_COUNTRY_MSG)
}

/** How many enrolments name any of these courses. */
export async function enrollmentCount(courseIds: number[], tx: DbOrTx = getDb()) {
  if (courseIds.length === 0) return 0
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(admissionEnrollments)
    .where(inArray(admissionEnrollments.course_id, courseIds))
  return n
}

export async function liveCourseIds(universityId: number, tx: DbOrTx = getDb()) {
  const rows = await tx
    .select({ id: admissionCourses.id })
    .from(admissionCourses)
    .where(and(eq(admissionCourses.university_id, universityId), isNull(admissionCourses.deleted_at)))
  return rows.map((r) => r.id)
}
