import { asc, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { countries } from '../../db/schema'

/** GET /addresses/countries (public): every country, by name. */
export async function findCountries() {
  return getDb()
    .select({
      id: countries.id,
      name: countries.name,
      numeric_code: countries.numeric_code,
      phone_code: countries.phone_code,
      capital: countries.capital,
      currency: countries.currency,
      currency_name: countries.currency_name,
      currency_symbol: countries.currency_symbol,
      iso3: countries.iso3,
      iso2: countries.iso2,
      flag_url: countries.flag_url,
    })
    .from(countries)
    .orderBy(sql`lower(${countries.name})`, asc(countries.name))
}
