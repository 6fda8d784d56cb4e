import { and, asc, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import {
  agencyConfigurations,
  gstRates,
  insuranceProviders,
  offers,
  providerRates,
  purchaseRules,
} from '../../db/schema'
import type { POLICY_TYPES } from '../../db/schema/enums'
import { conflict, notFound } from '../shared/errors'
import { toCents } from '../shared/money'
import { priceOf, ruleBlocks, ruleInfo, ruleLocks, type Price } from './pricing.rules'
import { clock } from '../shared/clock'

export type PolicyType = (typeof POLICY_TYPES)[number]

export type PriceRequest = {
  policyType: PolicyType
  startDate: string
  endDate: string
  /** Quote for this agency (its providers and commission); null = staff view of every provider. */
  agencyId: number | null
  /** Restrict to one provider. */
  providerId?: number
  /** "Today" for offer validity (YYYY-MM-DD); defaults to the current UTC date. */
  today?: string
}

export type PricedProvider = {
  provider: { id: number; name: string; display_name: string; short_name: string; logo: string | null }
  policyType: PolicyType
  startDate: string
  endDate: string
  price: Price
  gstRate: string
  commissionRate: string
  offer: { id: number; rate: number; end_date: string } | null
  rule: {
    id: number
    should_buy_quantity: number
    has_bought_quantity: number
    credits: number
    rule_info: string
    blocks: boolean
  } | null
}

export async function currentGst(db: DbOrTx = getDb()) {
  const [g] = await db.select().from(gstRates).orderBy(desc(gstRates.id)).limit(1)
  return { gst_rate: g?.gst_rate ?? '10.00', card_surcharge_rate: g?.card_surcharge_rate ?? '0.00' }
}

const todayUtc = () => clock.now().toISOString().slice(0, 10)

/**
 * Prices a policy with every provider that can sell it (DESIGN.md section 5): the rate card
 * valid on the start date, GST, the agency's commission for the provider, the provider's active
 * offer and the agency's purchase rules. Providers without a rate card for the date are left
 * out; for an agency, so are providers not configured for it. Cheapest (what is paid) first.
 */
export async function priceWithProviders(req: PriceRequest, db: DbOrTx = getDb()): Promise<PricedProvider[]> {
  const today = req.today ?? todayUtc()
  const gst = await currentGst(db)
  const commissionBy = new Map<number, string>()
  if (req.agencyId !== null) {
    const configs = await db
      .select({
        provider: agencyConfigurations.insurance_provider_id,
        rate: agencyConfigurations.commission_rate,
      })
      .from(agencyConfigurations)
      .where(eq(agencyConfigurations.agency_id, req.agencyId))
    for (const c of configs) commissionBy.set(c.provider, c.rate)
    if (!commissionBy.size) return []
  }
  const providerFilter = [eq(insuranceProviders.is_active, true)]
  if (req.providerId) providerFilter.push(eq(insuranceProviders.id, req.providerId))
  if (req.agencyId !== null) providerFilter.push(inArray(insuranceProviders.id, [...commissionBy.keys()]))
  const providers = await db
    .select({
      id: insuranceProviders.id,
      name: insuranceProviders.name,
      display_name: insuranceProviders.display_name,
      short_name: insuranceProviders.short_name,
      logo: insuranceProviders.logo,
    })
    .from(insuranceProviders)
    .where(and(...providerFilter))
    .orderBy(asc(insuranceProviders.id))
  if (!providers.length) return []
  const ids = providers.map((p) => p.id)
  const [rates, activeOffers, rules] = await Promise.all([
    db
      .select()
      .from(providerRates)
      .where(
        and(
          inArray(providerRates.provider_id, ids),
          eq(providerRates.policy_type, req.policyType),
          lte(providerRates.valid_from, req.startDate),
          or(isNull(providerRates.valid_to), gte(providerRates.valid_to, req.startDate)),
        ),
      )
      .orderBy(desc(providerRates.valid_from), desc(providerRates.id)),
    db
      .select()
      .from(offers)
      .where(
        and(
          inArray(offers.insurance_provider_id, ids),
          eq(offers.is_active, true),
          lte(offers.start_date, today),
          gte(offers.end_date, today),
        ),
      )
      .orderBy(desc(offers.rate), asc(offers.id)),
    req.agencyId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(purchaseRules)
          .where(
            and(
              eq(purchaseRules.agency_id, req.agencyId),
              eq(purchaseRules.can_buy_policy_type, req.policyType),
            ),
          ),
  ])
  const nameOf = new Map(
    (
      await db.select({ id: insuranceProviders.id, name: insuranceProviders.name }).from(insuranceProviders)
    ).map((p) => [p.id, p.name]),
  )
  const rows: PricedProvider[] = []
  for (const provider of providers) {
    const rate = rates.find((r) => r.provider_id === provider.id)
    if (!rate) continue
    const offer = activeOffers.find(
      (o) => o.insurance_provider_id === provider.id && o.rate >= 1 && o.rate <= 50,
    )
    const commissionRate = commissionBy.get(provider.id) ?? '0.00'
    const price = priceOf({
      monthlyRateCents: toCents(rate.monthly_rate),
      startDate: req.startDate,
      endDate: req.endDate,
      gstRate: gst.gst_rate,
      commissionRate,
      offerRate: offer?.rate ?? null,
    })
    // Several rules may lock one pair; a purchase needs a credit from each (recordPurchaseForRules),
    // so show the one that blocks when any does.
    const locking = rules.filter((r) => r.can_buy_insurance_provider_id === provider.id && ruleLocks(r))
    const rule = locking.find(ruleBlocks) ?? locking[0]
    rows.push({
      provider,
      policyType: req.policyType,
      startDate: req.startDate,
      endDate: req.endDate,
      price,
      gstRate: gst.gst_rate,
      commissionRate,
      offer: offer ? { id: offer.id, rate: offer.rate, end_date: offer.end_date } : null,
      rule: rule
        ? {
            id: rule.id,
            should_buy_quantity: rule.should_buy_quantity,
            has_bought_quantity: rule.has_bought_quantity,
            credits: rule.credits,
            rule_info: ruleInfo(rule, nameOf.get(rule.should_buy_insurance_provider_id) ?? 'the insurer'),
            blocks: ruleBlocks(rule),
          }
        : null,
    })
  }
  return rows.sort((a, b) => a.price.payable - b.price.payable || a.provider.id - b.provider.id)
}

/** The price of one provider for an agency's policy; 404 when the provider cannot sell it. */
export async function priceForAgency(
  req: PriceRequest & { agencyId: number; providerId: number },
  db: DbOrTx = getDb(),
): Promise<PricedProvider> {
  const [row] = await priceWithProviders(req, db)
  if (!row) throw notFound('A quote from this insurance provider for these dates')
  return row
}

/** Refuses a quote that a purchase rule still protects (409). */
export function assertNotProtected(row: PricedProvider) {
  if (row.rule?.blocks) throw conflict(`This quote is protected by a purchase rule: ${row.rule.rule_info}`)
}

/**
 * Counts a purchase against the agency's purchase rules, in the purchase transaction: a purchase
 * of a should-buy pair increments has_bought_quantity; a purchase of a still-locked can-buy pair
 * consumes one credit (409 when none is left, so concurrent purchases cannot overspend credits).
 */
export async function recordPurchaseForRules(
  tx: DbOrTx,
  p: { agencyId: number; providerId: number; policyType: PolicyType },
) {
  const rules = await tx
    .select()
    .from(purchaseRules)
    .where(eq(purchaseRules.agency_id, p.agencyId))
    .for('update')
  for (const r of rules) {
    if (
      r.can_buy_insurance_provider_id === p.providerId &&
      r.can_buy_policy_type === p.policyType &&
      ruleLocks(r)
    ) {
      if (r.credits <= 0) throw conflict('This quote is protected by a purchase rule')
      await tx
        .update(purchaseRules)
        .set({ credits: r.credits - 1 })
        .where(eq(purchaseRules.id, r.id))
    }
  }
  for (const r of rules) {
    if (r.should_buy_insurance_provider_id === p.providerId && r.should_buy_policy_type === p.policyType) {
      await tx
        .update(purchaseRules)
        .set({ has_bought_quantity: r.has_bought_quantity + 1 })
        .where(eq(purchaseRules.id, r.id))
    }
  }
}
