import type { DbOrTx } from '../../db/client'
import { getDb } from '../../db/client'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { forbidden } from '../shared/errors'
import { fromCents } from '../shared/money'
import { assertAgencyAccess } from '../agencies/get-agency'
import type { PricedProvider } from './price-policy'

/** Staff quote with `quote` or `policy_management`; the agency side with `quote`. */
export function assertQuoter(actor: Actor) {
  if (isStaff(actor) && (actor.permissions.has('quote') || actor.permissions.has('policy_management'))) return
  if (isAgencySide(actor) && actor.permissions.has('quote')) return
  throw forbidden()
}

/**
 * Whose prices a quote shows: the agency side is always quoted for its own agency (another
 * agency's id is a 404); staff for the agency they name (404 when it does not exist), or for no
 * agency at all (every provider, commission 0).
 */
export async function quoteAgencyId(
  actor: Actor,
  agencyId: number | undefined,
  db: DbOrTx = getDb(),
): Promise<number | null> {
  assertQuoter(actor)
  if (isAgencySide(actor)) {
    if (agencyId !== undefined) await assertAgencyAccess(actor, agencyId, db)
    return actor.agencyId
  }
  if (agencyId === undefined) return null
  return (await assertAgencyAccess(actor, agencyId, db)).id
}

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
