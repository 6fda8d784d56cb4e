import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionEnrollments, admissionStudents, admissionUniversities, agencies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import type { EnrollmentStatus } from './admission.schemas'
import { assertAdmissionScope, ownedBy } from './admission-scope'

/**
 * GET /oshc/your-admission/getAllStudentEnrollments (staff: all, or one agency's; agency side: its
 * own): newest first, filtered by status and student.
 */
export const getAllStudentEnrollments = defineUseCase(
  { staff: true, agency: true },
  async function getAllStudentEnrollments(opts: {
    actor: Actor
    page: number
    perPage: number
    status?: EnrollmentStatus
    student_id?: number
    agency_id?: number
  }) {
    const scope = await assertAdmissionScope(opts.actor, { activeLink: false })
    const where: (SQL | undefined)[] = [ownedBy(scope, admissionEnrollments.agency_id)]
    if (opts.status) where.push(eq(admissionEnrollments.status, opts.status))
    if (opts.student_id) where.push(eq(admissionEnrollments.student_id, opts.student_id))
    if (opts.agency_id && scope.agencyId === null)
      where.push(eq(admissionEnrollments.agency_id, opts.agency_id))
    const rows = await getDb()
      .select({
        enrollment: admissionEnrollments,
        student_name: admissionStudents.name,
        university_name: admissionUniversities.full_name,
        agency_name: agencies.full_company_name,
        total: sql<number>`count(*) over()::int`,
      })
      .from(admissionEnrollments)
      .innerJoin(admissionStudents, eq(admissionStudents.id, admissionEnrollments.student_id))
      .innerJoin(admissionUniversities, eq(admissionUniversities.id, admissionEnrollments.university_id))
      .leftJoin(agencies, eq(agencies.id, admissionEnrollments.agency_id))
      .where(and(...where))
      .orderBy(desc(admissionEnrollments.created_at), desc(admissionEnrollments.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(admissionEnrollments)
        .where(and(...where))
      total = n
    }
    return {
      items: rows.map((r) => ({
        ...r.enrollment,
        student_name: r.student_name,
        university_name: r.university_name,
        agency_name: r.agency_name,
      })),
      pageInfo: pageInfo(opts.page, opts.perPage, total),
    }
  },
)
