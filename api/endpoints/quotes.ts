import { z } from 'zod'
import { endpoint, ok, type Endpoint, paged } from '../define'
import { id } from '../../domain/shared/fields'
import {
  ExchangeRateSchema,
  GstRateSchema,
  PdsParamSchema,
  ProviderIdParamSchema,
  ProviderPdsSchema,
  QuoteQuerySchema,
  QuoteServicesQuerySchema,
  RateCardListQuerySchema,
  RateCardSchema,
} from '../../domain/quotes/quotes.schemas'
import { findQuotes } from '../../domain/quotes/find-quotes'
import { findQuoteServices } from '../../domain/quotes/find-quote-services'
import { getQuoteByProvider } from '../../domain/quotes/get-quote-by-provider'
import { getProviderPds } from '../../domain/quotes/get-provider-pds'
import { uploadProviderPds } from '../../domain/quotes/upload-provider-pds'
import { findRateCards } from '../../domain/quotes/find-rate-cards'
import { createRateCard } from '../../domain/quotes/create-rate-card'
import { updateRateCard } from '../../domain/quotes/update-rate-card'
import { deleteRateCard } from '../../domain/quotes/delete-rate-card'
import { getGstRate } from '../../domain/quotes/get-gst-rate'
import { updateGstRate } from '../../domain/quotes/update-gst-rate'
import { findExchangeRates } from '../../domain/quotes/find-exchange-rates'
import { updateExchangeRate } from '../../domain/quotes/update-exchange-rate'
import {
  OfferIdParamSchema,
  OfferListQuerySchema,
  OfferSchema,
  ProviderIdParamSchema as OfferProviderParamSchema,
  UpdateOfferSchema,
} from '../../domain/offers/offers.schemas'
import { createOffer } from '../../domain/offers/create-offer'
import { findOffers } from '../../domain/offers/find-offers'
import { getOffer } from '../../domain/offers/get-offer'
import { getActiveOffer } from '../../domain/offers/get-active-offer'
import { updateOffer } from '../../domain/offers/update-offer'

/**
 * Staff pricing management has no call in the specification; these paths are this product's own
 * (DESIGN.md section 5: rate cards, GST and exchange rates are staff-editable).
 */
const PRICING = '/oshc/pricing'
const IdParam = z.object({ id: id() })

export const quoteEndpoints: Endpoint[] = [
  // ---- Quotes (spec/01 section 7, Insurance) ----------------------------------------------------
  endpoint({
    method: 'GET',
    path: '/insurances/quotes',
    summary:
      'Quote rows of every insurer that can sell the policy, cheapest first (agency: its configured insurers and commission; staff without agency_id: all insurers, commission 0)',
    access: findQuotes.access,
    query: QuoteQuerySchema,
    handler: async ({ actor, query }) => ok(await findQuotes({ actor, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: '/insurances/quotesServices',
    summary:
      'Comparison table: one row per insurer, one column per policy type (SINGLE, COUPLE, SINGLE_PARENT, FAMILY, or only policyType when given); null where the insurer has no rate card',
    access: findQuoteServices.access,
    query: QuoteServicesQuerySchema,
    handler: async ({ actor, query }) => {
      const r = await findQuoteServices({ actor, input: query })
      return { data: r.rows, extra: { policyTypes: r.policyTypes } }
    },
  }),
  endpoint({
    method: 'GET',
    path: '/insurances/getQuoteByProviderId/{ProviderId}',
    summary: "One insurer's quote row; 404 when it cannot quote these dates and type",
    access: getQuoteByProvider.access,
    params: ProviderIdParamSchema,
    query: QuoteQuerySchema,
    handler: async ({ actor, params, query }) =>
      ok(await getQuoteByProvider({ actor, providerId: params.ProviderId, input: query })),
  }),
  endpoint({
    method: 'GET',
    path: '/agencies/policy-management/getPdsByProviderId/{providerId}',
    summary: "An insurer's product disclosure statement with a 5-minute download URL; 404 when none",
    access: getProviderPds.access,
    params: PdsParamSchema,
    handler: async ({ actor, params }) => ok(await getProviderPds({ actor, providerId: params.providerId })),
  }),

  // ---- Staff pricing management (paths of this product; the specification has none) ------------
  endpoint({
    method: 'GET',
    path: `${PRICING}/getRateCards`,
    summary: 'Rate cards (not in the specification): by insurer, type and newest window first',
    access: findRateCards.access,
    query: RateCardListQuerySchema,
    handler: async ({ actor, query }) => ok(await findRateCards({ actor, input: query })),
  }),
  endpoint({
    method: 'POST',
    path: `${PRICING}/createRateCard`,
    summary:
      'Add a rate card (not in the specification); 409 when its window overlaps another card of the insurer and type',
    access: createRateCard.access,
    body: RateCardSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Rate card created',
      data: await createRateCard({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'PUT',
    path: `${PRICING}/updateRateCard/{id}`,
    summary: 'Replace a rate card (not in the specification); 409 on an overlapping window',
    access: updateRateCard.access,
    params: IdParam,
    body: RateCardSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateRateCard({ actor, id: params.id, input: body }), 'Rate card updated'),
  }),
  endpoint({
    method: 'DELETE',
    path: `${PRICING}/deleteRateCard/{id}`,
    summary: 'Delete a rate card (not in the specification)',
    access: deleteRateCard.access,
    params: IdParam,
    handler: async ({ actor, params }) =>
      ok(await deleteRateCard({ actor, id: params.id }), 'Rate card deleted'),
  }),
  endpoint({
    method: 'GET',
    path: `${PRICING}/getGstRate`,
    summary: 'The GST record: gst_rate and card_surcharge_rate in percent (not in the specification)',
    access: getGstRate.access,
    handler: async ({ actor }) => ok(await getGstRate({ actor })),
  }),
  endpoint({
    method: 'PUT',
    path: `${PRICING}/updateGstRate`,
    summary: 'Set the GST and card surcharge rates, 0..100 (not in the specification)',
    access: updateGstRate.access,
    body: GstRateSchema,
    handler: async ({ actor, body }) => ok(await updateGstRate({ actor, input: body }), 'GST rates updated'),
  }),
  endpoint({
    method: 'GET',
    path: `${PRICING}/getExchangeRates`,
    summary: 'Exchange rates: 1 AUD in each other currency (not in the specification)',
    access: findExchangeRates.access,
    handler: async ({ actor }) => ok(await findExchangeRates({ actor })),
  }),
  endpoint({
    method: 'PUT',
    path: `${PRICING}/updateExchangeRate`,
    summary: 'Set 1 AUD = rate units of a currency, rate > 0 (not in the specification)',
    access: updateExchangeRate.access,
    body: ExchangeRateSchema,
    handler: async ({ actor, body }) =>
      ok(await updateExchangeRate({ actor, input: body }), 'Exchange rate updated'),
  }),
  endpoint({
    method: 'POST',
    path: `${PRICING}/uploadProviderPds`,
    summary:
      "Set an insurer's product disclosure statement to an uploaded file key (not in the specification)",
    access: uploadProviderPds.access,
    body: ProviderPdsSchema,
    handler: async ({ actor, body }) =>
      ok(await uploadProviderPds({ actor, input: body }), 'Product disclosure statement uploaded'),
  }),

  // ---- Offers (spec/03 section 7) ---------------------------------------------------------------
  endpoint({
    method: 'POST',
    path: '/offer/createOffer',
    summary: "A percentage discount (rate 1..50) on an insurer's premiums between two dates",
    access: createOffer.access,
    body: OfferSchema,
    status: 201,
    handler: async ({ actor, body }) => ({
      status: 201,
      message: 'Offer created',
      data: await createOffer({ actor, input: body }),
    }),
  }),
  endpoint({
    method: 'GET',
    path: '/offer/getAllOffers',
    summary: 'Every offer, newest first, paged',
    access: findOffers.access,
    query: OfferListQuerySchema,
    handler: async ({ actor, query }) => paged(await findOffers({ actor, ...query })),
  }),
  endpoint({
    method: 'GET',
    path: '/offer/getOfferById/{id}',
    summary: 'One offer with its insurer',
    access: getOffer.access,
    params: OfferIdParamSchema,
    handler: async ({ actor, params }) => ok(await getOffer({ actor, id: params.id })),
  }),
  endpoint({
    method: 'GET',
    path: '/offer/getActiveOfferByProviderId/{providerId}',
    summary: "The offer applied to an insurer's quotes today (highest rate when several run), or null",
    access: getActiveOffer.access,
    params: OfferProviderParamSchema,
    handler: async ({ actor, params }) => {
      const offer = await getActiveOffer({ actor, providerId: params.providerId })
      return ok(offer, offer ? 'Success' : 'No active offer')
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/offer/updateOffer/{id}',
    summary: "Change an offer's fields (omitted ones keep their value)",
    access: updateOffer.access,
    params: OfferIdParamSchema,
    body: UpdateOfferSchema,
    handler: async ({ actor, params, body }) =>
      ok(await updateOffer({ actor, id: params.id, input: body }), 'Offer updated'),
  }),
]
