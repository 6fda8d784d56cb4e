import { asc, desc } from 'drizzle-orm'
import { agencies } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineStream } from '../../shared/authorize'
import { findAgencies } from './find-agencies'
import { type AgencyListInput, baseQuery, filters, present } from './agency-list-query'

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
