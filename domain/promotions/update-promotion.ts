import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { promotions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { validation } from '../shared/errors'
import { loadPromotionFor } from './promotion-loading'
import { sanitizePromotionHtml } from './promotion-html'
import { presentPromotions } from './promotion-presenter'
import { announcePromotion } from './promotion-publishing'
import { assertThumbnail } from './promotion-thumbnail'
import { PROMOTION_END_MSG, type UpdatePromotionInput } from './promotions.schemas'

/**
 * POST /oshc/promotion/update-promotion/{id} (staff with `agency_management`): changes the
 * fields sent (a new `thumbnail` must be an uploaded PNG or JPEG of the `public` folder; blank
 * removes it); DRAFT -> PUBLISHED notifies the agencies (once: a published promotion stays
 * published until it is set back to DRAFT). 404 for a deleted one.
 */
export const updatePromotion = defineUseCase(
  { staff: ['agency_management'] },
  async function updatePromotion(opts: { actor: Actor; id: number; input: UpdatePromotionInput }) {
    const { actor, input } = opts
    const row = await getDb().transaction(async (tx) => {
      const before = await loadPromotionFor(actor, opts.id, tx)
      const publish = input.publish_date ?? before.publish_date
      const end = input.end_date ?? before.end_date
      if (end < publish) throw validation('end_date', PROMOTION_END_MSG)
      if (input.thumbnail && input.thumbnail !== before.thumbnail) await assertThumbnail(input.thumbnail)
      const [after] = await tx
        .update(promotions)
        .set({
          ...input,
          ...(input.description !== undefined
            ? { description: sanitizePromotionHtml(input.description) }
            : {}),
          updated_by: 'identityId' in actor ? actor.identityId : null,
        })
        .where(eq(promotions.id, before.id))
        .returning()
      if (before.status === 'DRAFT' && after.status === 'PUBLISHED') await announcePromotion(tx, after)
      return after
    })
    return (await presentPromotions([row]))[0]
  },
)
