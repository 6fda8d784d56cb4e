// The rows of commission_caps and their events (issue 25, ADR 0020): written only here, in the use
// cases' transactions; the timeline (ACTIVE rows) is read by pricing, purchases and configuration
// through capTimeline, from the reference cache outside a transaction.
import { and, asc, eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { commissionCapEvents, commissionCaps, type CapEventKind } from '../../../db/schema/commission-caps'
import { businessDate } from '../../shared/business-date'
import { clock } from '../../shared/clock'
import { notFound } from '../../shared/errors'
import { cachedReference } from '../../shared/reference-cache'
import type { CapEntry } from './commission-cap.rules'

export type CapRow = typeof commissionCaps.$inferSelect

const loadTimeline = (db: DbOrTx): Promise<CapEntry[]> =>
  db
    .select({
      product_line: commissionCaps.product_line,
      max_rate: commissionCaps.max_rate,
      effective_from: commissionCaps.effective_from,
    })
    .from(commissionCaps)
    .where(eq(commissionCaps.status, 'ACTIVE'))
    .orderBy(asc(commissionCaps.effective_from))

/**
 * Every ACTIVE setting (both lines), oldest first: from memory on the pool (a quote costs no round
 * trip), afresh inside a transaction (a purchase reads it under its own snapshot).
 */
export function capTimeline(db: DbOrTx = getDb()): Promise<CapEntry[]> {
  return db === getDb()
    ? cachedReference('commission-caps', ['commission_caps'], () => loadTimeline(db))
    : loadTimeline(db)
}

/** Today's business day (BUSINESS_TZ, Sydney): the purchase date of a sale made now. */
export const purchaseDay = () => businessDate(clock.now())

/** One setting row, locked for the caller's transaction; 404 when missing. */
export async function lockCap(tx: DbOrTx, id: number): Promise<CapRow> {
  const [row] = await tx.select().from(commissionCaps).where(eq(commissionCaps.id, id)).for('update')
  if (!row) throw notFound('Commission cap setting')
  return row
}

/** Records a step of the setting's audit. */
export async function recordCapEvent(
  tx: DbOrTx,
  capId: number,
  kind: CapEventKind,
  identityId: number,
  note: string | null = null,
) {
  await tx
    .insert(commissionCapEvents)
    .values({ cap_id: capId, kind, identity_id: identityId, note, created_at: clock.now() })
}

/** A new PROPOSED row. */
export async function insertProposal(
  tx: DbOrTx,
  values: Pick<typeof commissionCaps.$inferInsert, 'product_line' | 'max_rate' | 'effective_from' | 'note'>,
  identityId: number,
) {
  const now = clock.now()
  const [row] = await tx
    .insert(commissionCaps)
    .values({ ...values, status: 'PROPOSED', proposed_by_identity_id: identityId, proposed_at: now })
    .returning()
  await recordCapEvent(tx, row!.id, 'PROPOSED', identityId, values.note ?? null)
  return row!
}

/** Moves a row to `status` with `patch`. */
export async function moveCap(
  tx: DbOrTx,
  row: CapRow,
  status: CapRow['status'],
  patch: Partial<typeof commissionCaps.$inferInsert> = {},
) {
  const [updated] = await tx
    .update(commissionCaps)
    .set({ ...patch, status, updated_at: clock.now() })
    .where(eq(commissionCaps.id, row.id))
    .returning()
  return updated!
}

/** The ACTIVE row of the same line and day that a confirmation replaces, if any (locked). */
export async function activeSameDay(tx: DbOrTx, row: CapRow) {
  const [same] = await tx
    .select()
    .from(commissionCaps)
    .where(
      and(
        eq(commissionCaps.product_line, row.product_line),
        eq(commissionCaps.effective_from, row.effective_from),
        eq(commissionCaps.status, 'ACTIVE'),
      ),
    )
    .for('update')
  return same ?? null
}
