import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import {
  assertAssignable,
  claimTarget,
  lockStatementClaims,
  lockStatementLine,
} from './statement-line-loading'
import { loadExpectations } from './statement-expectations'
import type { AssignStatementLineInput } from './statements.schemas'

/**
 * Assigns a statement line by hand (staff with finance; issue 25): the reference staff read (a
 * mistyped one, a transfer outside the proposal window) names what waits for a bank transfer of
 * the line's sign and amount (a premium may be paid short or over). The line turns `assigned`:
 * automatic matching leaves it alone, and it is confirmed like any match (confirmStatementMatch,
 * with its maker-checker). Another line's proposal of the same payment is dropped; an exact or
 * assigned one holds it (409). A top-up or a batch of another amount is not assigned (400 naming
 * both amounts); a confirmed, not-ours or split line cannot be (409), nor an exact one (its own
 * reference matched it).
 */
export const assignStatementLine = defineUseCase(
  { staff: ['finance'] },
  async function assignStatementLine(opts: {
    actor: StaffActor
    lineId: number
    input: AssignStatementLineInput
  }) {
    return getDb().transaction(async (tx) => {
      await lockStatementClaims(tx)
      const { line } = await lockStatementLine(tx, opts.lineId)
      assertAssignable(line)
      const target = await claimTarget(tx, {
        lineId: line.id,
        reference: opts.input.reference,
        cents: line.amount_cents,
        field: 'reference',
        expectations: await loadExpectations(tx),
      })
      const [row] = await tx
        .update(bankStatementLines)
        .set({ state: 'assigned', matched_kind: target.kind, matched_id: target.id })
        .where(eq(bankStatementLines.id, line.id))
        .returning()
      return { line_id: row.id, state: row.state, matched_kind: row.matched_kind, matched_id: row.matched_id }
    })
  },
)
