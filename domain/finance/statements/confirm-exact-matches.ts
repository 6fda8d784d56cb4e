import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines, bankStatements } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { DomainError, HTTP_STATUS, notFound } from '../../shared/errors'
import { confirmStatementMatch } from './confirm-statement-match'

/** How one line of a bulk confirmation ended. */
export type LineResult =
  | { line_id: number; ok: true; matched_kind: string; matched_id: number }
  | { line_id: number; ok: false; status: number; message: string }

/**
 * "Confirm all exact matches" of a statement (staff with finance and a fresh second factor): each
 * exact line goes through confirmStatementMatch on its own, in file order, and the answer says per
 * line whether it was confirmed or why not (status and message). One refusal does not stop the
 * others; an unexpected error (not a refusal) does.
 */
export const confirmExactMatches = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function confirmExactMatches(opts: { actor: StaffActor; statementId: number }) {
    const db = getDb()
    const [statement] = await db
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(eq(bankStatements.id, opts.statementId))
    if (!statement) throw notFound('Bank statement')
    const lines = await db
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.statement_id, statement.id), eq(bankStatementLines.state, 'exact')))
      .orderBy(asc(bankStatementLines.id))
    const results: LineResult[] = []
    for (const { id } of lines) {
      try {
        const done = await confirmStatementMatch({ actor: opts.actor, lineId: id })
        results.push({ line_id: id, ok: true, matched_kind: done.matched_kind, matched_id: done.matched_id })
      } catch (err) {
        if (!(err instanceof DomainError)) throw err
        results.push({ line_id: id, ok: false, status: HTTP_STATUS[err.code], message: err.message })
      }
    }
    return {
      confirmed: results.filter((r) => r.ok).length,
      refused: results.filter((r) => !r.ok).length,
      results,
    }
  },
)
