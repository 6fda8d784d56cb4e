import { asc, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { policyHistories } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { detailChanges, type AmendmentData, type AmendmentDetails } from './amendment-data'
import { loadAmendment } from './amendment-loading'

/**
 * getPolicyAmmendmentChangeLogs/{amendmentId}: what the amendment changes (field, before, after;
 * once applied, what it changed, premium included) and its steps on the policy's history, oldest
 * first (reminders and escalations are staff-only).
 */
export const findAmendmentChangeLogs = defineUseCase(
  { staff: ['policy_management', 'finance'], agency: ['quote', 'purchase', 'user_management', 'finance'] },
  async function findAmendmentChangeLogs(opts: { actor: Actor; amendmentId: number }) {
    const a = await loadAmendment(opts.actor, opts.amendmentId)
    const rows = await getDb()
      .select()
      .from(policyHistories)
      .where(
        sql`${policyHistories.policy_id} = ${a.policy_id} and ${policyHistories.meta}->>'amendment_id' = ${String(a.id)}`,
      )
      .orderBy(asc(policyHistories.created_at), asc(policyHistories.id))
    const history = rows
      .filter((h) => opts.actor.kind === 'Oshc' || !h.action.startsWith('AMENDMENT_ESCALATED'))
      .map((h) => ({
        id: h.id,
        action: h.action,
        actor: h.actor,
        note: h.note,
        meta: h.meta,
        created_at: h.created_at,
      }))
    const applied = rows.find((h) => h.action === 'applyAmendment')
    const changes =
      (applied?.meta as { changes?: unknown } | null)?.changes ??
      (a.previous_data ? detailChanges(a.previous_data as AmendmentDetails, a.data as AmendmentData) : [])
    return { amendment_id: a.id, policy_id: a.policy_id, changes, history }
  },
)
