import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionStudents, countries } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { escapeLike } from '../reference/search-text'
import { presentStudent } from './admission-presenter'
import { assertAdmissionScope, ownedBy } from './admission-scope'

/** GET /oshc/your-admission/getAllStudents (staff: all; agency side: its own): newest first, search on name, e-mail, phone. */
export const getAllStudents = defineUseCase(
  { staff: true, agency: true },
  async function getAllStudents(opts: { actor: Actor; page: number; perPage: number; search?: string }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const where: (SQL | undefined)[] = [
      isNull(admissionStudents.deleted_at),
      ownedBy(scope, admissionStudents.agency_id),
    ]
    if (opts.search) {
      const like = `%${escapeLike(opts.search)}%`
      where.push(
        or(
          ilike(admissionStudents.name, like),
          ilike(admissionStudents.email, like),
          ilike(admissionStudents.phone_number, like),
        ),
      )
    }
    const rows = await getDb()
      .select({
        student: admissionStudents,
        country_name: countries.name,
        total: sql<number>`count(*) over()::int`,
      })
      .from(admissionStudents)
      .innerJoin(countries, eq(countries.id, admissionStudents.country_id))
      .where(and(...where))
      .orderBy(desc(admissionStudents.created_at), desc(admissionStudents.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(admissionStudents)
        .where(and(...where))
      total = n
    }
    return {
      items: rows.map((r) => ({ ...presentStudent(r.student), country_name: r.country_name })),
      pageInfo: pageInfo(opts.page, opts.perPage, total),
    }
  },
)
