import type { DbOrTx } from '../../db/client'
import { recordFinanceRequestHistory } from '../finance/finance-request-history'
import { actorLabel, type Actor } from '../shared/actor'
import { agencyLinks, staffLinks } from '../shared/links'

/** The agency's and the staff's links of a clawback (inbox tasks, notifications). */
export const agencyClawbackPath = agencyLinks.clawback
export const staffClawbackPath = staffLinks.clawback

/**
 * One row of a clawback's timeline (finance_request_histories, CLAWBACK), in the transaction of the
 * change it records. `agencyVisible: false` keeps staff-only rows off the agency's timeline.
 */
export async function recordClawbackHistory(
  tx: DbOrTx,
  h: {
    clawbackId: number
    agencyId: number
    action: string
    actor: Actor | string
    fromStatus?: string | null
    toStatus?: string | null
    note?: string | null
    agencyVisible?: boolean
    meta?: Record<string, unknown>
  },
) {
  await recordFinanceRequestHistory(tx, {
    request_type: 'CLAWBACK',
    request_id: h.clawbackId,
    agency_id: h.agencyId,
    action: h.action,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    actor: typeof h.actor === 'string' ? h.actor : actorLabel(h.actor),
    actorId: typeof h.actor !== 'string' && 'identityId' in h.actor ? h.actor.identityId : null,
    note: h.note,
    agencyVisible: h.agencyVisible,
    meta: h.meta,
  })
}
