import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { admissionAgencyLinks, agencies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { linkColumns } from './admission-links'

/** GET /oshc/your-admission/getAllAgencyLinks (staff): links by agency name, optionally only active or inactive ones. */
export const getAllAgencyLinks = defineUseCase(
  { staff: true },
  async function getAllAgencyLinks(opts: {
    actor: Actor
    page: number
    perPage: number
    is_active?: boolean
  }) {
    const where: SQL[] = []
    if (opts.is_active !== undefined) where.push(eq(admissionAgencyLinks.is_active, opts.is_active))
    const rows = await getDb()
      .select({ ...linkColumns, total: sql<number>`count(*) over()::int` })
      .from(admissionAgencyLinks)
      .innerJoin(agencies, eq(agencies.id, admissionAgencyLinks.agency_id))
      .where(and(...where))
      .orderBy(asc(agencies.full_company_name), asc(admissionAgencyLinks.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage)
    let total = rows[0]?.total
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(admissionAgencyLinks)
        .where(and(...where))
      total = n
    }
    return {
      items: rows.map(({ total: _t, ...r }) => r),
      pageInfo: pageInfo(opts.page, opts.perPage, total),
    }
  },
)
