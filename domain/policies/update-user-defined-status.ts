import { eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policies } from '../../db/schema'
import type { USER_DEFINED_STATUSES } from '../../db/schema/enums'
import type { StaffActor } from '../shared/actor'
import { recordPolicyHistory } from './policy-history'
import { USER_DEFINED_STATUS_LABELS } from './policies.rules'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/**
 * updateUserDefinedPolicyStatus (staff 'policy_management'): staff set the working status of a
 * policy at will among the values of spec/02; it never moves the policy machine.
 */
export const updateUserDefinedStatus = defineUseCase(
  { staff: ['policy_management'] },
  async function updateUserDefinedStatus(opts: {
    actor: StaffActor
    policyId: number
    status: (typeof USER_DEFINED_STATUSES)[number]
  }) {
    const { actor } = opts
    return getDb().transaction(async (tx) => {
      await loadPolicy(actor, opts.policyId, tx)
      const [p] = await tx.select().from(policies).where(eq(policies.id, opts.policyId)).for('update')
      await tx.update(policies).set({ user_defined_status: opts.status }).where(eq(policies.id, p.id))
      await recordPolicyHistory(tx, {
        policyId: p.id,
        action: 'updateUserDefinedPolicyStatus',
        actor,
        fromStatus: p.status,
        status: p.status,
        note: `User-defined status: ${USER_DEFINED_STATUS_LABELS[opts.status]}`,
        meta: { from: p.user_defined_status, to: opts.status },
      })
      return { id: p.id, user_defined_status: opts.status }
    })
  },
)
