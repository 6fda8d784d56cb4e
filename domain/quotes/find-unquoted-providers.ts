import { getDb } from '../../db/client'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { pricingInputs } from './price-policy'
import { quoteAgencyId } from './quote-access'
import type { QuoteQuery } from './quotes.schemas'

export const NOT_SET_UP = 'Not set up for your agency'
export const NO_RATE = 'No rate for this cover on the start date'

/**
 * The insurers a quote leaves out, and why (issue 29): an active insurer the agency has no
 * commission configured for is "not set up for your agency"; one without a rate for the policy
 * type on the start date has "no rate". The same inputs as findQuotes, so the two never disagree.
 * Same access as findQuotes.
 */
export const findUnquotedProviders = defineUseCase(
  { staff: ['quote', 'policy_management'], agency: ['quote'] },
  async function findUnquotedProviders(opts: { actor: Actor; input: QuoteQuery }) {
    const { input } = opts
    const agencyId = await quoteAgencyId(opts.actor, input.agency_id)
    const req = { policyType: input.policyType, startDate: input.startDate, endDate: input.endDate, agencyId }
    const [, configs, providers, typeRates] = await pricingInputs(getDb(), req)
    const configured = configs ? new Set(configs.map((c) => c.provider)) : null
    const rated = new Set(
      typeRates
        .filter((r) => r.valid_from <= req.startDate && (r.valid_to === null || r.valid_to >= req.startDate))
        .map((r) => r.provider_id),
    )
    return providers
      .filter((p) => p.is_active)
      .flatMap((p) => {
        const reason = configured && !configured.has(p.id) ? NOT_SET_UP : !rated.has(p.id) ? NO_RATE : null
        return reason ? [{ id: p.id, name: p.display_name || p.name, reason }] : []
      })
  },
)
