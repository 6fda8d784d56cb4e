import type { Actor } from '../shared/actor'
import { priceWithProviders } from './price-policy'
import type { QuoteQuery } from './quotes.schemas'
import { presentQuote } from './quote-presenter'
import { quoteAgencyId } from './quote-access'
import { defineUseCase } from '../shared/authorize'

/**
 * GET /insurances/quotes: every provider that can sell the policy, cheapest (what is paid) first.
 * Staff with `quote` or `policy_management`, the agency side with `quote`; an agency is quoted for
 * itself only (another agency's id is a 404), staff without agency_id see every provider with
 * commission 0. Read-only.
 */
export const findQuotes = defineUseCase(
  { staff: ['quote', 'policy_management'], agency: ['quote'] },
  async function findQuotes(opts: { actor: Actor; input: QuoteQuery; today?: string }) {
    const { actor, input } = opts
    const agencyId = await quoteAgencyId(actor, input.agency_id)
    const rows = await priceWithProviders({
      policyType: input.policyType,
      startDate: input.startDate,
      endDate: input.endDate,
      agencyId,
      today: opts.today,
    })
    return rows.map(presentQuote)
  },
)
