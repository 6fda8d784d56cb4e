import type { DbOrTx } from '../../db/client'
import type { policies } from '../../db/schema'
import { assertNotProtected, priceForAgency } from '../quotes/price-policy'
import { coverCounts } from './policies.rules'
import type { QuoteChoice } from './policies.schemas'

/**
 * Prices a quote choice for the policy's agency (priceForAgency + assertNotProtected) and returns
 * the policy columns to store: premium = what is paid (the offer premium under an offer).
 */
export async function pricedColumns(
  tx: DbOrTx,
  agencyId: number,
  choice: QuoteChoice,
  people: { hasPartner: boolean; dependants: number },
) {
  const row = await priceForAgency(
    {
      agencyId,
      providerId: choice.insurance_provider_id,
      policyType: choice.policy_type,
      startDate: choice.start_date,
      endDate: choice.end_date,
    },
    tx,
  )
  assertNotProtected(row)
  const { price } = row
  return {
    provider: row.provider,
    set: {
      insurance_provider_id: choice.insurance_provider_id,
      policy_type: choice.policy_type,
      start_date: choice.start_date,
      end_date: choice.end_date,
      premium: price.payable,
      premium_before_discount: price.premium,
      premium_without_gst: price.payableWithoutGst,
      premium_currency: 'AUD' as const,
      gst_rate: row.gstRate,
      commission_rate: row.commissionRate,
      is_offer_applied: !!row.offer,
      original_amount_before_offer: row.offer ? price.premium : null,
      offer_id: row.offer?.id ?? null,
      offer_rate: row.offer?.rate ?? null,
      discount_rate: row.offer ? `${row.offer.rate}.00` : null,
      offer_end_date: row.offer?.end_date ?? null,
      is_policy_number_available: choice.is_policy_number_available,
      policy_number: choice.is_policy_number_available ? choice.policy_number : null,
      ...coverCounts(people),
    } satisfies Partial<typeof policies.$inferInsert>,
  }
}

export type PricedColumns = Awaited<ReturnType<typeof pricedColumns>>['set']
