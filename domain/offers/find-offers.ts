import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { insuranceProviders, offers } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { pageInfo } from '../shared/pagination'
import { assertPricingEditor } from '../quotes/pricing-guards'
import { offerProviderColumns } from './offer-loading'
import { presentOffer } from './offer-presenter'
import { businessDay } from '../shared/clock'
import { defineUseCase } from '../shared/authorize'

/** GET /offer/getAllOffers (staff with `finance`): every offer, newest first, paged. */
export const findOffers = defineUseCase(
  { staff: ['finance'] },
  async function findOffers(opts: { actor: Actor; page: number; perPage: number }) {
    assertPricingEditor(opts.actor)
    const { page, perPage } = opts
    const rows = await getDb()
      .select({ offer: offers, provider: offerProviderColumns, total: sql<number>`count(*) over()::int` })
      .from(offers)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, offers.insurance_provider_id))
      .orderBy(desc(offers.created_at), desc(offers.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
    const today = businessDay()
    let total = rows[0]?.total
    // A page past the end has no rows to carry the total.
    if (total === undefined) {
      const [{ n }] = await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(offers)
      total = n
    }
    return {
      items: rows.map((r) => presentOffer(r.offer, r.provider, today)),
      pageInfo: pageInfo(page, perPage, total),
    }
  },
)
