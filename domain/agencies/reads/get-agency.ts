import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { preparedRead } from '../../../db/prepared'
import { agencies, agencyBankDetails, agencyDocuments, cities, countries, states } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'
import { assertAgencyAccess } from '../agency-access'
import { presentAgency } from '../agency-presenter'

/** An agency with its place, bank and document, as getAgency answers it. */
const withDetails = (db: DbOrTx) =>
  db
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

// Built once (the agency home reads it on every visit; drizzle's build of these columns costs
// more than the answer).
const agencyById = preparedRead('agency_by_id', (db) =>
  withDetails(db).where(eq(agencies.id, sql.placeholder('id'))),
)
const agencyByEmail = preparedRead('agency_by_email', (db) =>
  withDetails(db).where(eq(sql`lower(${agencies.email})`, sql.placeholder('email'))),
)

/** getAgency: by id or e-mail, with country, state, city, bank and document info. */
export const getAgency = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgency(opts: { actor: Actor; id?: number; email?: string }) {
    const [row] = opts.id
      ? await agencyById({ id: opts.id })
      : await agencyByEmail({ email: (opts.email ?? '').toLowerCase() })
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
