import { eq, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { agencies, agencyBankDetails, agencyDocuments, cities, countries, states } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { pathByStatus, statusDisplayName, statusGroup } from './agencies.rules'
import { defineUseCase } from '../shared/authorize'

export type AgencyRow = typeof agencies.$inferSelect

/**
 * Loads an agency the actor may see: staff see every agency, an agency (or its users) only its
 * own; anything else is "not found" so that other agencies' ids reveal nothing.
 */
export async function assertAgencyAccess(
  actor: Actor,
  agencyId: number,
  tx: DbOrTx = getDb(),
): Promise<AgencyRow> {
  if (isAgencySide(actor) && actor.agencyId !== agencyId) throw notFound('Agency')
  if (!isStaff(actor) && !isAgencySide(actor) && actor.kind !== 'system') throw notFound('Agency')
  const [a] = await tx.select().from(agencies).where(eq(agencies.id, agencyId))
  if (!a) throw notFound('Agency')
  return a
}

/** Public shape of an agency (internal columns left out) with its status name and path. */
export function presentAgency(a: AgencyRow) {
  const { identity_id: _i, invitation_token_hash: _t, ...rest } = a
  return {
    ...rest,
    status_name: a.status,
    display_name: statusDisplayName(a.status),
    status_group: statusGroup(a.status),
    path_by_status: pathByStatus(a),
  }
}

/** getAgency: by id or e-mail, with country, state, city, bank and document info. */
export const getAgency = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgency(opts: { actor: Actor; id?: number; email?: string }) {
    const db = getDb()
    const where = opts.id
      ? eq(agencies.id, opts.id)
      : eq(sql`lower(${agencies.email})`, (opts.email ?? '').toLowerCase())
    const [row] = await db
      .select({
        agency: agencies,
        country: {
          id: countries.id,
          name: countries.name,
          iso2: countries.iso2,
          phone_code: countries.phone_code,
        },
        state: { id: states.id, name: states.name },
        city: { id: cities.id, name: cities.name },
        bank: agencyBankDetails,
        document: agencyDocuments,
      })
      .from(agencies)
      .leftJoin(countries, eq(countries.id, agencies.country_id))
      .leftJoin(states, eq(states.id, agencies.state_id))
      .leftJoin(cities, eq(cities.id, agencies.city_id))
      .leftJoin(agencyBankDetails, eq(agencyBankDetails.agency_id, agencies.id))
      .leftJoin(agencyDocuments, eq(agencyDocuments.agency_id, agencies.id))
      .where(where)
    if (!row) throw notFound('Agency')
    await assertAgencyAccess(opts.actor, row.agency.id)
    return {
      ...presentAgency(row.agency),
      country: row.country?.id ? row.country : null,
      state: row.state?.id ? row.state : null,
      city: row.city?.id ? row.city : null,
      bank_detail: row.bank,
      document: row.document,
    }
  },
)
