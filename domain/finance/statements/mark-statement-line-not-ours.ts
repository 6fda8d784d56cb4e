import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict } from '../../shared/errors'
import { ALREADY_CONFIRMED, lockStatementLine } from './statement-line-loading'

/**
 * Marks a statement line as not ours (staff with finance): money the product does not wait for
 * (a bank fee, another business's transfer). Its match, if any, is dropped; who decided and when
 * are kept in confirmed_by / confirmed_at. A confirmed line cannot be: 409. Idempotent otherwise.
 */
export const markStatementLineNotOurs = defineUseCase(
  { staff: ['finance'] },
  async function markStatementLineNotOurs(opts: { actor: StaffActor; lineId: number }) {
    return getDb().transaction(async (tx) => {
      const { line } = await lockStatementLine(tx, opts.lineId)
      if (line.state === 'confirmed') throw conflict(ALREADY_CONFIRMED)
      if (line.state === 'not_ours') return { line_id: line.id, state: line.state }
      const [row] = await tx
        .update(bankStatementLines)
        .set({
          state: 'not_ours',
          matched_kind: null,
          matched_id: null,
          confirmed_at: clock.now(),
          confirmed_by_identity_id: opts.actor.identityId,
        })
        .where(eq(bankStatementLines.id, line.id))
        .returning()
      return { line_id: row.id, state: row.state }
    })
  },
)
