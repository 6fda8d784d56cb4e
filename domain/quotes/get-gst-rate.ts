import { desc } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { gstRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { assertPricingEditor } from './pricing-guards'
import { defineUseCase } from '../shared/authorize'

/** GET /oshc/pricing/getGstRate (staff with `finance`): the GST record, rates in percent. */
export const getGstRate = defineUseCase(
  { staff: ['finance'] },
  async function getGstRate(opts: { actor: Actor }) {
    assertPricingEditor(opts.actor)
    const [row] = await getDb().select().from(gstRates).orderBy(desc(gstRates.id)).limit(1)
    return {
      gst_rate: Number(row?.gst_rate ?? '10.00'),
      card_surcharge_rate: Number(row?.card_surcharge_rate ?? '0.00'),
      updated_at: row?.updated_at ?? null,
    }
  },
)
