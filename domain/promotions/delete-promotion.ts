import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { promotions } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { loadPromotionFor } from './promotion-loading'

/** POST /oshc/promotion/delete-promotion/{id} (staff with `agency_management`): a soft delete; 404 after. */
export const deletePromotion = defineUseCase(
  { staff: ['agency_management'] },
  async function deletePromotion(opts: { actor: Actor; id: number }) {
    const row = await loadPromotionFor(opts.actor, opts.id)
    await getDb().update(promotions).set({ is_deleted: true }).where(eq(promotions.id, row.id))
    return { id: row.id }
  },
)
