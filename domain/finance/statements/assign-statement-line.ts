import { and, eq, inArray, ne } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflict, validation } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { ALREADY_CONFIRMED, lockStatementLine } from './statement-line-loading'
import { loadExpectations, type Expectation } from './statement-expectations'
import { normalizeRef } from './statements.rules'
import type { AssignStatementLineInput } from './statements.schemas'

/**
 * Whether a line of `cents` may pay the expectation: its very amount, or any credit for a premium
 * (short: a part payment, the rest stays due; over: the excess held in suspense).
 */
const acceptsAmount = (target: Expectation, cents: number) =>
  target.amountCents === cents || (target.kind === 'policy_payment' && cents > 0)

/**
 * Assigns a statement line by hand (staff with finance; issue 25): the reference staff read (a
 * mistyped one, a transfer outside the proposal window) names what waits for a bank transfer of
 * the line's sign and amount (a premium may be paid short or over). The line turns `assigned`:
 * automatic matching leaves it alone, and it is confirmed like any match (confirmStatementMatch,
 * with its maker-checker). Another line's proposal of the same payment is dropped; an exact or
 * assigned one holds it (409). A top-up or a batch of another amount is not assigned (400 naming
 * both amounts); a confirmed or not-ours line cannot be (409), nor an exact one (its own
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
      const { line } = await lockStatementLine(tx, opts.lineId)
      if (line.state === 'confirmed') throw conflict(ALREADY_CONFIRMED)
      if (line.state === 'not_ours') throw conflict('This statement line is marked not ours')
      if (line.state === 'exact')
        throw conflict('This statement line is matched exactly by its own reference')
      const ref = normalizeRef(opts.input.reference)
      // Several bank parts of one invoice wait under its reference: the one of the line's amount.
      const under = (await loadExpectations(tx)).filter((e) => e.refs.includes(ref))
      const target = under.find((e) => acceptsAmount(e, line.amount_cents)) ?? under[0]
      if (!target)
        throw validation('reference', `Nothing waits for a bank transfer under ${opts.input.reference}`)
      if (!acceptsAmount(target, line.amount_cents))
        throw validation(
          'reference',
          `${opts.input.reference} waits for ${formatCents(Math.abs(target.amountCents))}; this line is ${formatCents(Math.abs(line.amount_cents))}: only a premium is taken short or over`,
        )
      const same = and(
        eq(bankStatementLines.matched_kind, target.kind),
        eq(bankStatementLines.matched_id, target.id),
        ne(bankStatementLines.id, line.id),
      )
      const [holder] = await tx
        .select({ id: bankStatementLines.id })
        .from(bankStatementLines)
        // A confirmed line holds nothing: what it paid in full waits no more, and a part leaves the rest waiting.
        .where(and(same, inArray(bankStatementLines.state, ['exact', 'assigned'])))
      if (holder) throw conflict(`Statement line #${holder.id} is already matched to ${opts.input.reference}`)
      await tx
        .update(bankStatementLines)
        .set({ state: 'unmatched', matched_kind: null, matched_id: null })
        .where(and(same, eq(bankStatementLines.state, 'proposed')))
      const [row] = await tx
        .update(bankStatementLines)
        .set({ state: 'assigned', matched_kind: target.kind, matched_id: target.id })
        .where(eq(bankStatementLines.id, line.id))
        .returning()
      return { line_id: row.id, state: row.state, matched_kind: row.matched_kind, matched_id: row.matched_id }
    })
  },
)
