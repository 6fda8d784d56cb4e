import { and, asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { agencyConfigurations, insuranceProviders } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { fromCents } from '../shared/money'
import { priceWithProviders, type PolicyType, type PricedProvider } from './price-policy'
import type { QuoteServicesQuery } from './quotes.schemas'
import { quoteAgencyId } from './quote-access'
import { defineUseCase } from '../shared/authorize'

/** Column order of the comparison table. */
export const SERVICE_COLUMNS: PolicyType[] = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY']

function cell(row: PricedProvider) {
  return {
    premium: fromCents(row.price.premium),
    offerPremium: row.price.offerPremium === null ? null : fromCents(row.price.offerPremium),
    offerRate: row.offer?.rate ?? 0,
    hasOffer: row.offer !== null,
    /** What is paid: the offer premium when an offer applies. */
    payable: fromCents(row.price.payable),
    commission: fromCents(row.price.commission),
    isProtectedByRule: row.rule !== null,
    rule_info: row.rule?.rule_info ?? null,
  }
}
export type QuoteServiceCell = ReturnType<typeof cell>

/**
 * GET /insurances/quotesServices: the comparison table, one row per insurer the caller can be
 * quoted by and one column per policy type (only the asked type when policyType is given); a
 * cell is null when the insurer has no rate card for that type on the start date. Rows are
 * ordered by the first column's price (insurers without it last). Same callers and agency
 * scoping as findQuotes. Read-only.
 */
export const findQuoteServices = defineUseCase(
  { staff: ['quote', 'policy_management'], agency: ['quote'] },
  async function findQuoteServices(opts: { actor: Actor; input: QuoteServicesQuery; today?: string }) {
    const { actor, input } = opts
    const db = getDb()
    const agencyId = await quoteAgencyId(actor, input.agency_id, db)
    const policyTypes = input.policyType ? [input.policyType] : SERVICE_COLUMNS
    const filter = [eq(insuranceProviders.is_active, true)]
    if (agencyId !== null) {
      const configured = await db
        .select({ id: agencyConfigurations.insurance_provider_id })
        .from(agencyConfigurations)
        .where(eq(agencyConfigurations.agency_id, agencyId))
      if (!configured.length) return { policyTypes, rows: [] }
      filter.push(
        inArray(
          insuranceProviders.id,
          configured.map((c) => c.id),
        ),
      )
    }
    const providers = await db
      .select({ id: insuranceProviders.id, name: insuranceProviders.name, logo: insuranceProviders.logo })
      .from(insuranceProviders)
      .where(and(...filter))
      .orderBy(asc(insuranceProviders.id))
    const priced = await Promise.all(
      policyTypes.map((policyType) =>
        priceWithProviders(
          { policyType, startDate: input.startDate, endDate: input.endDate, agencyId, today: opts.today },
          db,
        ),
      ),
    )
    const rows = providers.map((provider) => ({
      provider,
      quotes: Object.fromEntries(
        policyTypes.map((t, i) => {
          const row = priced[i].find((r) => r.provider.id === provider.id)
          return [t, row ? cell(row) : null]
        }),
      ) as Partial<Record<PolicyType, QuoteServiceCell | null>>,
    }))
    const first = policyTypes[0]
    rows.sort((a, b) => {
      const pa = a.quotes[first]?.payable ?? Number.POSITIVE_INFINITY
      const pb = b.quotes[first]?.payable ?? Number.POSITIVE_INFINITY
      return pa - pb || a.provider.id - b.provider.id
    })
    return { policyTypes, rows }
  },
)
