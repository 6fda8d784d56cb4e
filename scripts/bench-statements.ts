// The bank statement scenario of `npm run bench` (issue 25): a statement of 10,000 lines uploaded
// through the API (parse, store once, match) while 100,000 bank top-ups wait to be matched. Half
// the lines quote a waiting top-up's reference and amount (exact), a quarter only its amount
// (proposed), the rest match nothing. Goal: under 5 seconds for the upload. The top-ups it adds
// are removed afterwards (with the statement), so the other scenarios see the same database.
// `npm run bench -- --only statements` runs it alone.
import type pg from 'pg'
import type { Row, Target } from './bench-money'

export const STATEMENTS = 'statements: upload + match 10,000 lines vs 100,000 expectations'
const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 10_000)
const EXPECTATIONS = Number(process.env.BENCH_EXPECTATIONS ?? 100_000)

export async function statementScenario(b: {
  APP: string
  db: pg.Client
  staff: string
  wanted: (name: string) => boolean
  push: (row: { app: Row; target: Target }) => void
}) {
  if (!b.wanted(STATEMENTS)) return
  const t0 = Date.now()
  const { rows: made } = await b.db.query<{ first: number; last: number }>(
    `WITH a AS (SELECT id FROM agencies ORDER BY id LIMIT 500),
          ins AS (
            INSERT INTO agency_topups (agency_id, status, topup_date, amount, payment_method)
            SELECT (SELECT id FROM a OFFSET (g % (SELECT count(*) FROM a)) LIMIT 1), 'REQUESTED',
                   current_date - (g % 20), 10000 + g * 7, 'BANK'
              FROM generate_series(1, $1::int) g
            RETURNING id)
     SELECT min(id) AS first, max(id) AS last FROM ins`,
    [EXPECTATIONS],
  )
  const { first, last } = made[0]
  const amountOf = (id: number) => 10000 + (id - first + 1) * 7
  const day = new Date().toISOString().slice(0, 10).split('-').reverse().join('/')
  const csv = ['Date,Description,Reference,Debit,Credit,Balance']
  for (let i = 0; i < LINES; i++) {
    const id = first + i * 3
    const cents = i < LINES / 2 ? amountOf(id) : i < (LINES * 3) / 4 ? amountOf(id) : 1_000_000_001 + i
    const ref = i < LINES / 2 ? `TOPUP-${id}` : ''
    csv.push(`${day},"BENCH TRANSFER ${i}",${ref},,${(cents / 100).toFixed(2)},${(i + 1) * 10}.00`)
  }
  console.log(
    `  statements: ${EXPECTATIONS} waiting top-ups and a ${LINES}-line statement ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  )
  const t = performance.now()
  const r = await fetch(`${b.APP}/api/oshc/finance-management/bank-statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${b.staff}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file_name: 'bench-statement.csv', content: csv.join('\n') }),
  })
  const answer = (await r.json()) as { data?: { id: number; new_line_count: number } }
  const ms = performance.now() - t
  const id = answer.data?.id
  const { rows: states } = await b.db.query<{ state: string; n: string }>(
    'SELECT state, count(*) AS n FROM bank_statement_lines WHERE statement_id = $1 GROUP BY state ORDER BY state',
    [id ?? 0],
  )
  console.log(
    `  statements: upload answered ${r.status} in ${(ms / 1000).toFixed(2)} s; lines ${states.map((s) => `${s.state} ${s.n}`).join(', ')}`,
  )
  b.push({
    app: {
      name: STATEMENTS,
      c: 1,
      rps: LINES / (ms / 1000),
      p50: ms,
      p95: ms,
      p99: ms,
      errors: r.status === 201 ? 0 : 1,
    },
    target: { p50: 5000 },
  })
  if (id) {
    await b.db.query('DELETE FROM bank_statement_lines WHERE statement_id = $1', [id])
    await b.db.query('DELETE FROM bank_statements WHERE id = $1', [id])
  }
  await b.db.query('DELETE FROM agency_topups WHERE id BETWEEN $1 AND $2', [first, last])
}
