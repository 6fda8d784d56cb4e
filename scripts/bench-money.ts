// The money scenarios of `npm run bench` (issue 22, "the journal does not cost the sale"), run by
// scripts/bench.ts after the others, against the same production build and bare baseline:
//   sale       the agency's quote, student + policy (createStudentDetails) and purchase paid from
//              the agency balance (purchasePolicy AGENCY_BALANCE), each sale a fresh student;
//   balance    the agency's balance read (getAgencyBalance);
//   statement  the agency's balance transactions (getAgencyBalanceTransactionForAgency) and the
//              staff finance metrics (finance-metrics, every agency and one agency).
// Every scenario name starts with "money:", so `npm run bench -- --only money` runs them alone.
// The sale writes: it makes its own students, funds its agencies well beyond what it spends, and
// stops after SALES_* sales (242 with the defaults), so a run can be repeated on the same database.
import type pg from 'pg'

export type Row = {
  name: string
  c: number
  rps: number
  p50: number
  p95: number
  p99: number
  errors: number
}
export type Target = { rps?: number; p99?: number; p95?: number; p50?: number; ratio?: number }

export type MoneyBench = {
  APP: string
  BASELINE: string
  SECONDS: number
  db: pg.Client
  staff: string
  agency: string
  wanted: (name: string) => boolean
  push: (row: { app: Row; base?: Row; target: Target }) => void
  print: (row: { app: Row; base?: Row; target: Target }) => string
  scenario: (
    name: string,
    appPath: string,
    c: number,
    headers: Record<string, string>,
    target: Target,
  ) => Promise<void>
  cannon: (
    name: string,
    url: string,
    c: number,
    headers: Record<string, string>,
    seconds?: number,
  ) => Promise<Row>
}

const SALES_C1 = Number(process.env.BENCH_SALES_C1 ?? 30)
const SALES_C4 = Number(process.env.BENCH_SALES_C4 ?? 100)
const WARM_UP = 4
/** Each bench agency's top-up: far beyond SALES_* premiums (a SINGLE nib year is 625.20 AUD). */
const FUND_CENTS = 50_000_000
/** Statement rows seeded for the demo agency before the sales add theirs (a busy agency's year). */
const STATEMENT_ROWS = Number(process.env.BENCH_STATEMENT_ROWS ?? 2000)

const PASSWORD = 'Agency-Passw0rd!'
const QUOTE_QUERY = 'policyType=SINGLE&startDate=2027-02-01&endDate=2028-01-31'

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN

export async function moneyScenarios(b: MoneyBench) {
  const anyWanted = ['money: sale', 'money: balance', 'money: statement', 'money: finance metrics'].some(
    (n) => b.wanted(n),
  )
  if (!anyWanted) return

  // In-process writers of the app's own modules, as bench.ts seeds (its env is set by then).
  const { getDb } = await import('../db/client')
  const { postBalanceEntry } = await import('../domain/finance/ledger/ledger')
  const { createAgency } = await import('../db/seed/factories')

  const bearer = (t: string) => ({ authorization: `Bearer ${t}` })
  const json = { 'content-type': 'application/json' }
  type Answer = { data?: Record<string, unknown>; message?: string }
  const call = async (method: string, url: string, token: string, payload?: unknown) => {
    const r = await fetch(`${b.APP}/api${url}`, {
      method,
      headers: payload === undefined ? bearer(token) : { ...bearer(token), ...json },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    })
    const text = await r.text()
    let body: Answer = {}
    try {
      body = JSON.parse(text) as Answer
    } catch {
      body = { message: text }
    }
    return { status: r.status, body }
  }
  async function login(email: string) {
    const r = await call('POST', '/authentication/login', '', { email, password: PASSWORD })
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`)
    return r.body.data?.token as string
  }

  const profile = await call('GET', '/authentication/getAgencyAgencyUserAndOshcUserData', b.agency)
  const demoId = profile.body.data?.agencyId as number

  // ── money in: each agency's balance funded through the one ledger writer ─────────────────────
  const fund = (agencyId: number, cents: number, n = 1) =>
    getDb().transaction(async (tx) => {
      for (let i = 0; i < n; i++)
        await postBalanceEntry(tx, { agencyId, type: 'AGENCY_TOPUP', amount: cents, actor: 'bench' })
    })
  const t0 = Date.now()
  await fund(demoId, FUND_CENTS)
  // The demo agency's statement: a year of small top-ups before the sales add their debits.
  await fund(demoId, 10_000, STATEMENT_ROWS)
  // Every bench agency holds a balance, so the staff finance metrics add up 500 of them.
  const { rows: benchAgencies } = await b.db.query(
    `SELECT id FROM agencies WHERE email LIKE 'bench%@example.test' ORDER BY id`,
  )
  await getDb().transaction(async (tx) => {
    for (const a of benchAgencies)
      await postBalanceEntry(tx, {
        agencyId: a.id,
        type: 'AGENCY_TOPUP',
        amount: 100_000 + (a.id % 97) * 1000,
        actor: 'bench',
      })
  })
  // Four more agencies with their own logins, to sell side by side (one balance each).
  const four: { id: number; token: string }[] = []
  if (b.wanted('money: sale'))
    for (let i = 0; i < 4; i++) {
      const a = await createAgency(getDb(), { status: 'PORTAL_ACTIVATED', password: PASSWORD })
      await fund(a.id, FUND_CENTS)
      four.push({ id: a.id, token: await login(a.email) })
    }
  console.log(
    `  money: funded the demo agency (${STATEMENT_ROWS + 1} statement rows), ${benchAgencies.length} bench agencies and ${four.length} selling agencies in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  )

  // ── the sale: quote, student + policy, purchase from the balance ───────────────────────────
  const place = async () => {
    const { rows } = await b.db.query(
      `SELECT c.id AS au, s.id AS nsw, ci.id AS sydney
         FROM countries c JOIN states s ON s.country_id = c.id AND s.name = 'New South Wales'
         JOIN cities ci ON ci.state_id = s.id AND ci.name = 'Sydney'
        WHERE c.iso2 = 'AU' LIMIT 1`,
    )
    return rows[0] as { au: number; nsw: number; sydney: number }
  }
  const where = await place()
  const run = `${Date.now().toString(36)}`
  let seq = 0
  const student = () => {
    const n = ++seq
    return {
      customer: {
        title: 'Ms',
        first_name: 'Bench',
        last_name: `Buyer${n}`,
        email: `buyer-${run}-${n}@example.test`,
        dob: '2004-03-02',
        gender: 'FEMALE',
        mobile_number: '+61 400 000 000',
        country: where.au,
        has_accepted_terms: true,
        is_primary_visa_holder_and_eligible_to_apply: true,
        passport_number: `PB${run}${n}`.slice(0, 20),
        passport_country_id: where.au,
        visa_sub_class: '500',
        education_institute: 'University of Sydney',
        student_number: `S${n}`,
        has_australian_address: true,
        street_address_1: '1 George Street',
        state_id: where.nsw,
        city_id: where.sydney,
        post_code: '2000',
      },
      partner: null,
      family_members: [],
      policy: {
        insurance_provider_id: 1,
        policy_type: 'SINGLE',
        start_date: '2027-02-01',
        end_date: '2028-01-31',
        is_policy_number_available: false,
      },
    }
  }

  type Step = 'quote' | 'create' | 'purchase' | 'sale'
  /** One sale as the agency's screens make it; the time of each step and of the whole. */
  async function sale(token: string, times: Record<Step, number[]>) {
    const t = performance.now()
    const q = await call('GET', `/insurances/quotes?${QUOTE_QUERY}`, token)
    const t1 = performance.now()
    if (q.status !== 200) throw new Error(`quotes: ${q.status}`)
    const made = await call('POST', '/agencies/policy-management/createStudentDetails', token, student())
    const t2 = performance.now()
    if (made.status !== 201)
      throw new Error(`createStudentDetails: ${made.status} ${JSON.stringify(made.body)}`)
    const paid = await call('POST', '/agencies/finance-management/purchasePolicy', token, {
      policy_id: made.body.data?.policyId,
      payment_type: 'AGENCY_BALANCE',
    })
    const t3 = performance.now()
    if (paid.status !== 200 || paid.body.data?.status !== 'PAYMENT_APPROVED')
      throw new Error(`purchasePolicy: ${paid.status} ${JSON.stringify(paid.body)}`)
    times.quote.push(t1 - t)
    times.create.push(t2 - t1)
    times.purchase.push(t3 - t2)
    times.sale.push(t3 - t)
  }

  /** `n` sales, `c` at a time, connection i selling for tokens[i % tokens.length]. */
  async function sales(n: number, c: number, tokens: string[]) {
    const times: Record<Step, number[]> = { quote: [], create: [], purchase: [], sale: [] }
    let next = 0
    let errors = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: c }, async (_, i) => {
        while (next < n) {
          next++
          try {
            await sale(tokens[i % tokens.length], times)
          } catch (err) {
            if (errors++ === 0) console.error(`    ${(err as Error).message}`)
          }
        }
      }),
    )
    const seconds = (performance.now() - t0) / 1000
    return { times, errors, seconds }
  }

  async function saleScenario(label: string, c: number, n: number, tokens: string[]) {
    const name = `money: sale from the balance, ${label}`
    if (!b.wanted(name)) return
    process.stdout.write(`  ${name} (${n} sales)…\n`)
    await sales(WARM_UP, Math.min(c, WARM_UP), tokens) // warm-up, not counted
    // Alternated as the read scenarios are: baseline, half the sales, baseline, the other half.
    const half = Math.ceil(n / 2)
    const base1 = await b.cannon('baseline', b.BASELINE, c, {})
    const s1 = await sales(half, c, tokens)
    const base2 = await b.cannon('baseline', b.BASELINE, c, {})
    const s2 = await sales(n - half, c, tokens)
    const base = base2.rps > base1.rps ? base2 : base1
    const better = s2.times.sale.length / s2.seconds > s1.times.sale.length / s1.seconds ? s2 : s1
    const rowOf = (step: Step, what: string): Row => {
      const sorted = [...better.times[step]].sort((x, y) => x - y)
      return {
        name: `${name}: ${what}`,
        c,
        // Sales per second for every step: each step runs once a sale.
        rps: better.times.sale.length / better.seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        errors: better.errors,
      }
    }
    for (const [step, what] of [
      ['sale', 'whole sale (3 calls), sales/s'],
      ['quote', 'GET quotes'],
      ['create', 'POST createStudentDetails'],
      ['purchase', 'POST purchasePolicy AGENCY_BALANCE'],
    ] as const) {
      const row = { app: rowOf(step, what), base: step === 'sale' ? base : undefined, target: {} }
      b.push(row)
      console.log(`    ${b.print(row)}`)
    }
  }

  const before = await b.db.query(
    `SELECT agency_id, balance FROM agency_balances WHERE agency_id = ANY($1)`,
    [[demoId, ...four.map((a) => a.id)]],
  )
  await saleScenario('one agency, c1', 1, SALES_C1, [b.agency])
  await saleScenario('one agency, c4', 4, SALES_C4, [b.agency])
  await saleScenario(
    '4 agencies, c4',
    4,
    SALES_C4,
    four.map((a) => a.token),
  )
  if (b.wanted('money: sale')) {
    // What the sales did to the money: each balance down by the premiums bought from it, no more.
    const { rows } = await b.db.query(
      `SELECT p.agency_id, count(*)::int AS n, sum(p.premium)::bigint AS spent
         FROM policies p JOIN customers c ON c.id = p.customer_id
        WHERE c.email LIKE $1 AND p.status = 'PAYMENT_APPROVED' AND p.payment_method = 'AGENCY_BALANCE'
        GROUP BY p.agency_id`,
      [`buyer-${run}-%`],
    )
    const after = await b.db.query(
      `SELECT agency_id, balance FROM agency_balances WHERE agency_id = ANY($1)`,
      [[demoId, ...four.map((a) => a.id)]],
    )
    const was = new Map(before.rows.map((r) => [r.agency_id, Number(r.balance)]))
    const bad = rows.filter(
      (r) =>
        Number(after.rows.find((a) => a.agency_id === r.agency_id)?.balance) !==
        was.get(r.agency_id)! - Number(r.spent),
    )
    const sold = rows.reduce((s, r) => s + r.n, 0)
    console.log(
      `  money: ${sold} policies bought from the balance in this run (${seq} students made); balances ${bad.length ? `OFF for agencies ${bad.map((r) => r.agency_id).join(', ')}` : 'down by exactly the premiums'}`,
    )
  }

  // ── the reads ──────────────────────────────────────────────────────────────────────────────
  const FM = '/api/agencies/finance-management'
  await b.scenario(
    `money: balance (agency, getAgencyBalance)`,
    `${FM}/balance/${demoId}`,
    16,
    bearer(b.agency),
    {},
  )
  await b.scenario(
    `money: statement (agency balance transactions, page 1 of ${STATEMENT_ROWS}+ rows)`,
    `${FM}/getAgencyBalanceTransactionForAgency/${demoId}?page=1&perPage=25`,
    16,
    bearer(b.agency),
    {},
  )
  await b.scenario(
    `money: statement (agency balance transactions, page 40)`,
    `${FM}/getAgencyBalanceTransactionForAgency/${demoId}?page=40&perPage=25`,
    16,
    bearer(b.agency),
    {},
  )
  await b.scenario(
    `money: finance metrics (staff, every agency)`,
    '/api/payment-system/finance-metrics',
    8,
    bearer(b.staff),
    {},
  )
  await b.scenario(
    `money: finance metrics (staff, one agency)`,
    `/api/payment-system/finance-metrics?agencyId=${demoId}`,
    8,
    bearer(b.staff),
    {},
  )
}
