import { and, asc, desc, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { agencies } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { pageInfo } from '../../shared/pagination'
import { baseQuery, countAgencies, present } from './agency-list-query'

/** getInvitedAgencies (staff): invitations and referrals not yet registered, or all invited when filter_key=all. */
export const findInvitedAgencies = defineUseCase(
  { staff: ['agency_management'] },
  async function findInvitedAgencies(input: {
    actor: Actor
    filter_key?: 'pending' | 'registered' | 'all'
    global_filter?: string
    sort_key: 'created_at' | 'email'
    sort_direction: 'asc' | 'desc'
    page: number
    perPage: number
  }) {
    const where: SQL[] = [inArray(agencies.creation_type, ['INVITATION', 'REFERRAL'])]
    if (input.filter_key === 'pending') where.push(isNull(agencies.full_company_name))
    if (input.filter_key === 'registered') where.push(sql`${agencies.full_company_name} is not null`)
    if (input.global_filter) where.push(ilike(agencies.email, `%${input.global_filter}%`))
    const dir = input.sort_direction === 'asc' ? asc : desc
    const [rows, total] = await Promise.all([
      baseQuery()
        .where(and(...where))
        .orderBy(dir(agencies[input.sort_key]), dir(agencies.id))
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      countAgencies(and(...where)),
    ])
    return { items: rows.map(present), pageInfo: pageInfo(input.page, input.perPage, total) }
  },
)
