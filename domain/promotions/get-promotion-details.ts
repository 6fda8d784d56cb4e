import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadPromotionFor } from './promotion-loading'
import { presentPromotions } from './promotion-presenter'

/**
 * GET /oshc/promotion/get-promotions-details/{id} (any staff member; the agency side only for a
 * published promotion running today, any other is a 404).
 */
export const getPromotionDetails = defineUseCase(
  { staff: true, agency: true },
  async function getPromotionDetails(opts: { actor: Actor; id: number }) {
    return (await presentPromotions([await loadPromotionFor(opts.actor, opts.id)]))[0]
  },
)
