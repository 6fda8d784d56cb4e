import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { bankStatementLines, bankStatements } from '../../../db/schema'
import { conflict, notFound } from '../../shared/errors'

export const ALREADY_CONFIRMED = 'This statement line is already confirmed: a line is used once'

/** A statement line with its statement's uploader, locked in `tx`; 404 when there is none. */
export async function lockStatementLine(tx: DbOrTx, lineId: number) {
  const [row] = await tx
    .select({ line: bankStatementLines, uploadedBy: bankStatements.uploaded_by_identity_id })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statement_id))
    .where(eq(bankStatementLines.id, lineId))
    .for('update', { of: bankStatementLines })
  if (!row) throw notFound('Statement line')
  return row
}

/** The states of a line whose match waits for a person's confirmation. */
export const CONFIRMABLE = ['exact', 'proposed', 'assigned'] as const

/** 409 unless the line holds a match waiting for confirmation (exact, proposed or assigned). */
export function assertConfirmable(line: typeof bankStatementLines.$inferSelect) {
  if (line.state === 'confirmed') throw conflict(ALREADY_CONFIRMED)
  if (line.state === 'not_ours') throw conflict('This statement line is marked not ours')
  if (!(CONFIRMABLE as readonly string[]).includes(line.state) || !line.matched_kind || !line.matched_id)
    throw conflict('This statement line is not matched to a payment')
  return { kind: line.matched_kind, id: line.matched_id }
}
