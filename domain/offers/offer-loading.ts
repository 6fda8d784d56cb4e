import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import { insuranceProviders, offers } from '../../db/schema'
import { notFound } from '../shared/errors'
import type { OfferProvider } from './offer-presenter'

export const offerProviderColumns = {
  id: insuranceProviders.id,
  name: insuranceProviders.name,
  display_name: insuranceProviders.display_name,
  logo: insuranceProviders.logo,
  short_name: insuranceProviders.short_name,
}

export async function loadProvider(providerId: number, db: DbOrTx = getDb()): Promise<OfferProvider> {
  const [provider] = await db
    .select(offerProviderColumns)
    .from(insuranceProviders)
    .where(eq(insuranceProviders.id, providerId))
  if (!provider) throw notFound('Insurance provider')
  return provider
}

export async function loadOffer(id: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ offer: offers, provider: offerProviderColumns })
    .from(offers)
    .innerJoin(insuranceProviders, eq(insuranceProviders.id, offers.insurance_provider_id))
    .where(eq(offers.id, id))
  if (!row) throw notFound('Offer')
  return row
}
