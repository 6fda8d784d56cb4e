import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../db/client'
import {
  agencies,
  agencyBankDetails,
  agencyDocuments,
  agencySearchText,
  cities,
  countries,
  states,
} from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineStream, defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import type { AgencyListQuerySchema } from './agencies.schemas'
import { presentAgency } from './get-agency'

export type AgencyListInput = z.infer<typeof AgencyListQuerySchema> & { sort_direction: 'asc' | 'desc' }

function filters(input: Partial<AgencyListInput>): SQL | undefined {
  const where: SQL[] = []
  if (input.status?.length) where.push(inArray(agencies.status, input.status))
  if (input.country_filter?.length) where.push(inArray(agencies.country_id, input.country_filter))
  if (input.creation_type_filter?.length)
    where.push(inArray(agencies.creation_type, input.creation_type_filter))
  if (input.agency_filter?.length) where.push(inArray(agencies.id, input.agency_filter))
  if (input.start_date_filter)
    where.push(gte(agencies.created_at, new Date(`${input.start_date_filter}T00:00:00Z`)))
  if (input.end_date_filter)
    where.push(lte(agencies.created_at, new Date(`${input.end_date_filter}T23:59:59.999Z`)))
  if (input.global_filter) {
    const like = `%${input.global_filter}%`
    where.push(sql`${agencySearchText(agencies)} ilike ${like}`)
  }
  return where.length ? and(...where) : undefined
}

const listColumns = {
  agency: agencies,
  country: { id: countries.id, name: countries.name, iso2: countries.iso2 },
  state: { id: states.id, name: states.name },
  city: { id: cities.id, name: cities.name },
  document: {
    agreement_id: agencyDocuments.agreement_id,
    is_unsigned_agreement_sent: agencyDocuments.is_unsigned_agreement_sent,
    unsigned_agreement_filename: agencyDocuments.unsigned_agreement_filename,
    signed_agreement_filename: agencyDocuments.signed_agreement_filename,
  },
  bank: {
    bank: agencyBankDetails.bank,
    bank_account_name: agencyBankDetails.bank_account_name,
    is_gst_registered: agencyBankDetails.is_gst_registered,
  },
}

function baseQuery() {
  return getDb()
    .select(listColumns)
    .from(agencies)
    .leftJoin(countries, eq(countries.id, agencies.country_id))
    .leftJoin(states, eq(states.id, agencies.state_id))
    .leftJoin(cities, eq(cities.id, agencies.city_id))
    .leftJoin(agencyDocuments, eq(agencyDocuments.agency_id, agencies.id))
    .leftJoin(agencyBankDetails, eq(agencyBankDetails.agency_id, agencies.id))
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number]

function present(r: Row) {
  return {
    ...presentAgency(r.agency),
    country: r.country?.id ? r.country : null,
    state: r.state?.id ? r.state : null,
    city: r.city?.id ? r.city : null,
    document: r.document?.agreement_id || r.document?.unsigned_agreement_filename ? r.document : null,
    bank: r.bank?.bank ? r.bank : null,
  }
}

/** Filtered count on the agencies table alone (the joins only decorate the page). */
async function countAgencies(where: SQL | undefined) {
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(agencies)
    .where(where)
  return n
}

/** agenciesByStatus (staff): filtered, sorted and paged in SQL. */
export const findAgencies = defineUseCase(
  { staff: ['agency_management'] },
  async function findAgencies(input: AgencyListInput & { actor: Actor; page: number; perPage: number }) {
    const dir = input.sort_direction === 'asc' ? asc : desc
    const where = filters(input)
    const [rows, total] = await Promise.all([
      baseQuery()
        .where(where)
        .orderBy(dir(agencies[input.sort_key]), dir(agencies.id))
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      countAgencies(where),
    ])
    return { items: rows.map(present), pageInfo: pageInfo(input.page, input.perPage, total) }
  },
)

/** The same filtered list in batches, for streamed exports. */
export const iterateAgencies = defineStream(
  findAgencies.access,
  async function* iterateAgencies(input: AgencyListInput & { actor: Actor }, batch: number = 500) {
    const dir = input.sort_direction === 'asc' ? asc : desc
    for (let offset = 0; ; offset += batch) {
      const rows = await baseQuery()
        .where(filters(input))
        .orderBy(dir(agencies[input.sort_key]), dir(agencies.id))
        .limit(batch)
        .offset(offset)
      for (const r of rows) yield present(r)
      if (rows.length < batch) return
    }
  },
)

export const AGENCY_EXPORT_COLUMNS = [
  { header: 'ID', value: (a: ReturnType<typeof present>) => a.id },
  { header: 'Company', value: (a: ReturnType<typeof present>) => a.full_company_name ?? '' },
  { header: 'Email', value: (a: ReturnType<typeof present>) => a.email },
  { header: 'Contact person', value: (a: ReturnType<typeof present>) => a.contact_person ?? '' },
  { header: 'Contact number', value: (a: ReturnType<typeof present>) => a.contact_number ?? '' },
  { header: 'Country', value: (a: ReturnType<typeof present>) => a.country?.name ?? '' },
  { header: 'Status', value: (a: ReturnType<typeof present>) => a.status },
  { header: 'Group', value: (a: ReturnType<typeof present>) => a.status_group },
  { header: 'Creation type', value: (a: ReturnType<typeof present>) => a.creation_type },
  { header: 'Created at', value: (a: ReturnType<typeof present>) => a.created_at.toISOString() },
]

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

/** getAllAgencies (staff): id, name and e-mail of every agency, for pickers (agency, finance and policy screens). */
export const findAllAgencies = defineUseCase(
  { staff: ['agency_management', 'finance', 'policy_management'] },
  async function findAllAgencies(_opts: { actor: Actor }) {
    return getDb()
      .select({
        id: agencies.id,
        full_company_name: agencies.full_company_name,
        email: agencies.email,
        status: agencies.status,
      })
      .from(agencies)
      .orderBy(asc(agencies.full_company_name), asc(agencies.id))
  },
)
