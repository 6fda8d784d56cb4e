// A setting as the screens and the API show it: its rate and day in words, who did each step.
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { identities } from '../../../db/schema'
import type { CapStatus } from '../../../db/schema/commission-caps'
import type { CapRow } from './cap-store'
import { dayLabel } from './commission-cap.rules'

export const CAP_STATUS_LABELS: Record<CapStatus, string> = {
  PROPOSED: 'Waiting for confirmation',
  ACTIVE: 'In force',
  SUPERSEDED: 'Replaced',
  WITHDRAWN: 'Withdrawn',
}

/** The e-mails of the people named, by identity id. */
export async function emailsOf(tx: DbOrTx, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))]
  const people = wanted.length
    ? await tx
        .select({ id: identities.id, email: identities.email })
        .from(identities)
        .where(inArray(identities.id, wanted))
    : []
  const map = new Map(people.map((p) => [p.id, p.email]))
  return (id: number | null) => (id === null ? null : (map.get(id) ?? null))
}

export type CapView = ReturnType<typeof presentCap>

export const presentCap = (r: CapRow, email: (id: number | null) => string | null) => ({
  id: r.id,
  product_line: r.product_line,
  /** Percent with two decimals ("12.00"); null: no cap from effective_from. */
  max_rate: r.max_rate,
  effective_from: r.effective_from,
  summary: r.max_rate
    ? `At most ${r.max_rate}% from ${dayLabel(r.effective_from)}`
    : `No cap from ${dayLabel(r.effective_from)}`,
  status: r.status,
  status_label: CAP_STATUS_LABELS[r.status],
  note: r.note,
  proposed_by: email(r.proposed_by_identity_id),
  proposed_at: r.proposed_at,
  confirmed_by: email(r.confirmed_by_identity_id),
  confirmed_at: r.confirmed_at,
})

export async function capView(tx: DbOrTx, row: CapRow) {
  const email = await emailsOf(tx, [row.proposed_by_identity_id, row.confirmed_by_identity_id])
  return presentCap(row, email)
}
