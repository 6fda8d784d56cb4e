// The journal's accounts as the writer moves them: created on first use with the floor of their
// kind, and their running columns changed in code order within that floor (ADR 0013).
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { moneyAccounts } from '../../db/schema/journal'
import { conflict } from '../shared/errors'
import { FLOOR_MESSAGES, FLOORS, parseAccount } from './accounts'

/** Changes to one account's columns: posted debits and credits, pending debits and credits. */
export type Delta = { pd: number; pc: number; xd: number; xc: number }

/** Adds to the change of `code` in `deltas` (creating it at zero). */
export function addDelta(deltas: Map<string, Delta>, code: string, f: (d: Delta) => void) {
  const d = deltas.get(code) ?? { pd: 0, pc: 0, xd: 0, xc: 0 }
  f(d)
  deltas.set(code, d)
}

function floorError(code: string) {
  const kind = parseAccount(code).kind
  return conflict(FLOOR_MESSAGES[kind] ?? `This would take the money account ${code} below its floor`)
}

const isCheckViolation = (err: unknown) => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    if ('code' in e && (e as { code: unknown }).code === '23514') return true
    e = 'cause' in e ? (e as { cause: unknown }).cause : undefined
  }
  return false
}

/**
 * Applies the column changes to each account in code order, so two transactions that touch the
 * same accounts lock them in the same order and never deadlock. Each UPDATE carries the floor
 * (the same inequality as the table's CHECK), so a posting that would overdraw changes nothing
 * and answers 409 with the account's reason; the CHECK stays the backstop for any other writer.
 */
export async function applyDeltas(tx: DbOrTx, deltas: Map<string, Delta>) {
  const a = moneyAccounts
  for (const code of [...deltas.keys()].sort()) {
    const d = deltas.get(code)!
    const rows = await tx
      .update(a)
      .set({
        posted_debits: sql`${a.posted_debits} + ${d.pd}`,
        posted_credits: sql`${a.posted_credits} + ${d.pc}`,
        pending_debits: sql`${a.pending_debits} + ${d.xd}`,
        pending_credits: sql`${a.pending_credits} + ${d.xc}`,
      })
      .where(
        and(
          eq(a.code, code),
          sql`(not ${a.debits_must_not_exceed_credits} or ${a.posted_debits} + ${d.pd} + ${a.pending_debits} + ${d.xd} <= ${a.posted_credits} + ${d.pc})`,
          sql`(not ${a.credits_must_not_exceed_debits} or ${a.posted_credits} + ${d.pc} + ${a.pending_credits} + ${d.xc} <= ${a.posted_debits} + ${d.pd})`,
        ),
      )
      .returning({ id: a.id })
      .catch((err: unknown) => {
        throw isCheckViolation(err) ? floorError(code) : err
      })
    if (!rows.length) throw floorError(code)
  }
}

/** The account ids of `codes`, creating the accounts that do not exist yet (with their floor). */
export async function accountIds(tx: DbOrTx, codes: string[]) {
  const rows = codes.map((c) => {
    const p = parseAccount(c)
    const floor = FLOORS[p.kind]
    return {
      ...p,
      debits_must_not_exceed_credits: floor === 'debits_must_not_exceed_credits',
      credits_must_not_exceed_debits: floor === 'credits_must_not_exceed_debits',
    }
  })
  // Rows inserted by the CTE are invisible to the SELECT beside it (one snapshot), so the union
  // has no duplicates; an account another transaction created meanwhile is read again below.
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.code}, ${r.kind}, ${r.agency_id}::int, ${r.policy_id}::int, ${r.invoice_id}::int, ${r.debits_must_not_exceed_credits}, ${r.credits_must_not_exceed_debits})`,
    ),
    sql`, `,
  )
  const list = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )
  const { rows: found } = await tx.execute<{ id: number; code: string }>(sql`
    with ins as (
      insert into money_accounts (code, kind, agency_id, policy_id, invoice_id,
        debits_must_not_exceed_credits, credits_must_not_exceed_debits)
      values ${values}
      on conflict (code) do nothing
      returning id, code
    )
    select id, code from ins
    union all
    select id, code from money_accounts where code in (${list})`)
  const ids = new Map(found.map((r) => [r.code, r.id]))
  const missing = codes.filter((c) => !ids.has(c))
  if (missing.length)
    for (const r of await tx
      .select({ id: moneyAccounts.id, code: moneyAccounts.code })
      .from(moneyAccounts)
      .where(inArray(moneyAccounts.code, missing)))
      ids.set(r.code, r.id)
  return ids
}
