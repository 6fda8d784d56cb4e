import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyHistories } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { STATUS_LABELS } from './policies.rules'
import { assertPolicyReader } from './policy-guards'
import { loadPolicy } from './policy-loading'
import { defineUseCase } from '../shared/authorize'

/** getPolicyHistory (policy readers of its agency, or staff): the timeline, oldest first. */
export const getPolicyHistory = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function getPolicyHistory(opts: { actor: Actor; policyId: number }) {
    assertPolicyReader(opts.actor)
    const p = await loadPolicy(opts.actor, opts.policyId)
    const rows = await getDb()
      .select()
      .from(policyHistories)
      .where(eq(policyHistories.policy_id, p.id))
      .orderBy(asc(policyHistories.created_at), asc(policyHistories.id))
    return rows.map((h) => ({
      ...h,
      policyId: h.policy_id,
      status_label: h.status ? STATUS_LABELS[h.status] : null,
    }))
  },
)
