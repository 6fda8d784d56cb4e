import type { WidgetActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { fromCents } from '../shared/money'
import { priceWithProviders, type PricedProvider } from '../quotes/price-policy'
import type { PublicQuoteQuery } from './public-clients.schemas'

/** A quote row for the public: what the student pays, the offer, the insurer; never the commission. */
export function presentPublicQuote(row: PricedProvider) {
  return {
    policyType: row.policyType,
    startDate: row.startDate,
    endDate: row.endDate,
    days: row.price.days,
    premium: fromCents(row.price.premium),
    payable: fromCents(row.price.payable),
    currency: 'AUD' as const,
    provider: {
      id: row.provider.id,
      name: row.provider.name,
      display_name: row.provider.display_name,
      logo: row.provider.logo,
    },
    offer: {
      hasOffer: row.offer !== null,
      offerPremium: row.price.offerPremium === null ? null : fromCents(row.price.offerPremium),
      rate: row.offer?.rate ?? 0,
    },
  }
}
export type PublicQuote = ReturnType<typeof presentPublicQuote>

/**
 * GET /wordpress/quotes (a public client's token): the agency's configured insurers' quotes,
 * cheapest first. Insurers a purchase rule currently blocks for the agency are left out (the
 * student could not buy them); the commission is never shown.
 */
export const findPublicQuotes = defineUseCase(
  { widget: true },
  async function findPublicQuotes(opts: { actor: WidgetActor; input: PublicQuoteQuery }) {
    const rows = await priceWithProviders({
      policyType: opts.input.policyType,
      startDate: opts.input.startDate,
      endDate: opts.input.endDate,
      agencyId: opts.actor.agencyId,
    })
    return rows.filter((r) => !r.rule?.blocks).map(presentPublicQuote)
  },
)
