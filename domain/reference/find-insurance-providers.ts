import { asc, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders } from '../../db/schema'

export const providerColumns = {
  id: insuranceProviders.id,
  name: insuranceProviders.name,
  logo: insuranceProviders.logo,
  short_name: insuranceProviders.short_name,
  display_name: insuranceProviders.display_name,
  key: insuranceProviders.key,
}

/**
 * GET /insurances/insuranceProviders (any signed-in user): every insurer, by name. Lists sort on
 * lower(name) because the database may use the C collation, which would put "ahm" after "nib".
 */
export async function findInsuranceProviders() {
  return getDb()
    .select(providerColumns)
    .from(insuranceProviders)
    .orderBy(sql`lower(${insuranceProviders.name})`, asc(insuranceProviders.name))
}
