// Measuring for `npm run bench` (scripts/bench.ts): one autocannon run with per-response latencies,
// a scenario alternated with the bare baseline (baseline, app, baseline, app; the better of each
// kept), and the table of the results against their targets.
import autocannon from 'autocannon'
import { cpuPerRequest } from './bench-cpu'

export type Row = {
  name: string
  c: number
  rps: number
  p50: number
  p95: number
  p99: number
  errors: number
  /** Requests answered in the run (where counted). */
  requests?: number
  /** CPU milliseconds per request of the web processes and of the database (bench-cpu.ts), where measured. */
  webMs?: number
  dbMs?: number
}
export type Target = {
  rps?: number
  p99?: number
  p95?: number
  p50?: number
  /** The least share of the bare server's req/s in the same run. */
  ratio?: number
  /** The least number of requests answered in the run (a fixed-rate load: all of them). */
  served?: number
}
/** A line of the table: the app's figures, the baseline's beside them, and the target. */
export type Result = { app: Row; base?: Row; target: Target }

export const bearer = (t: string) => ({ authorization: `Bearer ${t}` })
export const cookie = (t: string) => ({ cookie: `oshc_session=${t}` })

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN

/** One autocannon run; latencies are taken per response so that p95 is a true p95. */
export async function run(opts: autocannon.Options, name: string) {
  const times: number[] = []
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)))
    instance.on('response', (_c, _s, _b, ms) => times.push(ms))
  })
  times.sort((x, y) => x - y)
  return {
    name,
    c: opts.connections ?? 10,
    rps: r.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  } satisfies Row
}

/** The scenarios measured against the app at APP and the baseline at BASELINE; `rows` holds the results. */
export function measuring(o: {
  APP: string
  BASELINE: string
  SECONDS: number
  wanted: (name: string) => boolean
  /** The web process: the app's runs measure its CPU and the database's per request. */
  webPid?: number
}) {
  const { APP, BASELINE, SECONDS, wanted, webPid } = o
  const rows: Result[] = []

  async function cannon(
    name: string,
    urlPath: string,
    c: number,
    headers: Record<string, string>,
    seconds = SECONDS,
    pid = urlPath.startsWith(APP) ? webPid : undefined,
  ) {
    await run({ url: urlPath, connections: c, duration: 1, headers }, name) // warm-up, not counted
    const measured = () => run({ url: urlPath, connections: c, duration: seconds, headers }, name)
    if (!pid) return measured()
    const { result, webMs, dbMs } = await cpuPerRequest(pid, measured)
    return { ...result, webMs, dbMs }
  }

  /**
   * One row: the baseline and the app alternated twice. `appPath` is the app's, or a whole URL
   * of another server (the page floors) whose CPU is then that of `pid`.
   */
  async function scenario(
    name: string,
    appPath: string,
    c: number,
    headers: Record<string, string>,
    target: Target,
    pid?: number,
  ) {
    if (!wanted(name)) return
    const url = appPath.startsWith('http') ? appPath : `${APP}${appPath}`
    const sample = await fetch(url, { headers })
    const kib = (await sample.arrayBuffer()).byteLength / 1024
    if (sample.status !== 200) throw new Error(`${appPath}: ${sample.status}`)
    name = `${name} (${kib.toFixed(0)} KiB)`
    process.stdout.write(`  ${name}…\n`)
    const base = await cannon('baseline', BASELINE, c, {})
    const app = await cannon(name, url, c, headers, SECONDS, pid)
    // The second alternation: the baseline again, then the app again; the better of each is kept.
    const base2 = await cannon('baseline', BASELINE, c, {})
    const app2 = await cannon(name, url, c, headers, SECONDS, pid)
    const row = { app: app2.rps > app.rps ? app2 : app, base: base2.rps > base.rps ? base2 : base, target }
    rows.push(row)
    console.log(`    ${line(row)}`)
  }

  return { rows, cannon, scenario }
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n.toFixed(2))

export function line({ app: r, base, target }: Result) {
  return `| ${r.name} | ${r.c} | ${f(r.rps)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.errors} | ${ms(r.webMs)} | ${ms(r.dbMs)} | ${base ? f(base.rps) : ''} | ${base ? `${((100 * r.rps) / base.rps).toFixed(0)}%` : ''} | ${verdict(r, base, target)} |`
}

function f(n: number) {
  return n >= 100 ? n.toFixed(0) : n.toFixed(1)
}
function verdict(r: Row, base: Row | undefined, t: Target) {
  const misses: string[] = []
  if (t.rps && r.rps < t.rps) misses.push(`req/s < ${t.rps}`)
  if (t.p50 && r.p50 > t.p50) misses.push(`p50 > ${t.p50}`)
  if (t.p95 && r.p95 > t.p95) misses.push(`p95 > ${t.p95}`)
  if (t.p99 && r.p99 > t.p99) misses.push(`p99 > ${t.p99}`)
  if (t.ratio && base && r.rps / base.rps < t.ratio) misses.push(`ratio < ${t.ratio * 100}%`)
  if (t.served && (r.requests ?? 0) < t.served) misses.push(`served ${r.requests} < ${t.served}`)
  if (r.errors > 0) misses.push(`${r.errors} errors`)
  return Object.keys(t).length === 0 ? '(no target)' : misses.length ? `missed: ${misses.join(', ')}` : 'met'
}

/** The table of every result, as markdown. */
export function printTable(rows: Result[]) {
  console.log(
    '\n| scenario | conn | req/s | p50 ms | p95 ms | p99 ms | errors | web CPU ms/req | db CPU ms/req | bare req/s | ratio | target |\n|---|---|---|---|---|---|---|---|---|---|---|---|',
  )
  for (const row of rows) console.log(line(row))
}
