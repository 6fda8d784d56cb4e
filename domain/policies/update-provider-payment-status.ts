import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import type { PROVIDER_PAYMENT_STATUSES } from '../../db/schema/enums'
import type { StaffActor } from '../shared/actor'
import { recordPolicyHistory } from './policy-history'
import { PROVIDER_PAYMENT_STATUS_LABELS } from './policies.rules'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * {policyId}/provider-payment-status (staff 'policy_management'): records how the provider has
 * been paid for the policy (BUY_NOW_PAY_LATER, PAID, BOTH, NOT_AVAILABLE).
 */
export const updateProviderPaymentStatus = defineUseCase(
  { staff: ['policy_management'] },
  async function updateProviderPaymentStatus(opts: {
    actor: StaffActor
    policyId: number
    status: (typeof PROVIDER_PAYMENT_STATUSES)[number]
  }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      await loadPolicy(actor, opts.policyId, tx)
      const [p] = await tx.select().from(policies).where(eq(policies.id, opts.policyId)).for('update')
      await tx.update(policies).set({ provider_payment_status: opts.status }).where(eq(policies.id, p.id))
      await recordPolicyHistory(tx, {
        policyId: p.id,
        action: 'updateProviderPaymentStatus',
        actor,
        fromStatus: p.status,
        status: p.status,
        note: `Provider payment status: ${PROVIDER_PAYMENT_STATUS_LABELS[opts.status]}`,
        meta: { from: p.provider_payment_status, to: opts.status },
      })
      return { id: p.id, provider_payment_status: opts.status }
    })
  },
)
