import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionUniversities, countries } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { escapeLike } from '../reference/search-text'
import type { UniversityListQuery } from './admission.schemas'
import { presentUniversity } from './admission-presenter'
import { assertAdmissionScope } from './admission-scope'

/**
 * GET /oshc/your-admission/getAllUniversities (staff; a linked agency sees AVAILABLE ones): filters
 * type, status, country_id and a text search on name, address and e-mail; by name, paged.
 */
export const getAllUniversities = defineUseCase(
  { staff: true, agency: true },
  async function getAllUniversities(opts: { actor: Actor; query: UniversityListQuery }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: true })
    const q = opts.query
    const where: (SQL | undefined)[] = [isNull(admissionUniversities.deleted_at)]
    if (scope.agencyId !== null) where.push(eq(admissionUniversities.status, 'AVAILABLE'))
    else if (q.status) where.push(eq(admissionUniversities.status, q.status))
    if (q.type) where.push(eq(admissionUniversities.type, q.type))
    if (q.country_id) where.push(eq(admissionUniversities.country_id, q.country_id))
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`
      where.push(
        or(
          ilike(admissionUniversities.full_name, like),
          ilike(admissionUniversities.full_address, like),
          ilike(admissionUniversities.email, like),
        ),
      )
    }
    const rows = await getDb()
      .select({
        university: admissionUniversities,
        country: countries.name,
        courses: sql<number>`(select count(*)::int from admission_courses c where c.university_id = ${admissionUniversities.id} and c.deleted_at is null)`,
        total: sql<number>`count(*) over()::int`,
      })
      .from(admissionUniversities)
      .innerJoin(countries, eq(countries.id, admissionUniversities.country_id))
      .where(and(...where))
      .orderBy(asc(admissionUniversities.full_name), asc(admissionUniversities.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(admissionUniversities)
        .where(and(...where))
      total = n
    }
    return {
      items: rows.map((r) => ({
        ...presentUniversity(r.university),
        country_name: r.country,
        course_count: r.courses,
      })),
      pageInfo: pageInfo(q.page, q.perPage, total),
    }
  },
)
