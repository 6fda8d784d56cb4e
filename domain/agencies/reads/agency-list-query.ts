import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import {
  agencies,
  agencyBankDetails,
  agencyDocuments,
  agencySearchText,
  cities,
  countries,
  states,
} from '../../../db/schema'
import type { AgencyListQuerySchema } from '../agencies.schemas'
import { presentAgency } from '../agency-presenter'

/* The staff agency list's query, shared by the paged list, the invited list and the export. */

export type AgencyListInput = z.infer<typeof AgencyListQuerySchema> & { sort_direction: 'asc' | 'desc' }

export function filters(input: Partial<AgencyListInput>): SQL | undefined {
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

export function baseQuery() {
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

export function present(r: Row) {
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
export async function countAgencies(where: SQL | undefined) {
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(agencies)
    .where(where)
  return n
}
