import { and, asc, desc, eq, gte, lte } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { offers } from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'
import { loadProvider } from './offer-loading'
import { presentOffer } from './offer-presenter'
import { businessDay } from '../shared/clock'
import { defineUseCase } from '../shared/authorize'

/**
 * GET /offer/getActiveOfferByProviderId/{providerId}: the offer quotes apply to the insurer today
 * (active, start <= today <= end, the highest rate when several run), or null. Staff with
 * `policy_management` or `finance`, the agency side with `quote`. 404 for an unknown insurer.
 */
export const getActiveOffer = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote'] },
  async function getActiveOffer(opts: { actor: Actor; providerId: number; today?: string }) {
    const { actor } = opts
    const allowed =
      (isStaff(actor) && (actor.permissions.has('policy_management') || actor.permissions.has('finance'))) ||
      (isAgencySide(actor) && actor.permissions.has('quote'))
    if (!allowed) throw forbidden()
    const provider = await loadProvider(opts.providerId)
    const today = opts.today ?? businessDay()
    const [row] = await getDb()
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.insurance_provider_id, provider.id),
          eq(offers.is_active, true),
          lte(offers.start_date, today),
          gte(offers.end_date, today),
          gte(offers.rate, 1),
          lte(offers.rate, 50),
        ),
      )
      .orderBy(desc(offers.rate), asc(offers.id))
      .limit(1)
    return row ? presentOffer(row, provider, today) : null
  },
)
