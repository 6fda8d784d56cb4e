import { asc } from 'drizzle-orm'
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

/** GET /insurances/insuranceProviders (any signed-in user): every insurer, by name. */
export async function findInsuranceProviders() {
  return getDb().select(providerColumns).from(insuranceProviders).orderBy(asc(insuranceProviders.name))
}
