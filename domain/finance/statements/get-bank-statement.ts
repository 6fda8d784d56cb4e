import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatements } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { notFound } from '../../shared/errors'
import { statementLines } from './statement-lines'

/**
 * One bank statement with its lines in file order, each with its match state and what it is
 * matched to, and the totals of its credit lines per state (cents) (staff with finance; 404).
 */
export const getBankStatement = defineUseCase(
  { staff: ['finance'] },
  async function getBankStatement(opts: { actor: StaffActor; statementId: number }) {
    const db = getDb()
    const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, opts.statementId))
    if (!statement) throw notFound('Bank statement')
    return { statement, ...(await statementLines(db, statement.id)) }
  },
)
