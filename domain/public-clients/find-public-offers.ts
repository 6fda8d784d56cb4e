import { and, asc, eq, gte, lte, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyConfigurations, insuranceProviders, offers } from '../../db/schema'
import type { WidgetActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pageInfo } from '../shared/pagination'
import { offerProviderColumns } from '../offers/offer-loading'
import { presentOffer } from '../offers/offer-presenter'
import { businessDay } from '../shared/clock'

/**
 * GET /wordpress/getAllPublicOffers (a public client's token): the offers running today on the
 * insurers the client's agency sells, the highest rate first, paged.
 */
export const findPublicOffers = defineUseCase(
  { widget: true },
  async function findPublicOffers(opts: { actor: WidgetActor; page: number; perPage: number }) {
    const { page, perPage } = opts
    const today = businessDay()
    const where = and(
      eq(offers.is_active, true),
      lte(offers.start_date, today),
      gte(offers.end_date, today),
      gte(offers.rate, 1),
      lte(offers.rate, 50),
      eq(insuranceProviders.is_active, true),
      sql`exists (select 1 from ${agencyConfigurations} c where c.agency_id = ${opts.actor.agencyId} and c.insurance_provider_id = ${offers.insurance_provider_id})`,
    )
    const rows = await getDb()
      .select({ offer: offers, provider: offerProviderColumns, total: sql<number>`count(*) over()::int` })
      .from(offers)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, offers.insurance_provider_id))
      .where(where)
      .orderBy(sql`${offers.rate} desc`, asc(offers.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
    return {
      items: rows.map((r) => {
        const { created_at: _c, updated_at: _u, ...offer } = presentOffer(r.offer, r.provider, today)
        return offer
      }),
      pageInfo: pageInfo(page, perPage, rows[0]?.total ?? 0),
    }
  },
)
