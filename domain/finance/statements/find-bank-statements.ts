import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines, bankStatements } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'

/**
 * The bank statements uploaded, newest first (staff with finance), each with how many of its
 * lines are still open (unmatched, or matched and not yet confirmed). At most `limit` (100).
 */
export const findBankStatements = defineUseCase(
  { staff: ['finance'] },
  async function findBankStatements(opts: { actor: StaffActor; limit?: number }) {
    const open = sql<number>`count(*) filter (where ${bankStatementLines.state} in ('unmatched', 'exact', 'proposed', 'assigned'))`
    return getDb()
      .select({
        id: bankStatements.id,
        file_name: bankStatements.file_name,
        format: bankStatements.format,
        uploaded_at: bankStatements.uploaded_at,
        uploaded_by_identity_id: bankStatements.uploaded_by_identity_id,
        line_count: bankStatements.line_count,
        new_line_count: bankStatements.new_line_count,
        open_line_count: open.mapWith(Number),
      })
      .from(bankStatements)
      .leftJoin(bankStatementLines, eq(bankStatementLines.statement_id, bankStatements.id))
      .groupBy(bankStatements.id)
      .orderBy(desc(bankStatements.uploaded_at), desc(bankStatements.id))
      .limit(Math.min(opts.limit ?? 100, 100))
  },
)
