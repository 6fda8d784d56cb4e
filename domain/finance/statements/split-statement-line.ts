import { eq } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflict, validation } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { toCents } from '../../shared/money'
import {
  assertAssignable,
  claimTarget,
  lockStatementClaims,
  lockStatementLine,
} from './statement-line-loading'
import { loadExpectations, type Expectation } from './statement-expectations'
import { partHash } from './statements.rules'
import type { SplitStatementLineInput } from './statements.schemas'

type Line = typeof bankStatementLines.$inferSelect

/** The parts of a split line as lines of their own, each assigned to what it pays. */
function insertParts(tx: DbOrTx, line: Line, parts: { cents: number; target: Expectation }[]) {
  return tx
    .insert(bankStatementLines)
    .values(
      parts.map((p, i) => ({
        statement_id: line.statement_id,
        line_hash: partHash(line.line_hash, i + 1),
        booked_on: line.booked_on,
        amount_cents: p.cents,
        description: line.description,
        reference: line.reference,
        payer: line.payer,
        state: 'assigned',
        matched_kind: p.target.kind,
        matched_id: p.target.id,
        parent_line_id: line.id,
      })),
    )
    .returning()
}

/**
 * Splits a credit line paying several records (one transfer for several students' premiums, an
 * invoice and a top-up) into parts (staff with finance; issue 25): each part names what it pays by
 * its reference and takes its amount, claimed as an assignment does (claimTarget: 400 on
 * `parts.<i>.reference` for nothing waiting or an amount that does not fit, 409 for one another
 * line holds). The parts must add up to the line (400 on `parts`). In one transaction the line turns
 * `split` and each part becomes a line of its own (`parent_line_id`), `assigned`, confirmed like
 * any match with its own maker-checker. A confirmed, not-ours, exact or split line, a part, or a
 * debit is not split (409).
 */
export const splitStatementLine = defineUseCase(
  { staff: ['finance'] },
  async function splitStatementLine(opts: {
    actor: StaffActor
    lineId: number
    input: SplitStatementLineInput
  }) {
    return getDb().transaction(async (tx) => {
      await lockStatementClaims(tx)
      const { line } = await lockStatementLine(tx, opts.lineId)
      assertAssignable(line)
      if (line.parent_line_id) throw conflict('This line is a part of a split line: it is not split again')
      if (line.amount_cents <= 0) throw conflict('Only a credit line is split')
      const cents = opts.input.parts.map((p) => toCents(p.amount))
      const sum = cents.reduce((a, b) => a + b, 0)
      if (sum !== line.amount_cents)
        throw validation(
          'parts',
          `The parts add up to ${formatCents(sum)}; the line is ${formatCents(line.amount_cents)}`,
        )
      const expectations = await loadExpectations(tx)
      const claimed = new Set<string>()
      const parts = []
      for (const [i, part] of opts.input.parts.entries()) {
        const target = await claimTarget(tx, {
          lineId: line.id,
          reference: part.reference,
          cents: cents[i],
          field: `parts.${i}.reference`,
          expectations,
          claimed,
        })
        parts.push({ cents: cents[i], target })
      }
      await tx
        .update(bankStatementLines)
        .set({ state: 'split', matched_kind: null, matched_id: null })
        .where(eq(bankStatementLines.id, line.id))
      const rows = await insertParts(tx, line, parts)
      return {
        line_id: line.id,
        state: 'split' as const,
        parts: rows.map((r) => ({
          line_id: r.id,
          amount_cents: r.amount_cents,
          state: r.state,
          matched_kind: r.matched_kind,
          matched_id: r.matched_id,
        })),
      }
    })
  },
)
