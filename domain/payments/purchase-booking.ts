/**
 * What every purchase path shares: loading a policy the caller may pay, which methods its agency
 * may use, and the purchase bookkeeping inside the purchase transaction (purchase rules, premium
 * payment row, commission, method and purchase time).
 */
import { and, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import {
  agencies,
  agencyBalances,
  agencyConfigurations,
  agencyPaymentMethodConfigs,
  commissions,
  policies,
  policyPremiumPayments,
  purchaseRules,
} from '../../db/schema'
import { isAgencySide, isStaff, type Actor } from '../shared/actor'
import { conflict, forbidden, invalidTransition, notFound } from '../shared/errors'
import { canTransition, STATUS_LABELS } from '../policies/policies.rules'
import { currentGst, recordPurchaseForRules } from '../quotes/price-policy'
import { percentOf, ruleBlocks, withoutGst } from '../quotes/pricing.rules'
import { cardSurcharge, enabledMethods, METHOD_LABELS, type PaymentMethod } from './payments.rules'
import { clock } from '../shared/clock'

export type PolicyRow = typeof policies.$inferSelect
export type AgencyRow = typeof agencies.$inferSelect

/** The agency side with the `purchase` permission (spec/02 section 6). */
export function assertPurchaser(actor: Actor) {
  if (!isAgencySide(actor)) throw forbidden()
  if (!actor.permissions.has('purchase')) throw forbidden()
  return actor
}

/** A policy the actor may see: staff any, the agency side only its own (else 404). */
export async function loadPolicyFor(actor: Actor, policyId: number, db: DbOrTx = getDb()) {
  const [policy] = await db.select().from(policies).where(eq(policies.id, policyId))
  if (!policy) throw notFound('Policy')
  if (isAgencySide(actor) ? actor.agencyId !== policy.agency_id : !isStaff(actor) && actor.kind !== 'system')
    throw notFound('Policy')
  const [agency] = await db.select().from(agencies).where(eq(agencies.id, policy.agency_id))
  if (!agency) throw notFound('Policy')
  return { policy, agency }
}

/** 409 unless the policy may be bought now (INITIATED or PAYMENT_REJECTED) and is priced. */
export function assertPurchasable(policy: PolicyRow) {
  if (!canTransition('purchaseAwaitingPayment', policy.status))
    throw invalidTransition(
      `This policy cannot be paid while it is "${STATUS_LABELS[policy.status]}" (${policy.status})`,
    )
  if (policy.premium === null || policy.insurance_provider_id === null || policy.policy_type === null)
    throw conflict('This policy has not been priced yet: choose a quote first')
  return {
    premium: policy.premium,
    providerId: policy.insurance_provider_id,
    policyType: policy.policy_type,
  }
}

/**
 * The payment options of a policy for its agency: each method's availability (see
 * `enabledMethods` for how the configuration is read), the balance and BNPL allowance left, and
 * the card amount with the surcharge. Cents.
 */
export async function paymentOptions(db: DbOrTx, policy: PolicyRow, agency: AgencyRow) {
  const providerId = policy.insurance_provider_id ?? 0
  // One query after another: `db` may be a transaction, whose single connection runs one at a time.
  const [providerConfig] = await db
    .select()
    .from(agencyConfigurations)
    .where(
      and(
        eq(agencyConfigurations.agency_id, agency.id),
        eq(agencyConfigurations.insurance_provider_id, providerId),
      ),
    )
  const methodConfigs = await db
    .select({
      payment_method: agencyPaymentMethodConfigs.payment_method,
      is_payment_method_enabled: agencyPaymentMethodConfigs.is_payment_method_enabled,
    })
    .from(agencyPaymentMethodConfigs)
    .where(
      and(
        eq(agencyPaymentMethodConfigs.agency_id, agency.id),
        eq(agencyPaymentMethodConfigs.insurance_provider_id, providerId),
      ),
    )
  const [balance] = await db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id))
  const gst = await currentGst(db)
  const premium = policy.premium ?? 0
  const card = cardSurcharge(premium, agency.is_card_surcharge_enabled, gst.card_surcharge_rate)
  return {
    methods: enabledMethods(providerConfig ?? null, methodConfigs),
    providerConfig: providerConfig ?? null,
    balance: balance?.balance ?? 0,
    bnplRemaining: balance?.buy_now_pay_later_remaining_amount ?? 0,
    bnplTotal: balance?.buy_now_pay_later_amount ?? 0,
    premium,
    card: { ...card, enabled: agency.is_card_surcharge_enabled, configuredRate: gst.card_surcharge_rate },
  }
}

/** 409 unless `method` is available for this policy (BNPL: the insurer must allow it too). */
export function assertMethodAvailable(
  options: Awaited<ReturnType<typeof paymentOptions>>,
  method: PaymentMethod,
) {
  if (!options.providerConfig) throw conflict('This insurer is not configured for your agency')
  if (method === 'BNPL' && !options.providerConfig.is_buy_now_pay_later_enabled)
    throw conflict('Buy now, pay later is not enabled for this insurer')
  if (!options.methods[method]) throw conflict(`${METHOD_LABELS[method]} is not available for this policy`)
}

/** A read-only look at the purchase rules: 409 when a rule still protects this pair. */
export async function assertNotProtectedByRule(
  db: DbOrTx,
  p: { agencyId: number; providerId: number; policyType: PolicyRow['policy_type'] },
) {
  const rules = await db.select().from(purchaseRules).where(eq(purchaseRules.agency_id, p.agencyId))
  const blocking = rules.find(
    (r) =>
      r.can_buy_insurance_provider_id === p.providerId &&
      r.can_buy_policy_type === p.policyType &&
      ruleBlocks(r),
  )
  if (blocking) throw conflict('This quote is protected by a purchase rule')
}

export type PurchaseBooking = {
  policy: PolicyRow
  premium: number
  paymentId: number
  commission: number
  purchasedAt: Date
}

/**
 * The bookkeeping every purchase does in its transaction, after the policy row is locked: the
 * purchase rules (counted once per policy, on its first purchase), the premium payment row, the
 * commission (PENDING) and the purchase time. The caller then moves the policy along its path.
 */
export async function bookPurchase(
  tx: DbOrTx,
  p: {
    policy: PolicyRow
    method: PaymentMethod
    status: (typeof policyPremiumPayments.$inferInsert)['status']
    createdBy: number | null
    bankDocument?: string | null
    surchargeCents?: number
    paymentLinkId?: number | null
    receiptId?: string | null
  },
): Promise<PurchaseBooking> {
  const { premium, providerId, policyType } = assertPurchasable(p.policy)
  if (!p.policy.purchased_at) {
    await recordPurchaseForRules(tx, { agencyId: p.policy.agency_id, providerId, policyType })
  }
  const [payment] = await tx
    .insert(policyPremiumPayments)
    .values({
      policy_id: p.policy.id,
      agency_id: p.policy.agency_id,
      amount: premium,
      surcharge_amount: p.surchargeCents ?? 0,
      currency: p.policy.premium_currency,
      status: p.status,
      payment_type: p.method,
      bank_document: p.bankDocument ?? null,
      payment_link_id: p.paymentLinkId ?? null,
      receipt_id: p.receiptId ?? null,
      created_by: p.createdBy,
      updated_by: p.createdBy,
    })
    .returning({ id: policyPremiumPayments.id })
  const rate = p.policy.commission_rate ?? (await configuredCommissionRate(tx, p.policy)) ?? '0'
  const base = p.policy.premium_without_gst ?? withoutGst(premium, p.policy.gst_rate ?? '0')
  const commission = percentOf(base, rate)
  await tx
    .insert(commissions)
    .values({
      policy_id: p.policy.id,
      agency_id: p.policy.agency_id,
      amount: commission,
      commission_rate: rate,
      currency: p.policy.premium_currency,
      status: 'PENDING',
    })
    .onConflictDoUpdate({
      target: commissions.policy_id,
      set: { amount: commission, commission_rate: rate, status: 'PENDING', updated_at: clock.now() },
    })
  return { policy: p.policy, premium, paymentId: payment.id, commission, purchasedAt: clock.now() }
}

async function configuredCommissionRate(db: DbOrTx, policy: PolicyRow) {
  if (!policy.insurance_provider_id) return null
  const [c] = await db
    .select({ rate: agencyConfigurations.commission_rate })
    .from(agencyConfigurations)
    .where(
      and(
        eq(agencyConfigurations.agency_id, policy.agency_id),
        eq(agencyConfigurations.insurance_provider_id, policy.insurance_provider_id),
      ),
    )
  return c?.rate ?? null
}

/** The identity that acts, for created_by columns (null for the public and workflows). */
export const identityOf = (actor: Actor) => ('identityId' in actor ? actor.identityId : null)
