import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { bankStatementLines, bankStatements } from '../../../db/schema'
import { conflict, notFound, validation } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import type { Expectation } from './statement-expectations'
import { normalizeRef } from './statements.rules'

export const ALREADY_CONFIRMED = 'This statement line is already confirmed: a line is used once'

/**
 * One claim of a waiting record at a time: matching at upload, assigning and splitting lines take
 * this transaction lock first (before any line's row lock, so they never wait on each other in a
 * cycle), so two lines never take one record, whichever line each started from.
 */
export async function lockStatementClaims(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bank-statement-claims'))`)
}

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

/** 409 unless the line may be assigned or split by hand: open, and not matched by its own reference. */
export function assertAssignable(line: typeof bankStatementLines.$inferSelect) {
  if (line.state === 'confirmed') throw conflict(ALREADY_CONFIRMED)
  if (line.state === 'not_ours') throw conflict('This statement line is marked not ours')
  if (line.state === 'split')
    throw conflict('This statement line is split: its parts are assigned one by one')
  if (line.state === 'exact') throw conflict('This statement line is matched exactly by its own reference')
}

/**
 * Whether `cents` may pay the expectation: its very amount, or any credit for a premium (short: a
 * part payment, the rest stays due; over: the excess held in suspense).
 */
const acceptsAmount = (target: Expectation, cents: number) =>
  target.amountCents === cents || (target.kind === 'policy_payment' && cents > 0)

/**
 * What waits under the reference staff read for `cents`, for line `lineId` to take (assigned or
 * split by hand): among what the reference names (several bank parts of an invoice share one) the
 * one of that amount and not `claimed` already. 400 on `field` when nothing waits under it or the
 * amount does not fit; 409 when another line holds it (exact or assigned). Other lines' proposals
 * of it are dropped: this line takes it.
 */
export async function claimTarget(
  tx: DbOrTx,
  c: {
    lineId: number
    reference: string
    cents: number
    field: string
    expectations: Expectation[]
    claimed?: Set<string>
  },
) {
  const ref = normalizeRef(c.reference)
  const under = c.expectations.filter((e) => e.refs.includes(ref) && !c.claimed?.has(`${e.kind}:${e.id}`))
  const target = under.find((e) => acceptsAmount(e, c.cents)) ?? under[0]
  if (!target) throw validation(c.field, `Nothing waits for a bank transfer under ${c.reference}`)
  if (!acceptsAmount(target, c.cents))
    throw validation(
      c.field,
      `${c.reference} waits for ${formatCents(Math.abs(target.amountCents))}; this is ${formatCents(Math.abs(c.cents))}: only a premium is taken short or over`,
    )
  const same = and(
    eq(bankStatementLines.matched_kind, target.kind),
    eq(bankStatementLines.matched_id, target.id),
    ne(bankStatementLines.id, c.lineId),
  )
  const [holder] = await tx
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    // A confirmed line holds nothing: what it paid in full waits no more, and a part leaves the rest waiting.
    .where(and(same, inArray(bankStatementLines.state, ['exact', 'assigned'])))
  if (holder) throw conflict(`Statement line #${holder.id} is already matched to ${c.reference}`)
  await tx
    .update(bankStatementLines)
    .set({ state: 'unmatched', matched_kind: null, matched_id: null })
    .where(and(same, eq(bankStatementLines.state, 'proposed')))
  c.claimed?.add(`${target.kind}:${target.id}`)
  return target
}
