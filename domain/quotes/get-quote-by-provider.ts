import type { Actor } from '../shared/actor'
import { notFound } from '../shared/errors'
import { priceWithProviders } from './price-policy'
import type { QuoteQuery } from './quotes.schemas'
import { presentQuote } from './quote-presenter'
import { quoteAgencyId } from './quote-access'
import { defineUseCase } from '../shared/authorize'

/**
 * GET /insurances/getQuoteByProviderId/{ProviderId}: one provider's quote row, or 404 when it
 * cannot quote (unknown, inactive, not configured for the agency, or no rate card for the start
 * date). Same callers and agency scoping as findQuotes. Read-only.
 */
export const getQuoteByProvider = defineUseCase(
  { staff: ['quote', 'policy_management'], agency: ['quote'] },
  async function getQuoteByProvider(opts: {
    actor: Actor
    providerId: number
    input: QuoteQuery
    today?: string
  }) {
    const { actor, input } = opts
    const agencyId = await quoteAgencyId(actor, input.agency_id)
    const [row] = await priceWithProviders({
      policyType: input.policyType,
      startDate: input.startDate,
      endDate: input.endDate,
      agencyId,
      providerId: opts.providerId,
      today: opts.today,
    })
    if (!row) throw notFound('A quote from this insurance provider for these dates')
    return presentQuote(row)
  },
)
