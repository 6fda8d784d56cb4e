import { and, asc, desc, eq } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { clawbacks, financeRequestHistories, policies } from '../../db/schema'
import { isAgencySide, type Actor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { notFound } from '../shared/errors'
import { fromCents } from '../shared/money'
import { presentClawback } from './clawback-listing'

/**
 * getClawbackDetailsByIdForAdmin/{policy_id} and getClawbackDetailsById/{policy_id}: the policy's
 * clawbacks (latest first) with their timelines (the agency side sees its own policy only, without
 * staff-only rows; another agency's policy is 404).
 */
export const getClawback = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getClawback(opts: { actor: Actor; policyId: number }) {
    const db = getDb()
    const [p] = await db.select().from(policies).where(eq(policies.id, opts.policyId))
    if (!p || (isAgencySide(opts.actor) && p.agency_id !== opts.actor.agencyId)) throw notFound('Policy')
    const rows = await db
      .select()
      .from(clawbacks)
      .where(eq(clawbacks.policy_id, p.id))
      .orderBy(desc(clawbacks.id))
    if (!rows.length) throw notFound('Clawback')
    const agencySide = isAgencySide(opts.actor)
    const items = []
    for (const c of rows) {
      const history = await db
        .select()
        .from(financeRequestHistories)
        .where(
          and(
            eq(financeRequestHistories.request_type, 'CLAWBACK'),
            eq(financeRequestHistories.request_id, c.id),
            ...(agencySide ? [eq(financeRequestHistories.agency_visible, true)] : []),
          ),
        )
        .orderBy(asc(financeRequestHistories.id))
      items.push({
        ...presentClawback(c),
        history: history.map((h) => ({
          action: h.action,
          from_status: h.from_status,
          to_status: h.to_status,
          actor: h.actor,
          note: h.note,
          created_at: h.created_at,
        })),
      })
    }
    return {
      policy: {
        id: p.id,
        ref: p.ref,
        status: p.status,
        premium: fromCents(p.premium ?? 0),
        agency_id: p.agency_id,
      },
      clawback: items[0],
      clawbacks: items,
    }
  },
)
