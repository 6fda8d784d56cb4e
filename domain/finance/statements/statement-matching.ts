import { and, inArray, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { bankStatementLines } from '../../../db/schema'
import type { StatementMatchKind } from '../../../db/schema/statements'
import { daysBetween, PROPOSAL_WINDOW, quotedRefs, quotesPolicy } from './statements.rules'
import { loadExpectations, type Expectation } from './statement-expectations'
import { lockStatementClaims } from './statement-line-loading'

export type MatchLine = {
  id: number
  bookedOn: string
  amountCents: number
  description: string
  reference: string
  /** The payer's name as the bank gave it ('' when the file has none). */
  payer?: string
}
export type Match = {
  lineId: number
  state: 'exact' | 'proposed' | 'unmatched'
  kind: StatementMatchKind | null
  id: number | null
}

const keyOf = (e: { kind: string; id: number }) => `${e.kind}:${e.id}`

/**
 * Matches lines to expectations of their sign (credits to payments, debits to batches), in three
 * passes so that what a line quotes always wins over a guess. Exact: the line quotes an
 * expectation's reference (in its reference or description) and the amount is equal. Then
 * proposed: a premium payment the line quotes at another amount (a short or over payment). Last,
 * for lines that quote nothing expected (nor a policy that no longer waits): the same amount, asked for within the window before the
 * booking, ranked by rankProposals (the payer the line names, then the nearest date). An
 * expectation in `taken` (matched by another line) or matched earlier in this call is not offered
 * again. Pure: the caller stores the answer.
 */
export function matchLines(
  lines: MatchLine[],
  expectations: Expectation[],
  taken = new Set<string>(),
): Match[] {
  const byRef = new Map<string, Expectation[]>()
  const byAmount = new Map<number, Expectation[]>()
  const add = <K>(map: Map<K, Expectation[]>, key: K, e: Expectation) => {
    const same = map.get(key)
    if (same) same.push(e)
    else map.set(key, [e])
  }
  for (const e of expectations) {
    for (const r of e.refs) if (r) add(byRef, r, e)
    add(byAmount, e.amountCents, e)
  }
  const used = new Set(taken)
  const found = new Map<number, Match>()
  const free = (e: Expectation) => !used.has(keyOf(e))
  const claim = (line: MatchLine, state: 'exact' | 'proposed', e: Expectation | undefined) => {
    if (!e) return
    used.add(keyOf(e))
    found.set(line.id, { lineId: line.id, state, kind: e.kind, id: e.id })
  }
  const quoted = new Map(
    lines.map((l) => [l.id, [...quotedRefs(l.reference, l.description)].flatMap((r) => byRef.get(r) ?? [])]),
  )
  const open = () => lines.filter((l) => l.amountCents !== 0 && !found.has(l.id))
  for (const line of open())
    claim(
      line,
      'exact',
      quoted.get(line.id)!.find((e) => e.amountCents === line.amountCents && free(e)),
    )
  // A premium quoted by its reference at another amount (short or over) is proposed: confirming
  // it takes the line as a part payment or holds the excess (never applied alone).
  for (const line of open().filter((l) => l.amountCents > 0))
    claim(
      line,
      'proposed',
      quoted.get(line.id)!.find((e) => e.kind === 'policy_payment' && free(e)),
    )
  // A line quoting a policy that waits no more (paid twice, a late line) is not guessed as another's.
  for (const line of open().filter(
    (l) => !quoted.get(l.id)!.length && !quotesPolicy(quotedRefs(l.reference, l.description)),
  ))
    claim(line, 'proposed', propose(line, byAmount, used))
  return lines.map(
    (line) => found.get(line.id) ?? { lineId: line.id, state: 'unmatched', kind: null, id: null },
  )
}

/** The words of a name, lower case, without the ones every business name has. */
const COMMON = new Set([
  'pty',
  'ltd',
  'limited',
  'the',
  'and',
  'inc',
  'co',
  'group',
  'services',
  'agency',
  'oshc',
])
const wordsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2 && !COMMON.has(w)),
  )

/**
 * How well the line names one of the expected payers, 0..1: the share of the best name's words
 * found in the line's payer and description (banks put the remitter in either).
 */
export function payerScore(line: MatchLine, e: Expectation) {
  const seen = wordsOf(`${line.payer ?? ''} ${line.description}`)
  let best = 0
  for (const name of e.payers ?? []) {
    const words = [...wordsOf(name)]
    if (!words.length) continue
    best = Math.max(best, words.filter((w) => seen.has(w)).length / words.length)
  }
  return best
}

/**
 * The expectations of the line's amount within the date window, best first: the one whose payer
 * the line names (the agency, the student), then the nearest date (ties: the oldest expectation).
 */
export function rankProposals(line: MatchLine, candidates: Expectation[]) {
  return candidates
    .map((e) => ({ e, days: daysBetween(e.since, line.bookedOn), named: payerScore(line, e) }))
    .filter(({ days }) => days <= PROPOSAL_WINDOW.before && days >= -PROPOSAL_WINDOW.after)
    .sort((a, b) => b.named - a.named || Math.abs(a.days) - Math.abs(b.days) || b.days - a.days)
    .map(({ e }) => e)
}

function propose(line: MatchLine, byAmount: Map<number, Expectation[]>, used: Set<string>) {
  return rankProposals(line, byAmount.get(line.amountCents) ?? []).find((e) => !used.has(keyOf(e)))
}

/**
 * Matches every open line (unmatched or proposed, of any statement: a proof sent after an
 * upload is matched at the next one) and stores the answer. An exact or assigned line whose
 * payment no longer waits (verified or rejected from its proof meanwhile) is matched afresh too;
 * expectations held by the other exact or assigned lines are not offered again.
 */
export async function matchOpenLines(tx: DbOrTx) {
  await lockStatementClaims(tx)
  const stored = await tx
    .select()
    .from(bankStatementLines)
    .where(
      and(
        inArray(bankStatementLines.state, ['unmatched', 'proposed', 'exact', 'assigned']),
        ne(bankStatementLines.amount_cents, 0),
      ),
    )
  if (!stored.length) return
  const expectations = await loadExpectations(tx)
  const waiting = new Set(expectations.map(keyOf))
  // Exact and assigned lines hold their payment while it waits (an assignment is staff's word).
  const held = (l: (typeof stored)[number]) =>
    (l.state === 'exact' || l.state === 'assigned') && waiting.has(`${l.matched_kind}:${l.matched_id}`)
  const taken = new Set(stored.filter(held).map((l) => `${l.matched_kind}:${l.matched_id}`))
  const open = stored.filter((l) => !held(l))
  const lines = open.map((l) => ({
    id: l.id,
    bookedOn: l.booked_on,
    amountCents: l.amount_cents,
    description: l.description,
    reference: l.reference,
    payer: l.payer,
  }))
  const byId = new Map(open.map((l) => [l.id, l]))
  const changed = matchLines(lines, expectations, taken).filter((m) => {
    const before = byId.get(m.lineId)!
    return !(before.state === m.state && before.matched_kind === m.kind && before.matched_id === m.id)
  })
  // One statement per thousand lines (a 10,000-line statement in ten round trips, not 10,000).
  for (let i = 0; i < changed.length; i += 1000) {
    const values = changed
      .slice(i, i + 1000)
      .map((m) => sql`(${m.lineId}::int, ${m.state}::text, ${m.kind}::text, ${m.id}::int)`)
    await tx.execute(sql`
      UPDATE ${bankStatementLines} AS l
         SET state = v.state, matched_kind = v.kind, matched_id = v.id
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(line_id, state, kind, id)
       WHERE l.id = v.line_id`)
  }
}
