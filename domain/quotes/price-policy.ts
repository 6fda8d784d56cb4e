import { and, asc, desc, eq } from 'drizzle-orm'
import { getDb, readAll, type DbOrTx } from '../../db/client'
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
import { businessDay } from '../shared/clock'
import { cachedReference, type CachedTable } from '../shared/reference-cache'
import { setPurchaseRuleCounts } from '../agencies/configuration/purchase-rule-counts'
import { saleCap } from '../finance/commission-cap/sale-cap'
import { cappedRate } from '../finance/commission-cap/commission-cap.rules'

export type PolicyType = (typeof POLICY_TYPES)[number]

export type PriceRequest = {
  policyType: PolicyType
  startDate: string
  endDate: string
  /** Quote for this agency (its providers and commission); null = staff view of every provider. */
  agencyId: number | null
  /** Restrict to one provider. */
  providerId?: number
  /** "Today" for offer validity (YYYY-MM-DD); defaults to the business day (Sydney). */
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

/**
 * Reads that a quote repeats on every call come from the in-process reference cache outside a
 * transaction; inside one (a purchase) they are read afresh, under the transaction's locks.
 */
function reference<T>(db: DbOrTx, key: string, tables: readonly CachedTable[], load: () => Promise<T>) {
  return db === getDb() ? cachedReference(key, tables, load) : load()
}

export async function currentGst(db: DbOrTx = getDb()) {
  return reference(db, 'gst', ['gst_rates'], async () => {
    const [g] = await db.select().from(gstRates).orderBy(desc(gstRates.id)).limit(1)
    return { gst_rate: g?.gst_rate ?? '10.00', card_surcharge_rate: g?.card_surcharge_rate ?? '0.00' }
  })
}

const providerColumns = {
  id: insuranceProviders.id,
  name: insuranceProviders.name,
  display_name: insuranceProviders.display_name,
  short_name: insuranceProviders.short_name,
  logo: insuranceProviders.logo,
  is_active: insuranceProviders.is_active,
}

/**
 * The inputs of a price, each a small table read whole (or per agency) and filtered here: at once
 * on the pool, in turn inside a transaction (a purchase, an amendment), which is one connection.
 */
export function pricingInputs(db: DbOrTx, req: PriceRequest) {
  const agencyId = req.agencyId
  return readAll(
    db,
    () => currentGst(db),
    async () =>
      agencyId === null
        ? null
        : reference(db, `commission:${agencyId}`, ['agency_configurations'], () =>
            db
              .select({
                provider: agencyConfigurations.insurance_provider_id,
                rate: agencyConfigurations.commission_rate,
              })
              .from(agencyConfigurations)
              .where(eq(agencyConfigurations.agency_id, agencyId)),
          ),
    () =>
      reference(db, 'providers', ['insurance_providers'], () =>
        db.select(providerColumns).from(insuranceProviders).orderBy(asc(insuranceProviders.id)),
      ),
    () =>
      reference(db, `rates:${req.policyType}`, ['provider_rates'], () =>
        db
          .select()
          .from(providerRates)
          .where(eq(providerRates.policy_type, req.policyType))
          .orderBy(desc(providerRates.valid_from), desc(providerRates.id)),
      ),
    () =>
      reference(db, 'offers', ['offers'], () =>
        db.select().from(offers).where(eq(offers.is_active, true)).orderBy(desc(offers.rate), asc(offers.id)),
      ),
    async () =>
      agencyId === null
        ? []
        : reference(db, `rules:${agencyId}:${req.policyType}`, ['purchase_rules'], () =>
            db
              .select()
              .from(purchaseRules)
              .where(
                and(
                  eq(purchaseRules.agency_id, agencyId),
                  eq(purchaseRules.can_buy_policy_type, req.policyType),
                ),
              ),
          ),
  )
}

/**
 * Prices a policy with every provider that can sell it (DESIGN.md section 5): the rate card
 * valid on the start date, GST, the agency's commission for the provider, the provider's active
 * offer and the agency's purchase rules. Providers without a rate card for the date are left
 * out; for an agency, so are providers not configured for it. Cheapest (what is paid) first.
 */
export async function priceWithProviders(req: PriceRequest, db: DbOrTx = getDb()): Promise<PricedProvider[]> {
  const today = req.today ?? businessDay()
  const [gst, configs, allProviders, typeRates, activeOffers, rules] = await pricingInputs(db, req)
  const commissionBy = configs ? new Map(configs.map((c) => [c.provider, c.rate])) : null
  const providers = allProviders
    .filter(
      (p) =>
        p.is_active &&
        (!req.providerId || p.id === req.providerId) &&
        (commissionBy === null || commissionBy.has(p.id)),
    )
    .map(({ is_active: _active, ...p }) => p)
  if (!providers.length) return []
  const rates = typeRates.filter(
    (r) => r.valid_from <= req.startDate && (r.valid_to === null || r.valid_to >= req.startDate),
  )
  const nameOf = new Map(allProviders.map((p) => [p.id, p.name]))
  // A commission cap in force for a purchase today shows as the capped rate (issue 25).
  const cap = commissionBy ? await saleCap(db) : null
  const rows: PricedProvider[] = []
  for (const provider of providers) {
    const rate = rates.find((r) => r.provider_id === provider.id)
    if (!rate) continue
    const offer = activeOffers.find((o) => o.insurance_provider_id === provider.id && offerRuns(o, today))
    const commissionRate = cappedRate(commissionBy?.get(provider.id) ?? '0.00', cap)
    const price = priceOf({
      monthlyRateCents: toCents(rate.monthly_rate),
      startDate: req.startDate,
      endDate: req.endDate,
      gstRate: gst.gst_rate,
      commissionRate,
      offerRate: offer?.rate ?? null,
    })
    rows.push({
      provider,
      policyType: req.policyType,
      startDate: req.startDate,
      endDate: req.endDate,
      price,
      gstRate: gst.gst_rate,
      commissionRate,
      offer: offer ? { id: offer.id, rate: offer.rate, end_date: offer.end_date } : null,
      rule: shownRule(rules, provider.id, nameOf),
    })
  }
  return rows.sort((a, b) => a.price.payable - b.price.payable || a.provider.id - b.provider.id)
}

/** An offer counts on the days it runs, at a rate of 1 to 50 percent. */
function offerRuns(o: { start_date: string; end_date: string; rate: number }, today: string) {
  return o.start_date <= today && o.end_date >= today && o.rate >= 1 && o.rate <= 50
}

type PurchaseRuleRow = typeof purchaseRules.$inferSelect

/**
 * The purchase rule shown with a provider's price. Several rules may lock one pair; a purchase
 * needs a credit from each (recordPurchaseForRules), so show the one that blocks when any does.
 */
function shownRule(
  rules: PurchaseRuleRow[],
  providerId: number,
  nameOf: Map<number, string>,
): PricedProvider['rule'] {
  const locking = rules.filter((r) => r.can_buy_insurance_provider_id === providerId && ruleLocks(r))
  const rule = locking.find(ruleBlocks) ?? locking[0]
  if (!rule) return null
  return {
    id: rule.id,
    should_buy_quantity: rule.should_buy_quantity,
    has_bought_quantity: rule.has_bought_quantity,
    credits: rule.credits,
    rule_info: ruleInfo(rule, nameOf.get(rule.should_buy_insurance_provider_id) ?? 'the insurer'),
    blocks: ruleBlocks(rule),
  }
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
      await setPurchaseRuleCounts(tx, r.id, { credits: r.credits - 1 })
    }
  }
  for (const r of rules) {
    if (r.should_buy_insurance_provider_id === p.providerId && r.should_buy_policy_type === p.policyType) {
      await setPurchaseRuleCounts(tx, r.id, { has_bought_quantity: r.has_bought_quantity + 1 })
    }
  }
}
