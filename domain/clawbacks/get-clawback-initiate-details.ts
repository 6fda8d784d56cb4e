import { desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clawbacks, commissions, policies } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { fromCents } from '../shared/money'
import { canTransition } from '../policies/policies.rules'
import { PAID_COMMISSION_STATUSES } from './clawbacks.rules'
import { presentClawback } from './clawback-listing'

/**
 * getClawbackInitiateDetails?policy_id (staff with finance or policy_management): what the
 * initiate form needs: premium, commission (amount, rate, status), policy status, whether a
 * clawback may be opened (and why not), the most that can be clawed back, and the latest clawback.
 */
export const getClawbackInitiateDetails = defineUseCase(
  { staff: ['finance', 'policy_management'] },
  async function getClawbackInitiateDetails(opts: { actor: Actor; policyId: number }) {
    const db = getDb()
    const [p] = await db.select().from(policies).where(eq(policies.id, opts.policyId))
    if (!p) throw notFound('Policy')
    const [c] = await db.select().from(commissions).where(eq(commissions.policy_id, p.id))
    const [last] = await db
      .select()
      .from(clawbacks)
      .where(eq(clawbacks.policy_id, p.id))
      .orderBy(desc(clawbacks.id))
      .limit(1)
    const commissionPaid = !!c && (PAID_COMMISSION_STATUSES as readonly string[]).includes(c.status)
    const statusAllows = canTransition('initiateClawback', p.status)
    const reason = !commissionPaid
      ? `The commission of this policy is ${c?.status ?? 'missing'}; only a paid commission can be clawed back`
      : !statusAllows
        ? `A clawback cannot be opened while the policy is ${p.status}`
        : null
    return {
      policy_id: p.id,
      ref: p.ref,
      agency_id: p.agency_id,
      status: p.status,
      premium: fromCents(p.premium ?? 0),
      commission_rate: Number(p.commission_rate ?? c?.commission_rate ?? 0),
      commission_amount: fromCents(c?.amount ?? 0),
      commission_status: c?.status ?? null,
      can_initiate: reason === null,
      reason,
      max_clawback_premium_amount: fromCents(p.premium ?? 0),
      max_clawback_commission_amount: fromCents(commissionPaid ? (c?.amount ?? 0) : 0),
      latest_clawback: last ? presentClawback(last) : null,
    }
  },
)
