import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { providerRates } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { assertPricingEditor } from './pricing-guards'
import { defineUseCase } from '../shared/authorize'

/**
 * DELETE /oshc/pricing/deleteRateCard/{id} (staff with `finance`): removes a rate card; the
 * insurer can no longer be quoted for dates it covered. Policies already priced keep their
 * premium. 404 for an unknown card.
 */
export const deleteRateCard = defineUseCase(
  { staff: ['finance'] },
  async function deleteRateCard(opts: { actor: Actor; id: number }) {
    assertPricingEditor(opts.actor)
    const [row] = await getDb()
      .delete(providerRates)
      .where(eq(providerRates.id, opts.id))
      .returning({ id: providerRates.id })
    if (!row) throw notFound('Rate card')
    return { id: row.id }
  },
)
