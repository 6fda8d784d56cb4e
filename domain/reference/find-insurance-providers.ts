import { asc, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders } from '../../db/schema'
import { cachedReference } from '../shared/reference-cache'

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
 * From the reference cache (every list page's insurer filter reads it): callers must not change it.
 */
export async function findInsuranceProviders() {
  return cachedReference('insurance_providers:all', ['insurance_providers'], () =>
    getDb()
      .select(providerColumns)
      .from(insuranceProviders)
      .orderBy(sql`lower(${insuranceProviders.name})`, asc(insuranceProviders.name)),
  )
}
