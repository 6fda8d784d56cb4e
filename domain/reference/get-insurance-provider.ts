import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders } from '../../db/schema'
import { notFound } from '../shared/errors'
import { providerColumns } from './find-insurance-providers'

/** GET /insurances/insuranceProvidersById/{id} (any signed-in user): one insurer, or 404. */
export async function getInsuranceProvider(id: number) {
  const [provider] = await getDb()
    .select(providerColumns)
    .from(insuranceProviders)
    .where(eq(insuranceProviders.id, id))
  if (!provider) throw notFound('Insurance provider')
  return provider
}
