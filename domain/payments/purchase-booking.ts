import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { agencyConfigurations } from '../../db/schema'
import { recordPendingCommission } from '../finance/payouts/commission-changes'
import { recordPremiumPayment, type NewPremiumPayment } from '../finance/policy-payments/premium-payments'
import type { Actor } from '../shared/actor'
import { recordPurchaseForRules } from '../quotes/price-policy'
import { percentOf, withoutGst } from '../quotes/pricing.rules'
import type { PaymentMethod } from './payments.rules'
import { clock } from '../shared/clock'
import type { PolicyRow } from './purchase-loading'
import { assertPurchasable } from './purchase-guards'
import { notifyPolicyPurchased } from '../policies/policy-notices'
import { saleCommissionRate } from '../finance/commission-cap/sale-cap'

export type PurchaseBooking = {
  policy: PolicyRow
  premium: number
  paymentId: number
  commission: number
  /** The rate the commission was booked at (capped on the purchase date): the policy keeps it. */
  commissionRate: string
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
    status: NewPremiumPayment['status']
    createdBy: number | null
    bankDocument?: string | null
    surchargeCents?: number
    paymentLinkId?: number | null
    receiptId?: string | null
  },
): Promise<PurchaseBooking> {
  const { premium, providerId, policyType } = assertPurchasable(p.policy)
  if (!p.policy.purchased_at)
    await recordPurchaseForRules(tx, { agencyId: p.policy.agency_id, providerId, policyType })
  // Buy now, pay later makes the certificate due at once; every other purchase does when its
  // premium is settled (settlePremiumPayment).
  if (p.status === 'PENDING_CREDIT_PAYMENT') await notifyPolicyPurchased(tx, p.policy, p.method)
  const paymentId = await recordPremiumPayment(tx, {
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
  const { commission, rate } = await bookPendingCommission(tx, p.policy, premium)
  return { policy: p.policy, premium, paymentId, commission, commissionRate: rate, purchasedAt: clock.now() }
}

/**
 * The policy's commission, PENDING until the premium is paid: the policy's rate, else the
 * agency's configured rate for its insurer, of the premium without GST, at most the commission cap
 * in force on the purchase date (issue 25). Answers the cents and the rate.
 */
async function bookPendingCommission(tx: DbOrTx, policy: PolicyRow, premium: number) {
  const configured = policy.commission_rate ?? (await configuredCommissionRate(tx, policy)) ?? '0'
  const rate = await saleCommissionRate(configured, tx)
  const base = policy.premium_without_gst ?? withoutGst(premium, policy.gst_rate ?? '0')
  const commission = percentOf(base, rate)
  await recordPendingCommission(tx, {
    policyId: policy.id,
    agencyId: policy.agency_id,
    amount: commission,
    rate,
    currency: policy.premium_currency,
  })
  return { commission, rate }
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
