import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { policies, policyHistories } from '../../db/schema'
import { actorLabel, type Actor } from '../shared/actor'
import { invalidTransition, notFound } from '../shared/errors'
import {
  canTransition,
  POLICY_TRANSITIONS,
  STATUS_LABELS,
  type PolicyAction,
  type PolicyStatus,
} from './policies.rules'

export async function recordPolicyHistory(
  tx: DbOrTx,
  e: {
    policyId: number
    action: string
    actor: Actor | string
    fromStatus?: PolicyStatus | null
    status?: PolicyStatus | null
    note?: string | null
    meta?: Record<string, unknown>
  },
) {
  await tx.insert(policyHistories).values({
    policy_id: e.policyId,
    action: e.action,
    actor: typeof e.actor === 'string' ? e.actor : actorLabel(e.actor),
    from_status: e.fromStatus ?? null,
    status: e.status ?? null,
    note: e.note ?? null,
    meta: e.meta ?? null,
  })
}

/**
 * Locks the policy row (FOR UPDATE) inside `tx` and checks that `action` may start from its
 * status; 409 with the reason otherwise. Returns the locked row.
 */
export async function lockPolicyFor(tx: DbOrTx, policyId: number, action: PolicyAction) {
  const [row] = await tx.select().from(policies).where(eq(policies.id, policyId)).for('update')
  if (!row) throw notFound('Policy')
  if (!canTransition(action, row.status)) {
    throw invalidTransition(
      `This cannot be done while the policy is "${STATUS_LABELS[row.status]}" (${row.status})`,
    )
  }
  return row
}

/**
 * Moves a locked policy along `action` (to its target status, plus `set`) and writes the history
 * row in the same transaction. The one way a policy changes status.
 */
export async function transitionPolicy(
  tx: DbOrTx,
  policy: { id: number; status: PolicyStatus },
  action: PolicyAction,
  opts: {
    actor: Actor | string
    to?: PolicyStatus
    set?: Partial<typeof policies.$inferInsert>
    note?: string | null
    meta?: Record<string, unknown>
  },
) {
  const to = opts.to ?? POLICY_TRANSITIONS[action].to ?? policy.status
  await tx
    .update(policies)
    .set({ ...opts.set, status: to })
    .where(eq(policies.id, policy.id))
  await recordPolicyHistory(tx, {
    policyId: policy.id,
    action,
    actor: opts.actor,
    fromStatus: policy.status,
    status: to,
    note: opts.note,
    meta: opts.meta,
  })
  return to
}

/**
 * A clawback's step on its policy: the status moves along `action` when the policy follows the
 * clawback (opened by staff or by a refund, the policy is in a CLAWBACK_* status); otherwise the
 * step is written to the history with the status unchanged. A clawback opened by an amendment
 * leaves the policy in force and its status alone, so the amendment can finish beside it.
 */
export async function followPolicy(
  tx: DbOrTx,
  policy: { id: number; status: PolicyStatus },
  action: PolicyAction,
  opts: Parameters<typeof transitionPolicy>[3],
) {
  return transitionPolicy(tx, policy, action, {
    ...opts,
    to: canTransition(action, policy.status) ? opts.to : policy.status,
  })
}
