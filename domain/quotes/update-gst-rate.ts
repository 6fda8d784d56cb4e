import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { gstRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from './pricing-guards'
import type { GstRateInput } from './quotes.schemas'
import { defineUseCase } from '../shared/authorize'

/**
 * PUT /oshc/pricing/updateGstRate (staff with `finance`): sets the GST and card surcharge rates
 * (0..100 percent) of the single GST record. Quotes priced from now on use them; policies
 * already priced keep theirs. Idempotent.
 */
export const updateGstRate = defineUseCase(
  { staff: ['finance'] },
  async function updateGstRate(opts: { actor: Actor; input: GstRateInput }) {
    assertPricingEditor(opts.actor)
    const { gst_rate, card_surcharge_rate } = opts.input
    const row = await getDb().transaction(async (tx) => {
      const [current] = await tx.select().from(gstRates).orderBy(desc(gstRates.id)).limit(1).for('update')
      if (!current)
        return (await tx.insert(gstRates).values({ gst_rate, card_surcharge_rate }).returning())[0]
      return (
        await tx
          .update(gstRates)
          .set({ gst_rate, card_surcharge_rate })
          .where(eq(gstRates.id, current.id))
          .returning()
      )[0]
    })
    return {
      gst_rate: Number(row.gst_rate),
      card_surcharge_rate: Number(row.card_surcharge_rate),
      updated_at: row.updated_at,
    }
  },
)
