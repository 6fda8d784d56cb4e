import { getDb } from '../../db/client'
import { promotions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { sanitizePromotionHtml } from './promotion-html'
import { presentPromotions } from './promotion-presenter'
import { announcePromotion } from './promotion-publishing'
import { assertThumbnail } from './promotion-thumbnail'
import type { PromotionInput } from './promotions.schemas'

/**
 * POST /oshc/promotion/add-promotion (staff with `agency_management`): a promotion, DRAFT or
 * PUBLISHED; the description is sanitised before it is stored; `thumbnail` is the key of a PNG or
 * JPEG uploaded to the `public` folder (else 400). Publishing notifies every activated agency in
 * the same transaction.
 */
export const addPromotion = defineUseCase(
  { staff: ['agency_management'] },
  async function addPromotion(opts: { actor: Actor; input: PromotionInput }) {
    const { actor, input } = opts
    const by = 'identityId' in actor ? actor.identityId : null
    if (input.thumbnail) await assertThumbnail(input.thumbnail)
    const row = await getDb().transaction(async (tx) => {
      const [created] = await tx
        .insert(promotions)
        .values({
          ...input,
          description: sanitizePromotionHtml(input.description),
          thumbnail: input.thumbnail ?? null,
          created_by: by,
          updated_by: by,
        })
        .returning()
      if (created.status === 'PUBLISHED') await announcePromotion(tx, created)
      return created
    })
    return (await presentPromotions([row]))[0]
  },
)
