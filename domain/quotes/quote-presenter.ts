import { fromCents } from '../shared/money'
import type { PricedProvider } from './price-policy'

/** The quote row of spec/01 section 3, amounts as decimal numbers. */
export function presentQuote(row: PricedProvider) {
  const { price } = row
  return {
    policyType: row.policyType,
    startDate: row.startDate,
    endDate: row.endDate,
    days: price.days,
    /** The full premium, before any offer. */
    premium: fromCents(price.premium),
    /** What is actually paid (the offer premium when an offer applies) without GST. */
    premium_without_gst: fromCents(price.payableWithoutGst),
    gst_rate: Number(row.gstRate),
    /** Commission on what is actually paid, without GST. */
    commission: fromCents(price.commission),
    commission_rate: Number(row.commissionRate),
    isProtectedByRule: row.rule !== null,
    provider: { id: row.provider.id, name: row.provider.name, logo: row.provider.logo },
    offer: {
      hasOffer: row.offer !== null,
      offerPremium: price.offerPremium === null ? null : fromCents(price.offerPremium),
      rate: row.offer?.rate ?? 0,
    },
    ...(row.rule
      ? {
          purchase_rule: {
            has_bought_quantity: row.rule.has_bought_quantity,
            should_buy_quantity: row.rule.should_buy_quantity,
            credits: row.rule.credits,
            rule_info: row.rule.rule_info,
          },
        }
      : {}),
  }
}

export type QuoteRow = ReturnType<typeof presentQuote>
