import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { offers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { validation } from '../shared/errors'
import { assertPricingEditor } from '../quotes/pricing-guards'
import { END_BEFORE_START_MSG } from '../quotes/quotes.schemas'
import type { UpdateOfferInput } from './offers.schemas'
import { loadOffer, loadProvider } from './offer-loading'
import { presentOffer } from './offer-presenter'
import { defineUseCase } from '../shared/authorize'

/**
 * PUT /offer/updateOffer/{id} (staff with `finance`): changes any of an offer's fields (e.g.
 * is_active false ends it at once). 404 for an unknown offer or insurer; an end date before the
 * (new or stored) start date is a 400 on end_date. Policies bought under the offer keep it.
 */
export const updateOffer = defineUseCase(
  { staff: ['finance'] },
  async function updateOffer(opts: { actor: Actor; id: number; input: UpdateOfferInput }) {
    const { actor, input } = opts
    assertPricingEditor(actor)
    return getDb().transaction(async (tx) => {
      // Lock first: the date check below reads the stored dates it does not change.
      await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, opts.id)).for('update')
      const current = await loadOffer(opts.id, tx)
      const start = input.start_date ?? current.offer.start_date
      const end = input.end_date ?? current.offer.end_date
      if (end < start) throw validation('end_date', END_BEFORE_START_MSG)
      const provider =
        input.insurance_provider_id !== undefined && input.insurance_provider_id !== current.provider.id
          ? await loadProvider(input.insurance_provider_id, tx)
          : current.provider
      const [row] = await tx
        .update(offers)
        .set({
          insurance_provider_id: provider.id,
          start_date: start,
          end_date: end,
          is_active: input.is_active ?? current.offer.is_active,
          rate: input.rate ?? current.offer.rate,
          type: input.type ?? current.offer.type,
        })
        .where(eq(offers.id, current.offer.id))
        .returning()
      return presentOffer(row, provider)
    })
  },
)
