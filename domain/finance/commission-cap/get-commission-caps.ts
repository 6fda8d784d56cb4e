import { desc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { commissionCapEvents, commissionCaps, PRODUCT_LINES } from '../../../db/schema/commission-caps'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { purchaseDay } from './cap-store'
import { emailsOf, presentCap } from './cap-view'
import { capOn, configurationCap, dayLabel, type CapEntry } from './commission-cap.rules'

const EVENT_LABELS: Record<string, string> = {
  PROPOSED: 'Proposed',
  CONFIRMED: 'Confirmed',
  WITHDRAWN: 'Withdrawn',
  SUPERSEDED: 'Replaced',
}
const HISTORY_LIMIT = 100

/**
 * The commission cap setting (staff with finance; issue 25), per product line: the cap in force
 * today (for a sale purchased today), the one rates set now must keep, the settings in force
 * (oldest first), the proposal waiting for a second person (`can_confirm`: not its proposer) and
 * the audit, newest first. A line with no setting has no cap.
 */
export const getCommissionCaps = defineUseCase(
  { staff: ['finance'] },
  async function getCommissionCaps(opts: { actor: Actor }) {
    const db = getDb()
    const rows = await db
      .select()
      .from(commissionCaps)
      .where(inArray(commissionCaps.status, ['ACTIVE', 'PROPOSED']))
      .orderBy(commissionCaps.effective_from, commissionCaps.id)
    const events = await db
      .select({
        e: commissionCapEvents,
        line: commissionCaps.product_line,
        rate: commissionCaps.max_rate,
        from: commissionCaps.effective_from,
      })
      .from(commissionCapEvents)
      .innerJoin(commissionCaps, eq(commissionCaps.id, commissionCapEvents.cap_id))
      .orderBy(desc(commissionCapEvents.id))
      .limit(HISTORY_LIMIT)
    const email = await emailsOf(db, [
      ...rows.flatMap((r) => [r.proposed_by_identity_id, r.confirmed_by_identity_id]),
      ...events.map((e) => e.e.identity_id),
    ])
    const active: CapEntry[] = rows.filter((r) => r.status === 'ACTIVE')
    const today = purchaseDay()
    const me = 'identityId' in opts.actor ? opts.actor.identityId : null
    return {
      today,
      lines: PRODUCT_LINES.map((line) => {
        const proposal = rows.find((r) => r.product_line === line && r.status === 'PROPOSED')
        return {
          product_line: line,
          in_force: capOn(active, line, today),
          for_configuration: configurationCap(active, line, today),
          settings: rows
            .filter((r) => r.product_line === line && r.status === 'ACTIVE')
            .map((r) => presentCap(r, email)),
          proposal: proposal
            ? { ...presentCap(proposal, email), can_confirm: proposal.proposed_by_identity_id !== me }
            : null,
        }
      }),
      history: events.map(({ e, line, rate, from }) => ({
        id: e.id,
        cap_id: e.cap_id,
        product_line: line,
        setting: rate ? `At most ${rate}% from ${dayLabel(from)}` : `No cap from ${dayLabel(from)}`,
        kind: e.kind,
        label: EVENT_LABELS[e.kind] ?? e.kind,
        by: email(e.identity_id),
        note: e.note,
        at: e.created_at,
      })),
    }
  },
)
