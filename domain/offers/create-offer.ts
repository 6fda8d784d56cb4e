import { getDb } from '../../db/client'
import { offers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from '../quotes/pricing-guards'
import type { OfferInput } from './offers.schemas'
import { loadProvider } from './offer-loading'
import { presentOffer } from './offer-presenter'
import { defineUseCase } from '../shared/authorize'

/**
 * POST /offer/createOffer (staff with `finance`): a percentage discount (1..50) on an insurer's
 * premiums between start_date and end_date (both included). Quotes apply the highest running
 * offer of the insurer. 404 for an unknown insurer.
 */
export const createOffer = defineUseCase(
  { staff: ['finance'] },
  async function createOffer(opts: { actor: Actor; input: OfferInput }) {
    const { actor, input } = opts
    assertPricingEditor(actor)
    const provider = await loadProvider(input.insurance_provider_id)
    const [row] = await getDb()
      .insert(offers)
      .values({
        insurance_provider_id: provider.id,
        start_date: input.start_date,
        end_date: input.end_date,
        is_active: input.is_active,
        rate: input.rate,
        type: input.type,
        created_by: actor.identityId,
      })
      .returning()
    return presentOffer(row, provider)
  },
)
