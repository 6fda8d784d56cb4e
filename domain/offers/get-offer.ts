import type { Actor } from '../shared/actor'
import { assertPricingEditor } from '../quotes/pricing-guards'
import { loadOffer } from './offer-loading'
import { presentOffer } from './offer-presenter'
import { defineUseCase } from '../shared/authorize'

/** GET /offer/getOfferById/{id} (staff with `finance`): one offer with its insurer; 404 when unknown. */
export const getOffer = defineUseCase(
  { staff: ['finance'] },
  async function getOffer(opts: { actor: Actor; id: number }) {
    assertPricingEditor(opts.actor)
    const { offer, provider } = await loadOffer(opts.id)
    return presentOffer(offer, provider)
  },
)
