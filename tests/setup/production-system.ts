// The system as a production deployment runs it, for tests/production: databases of their own on
// the machine's PostgreSQL server (migrated by the separate step), a Temporal dev server started
// on its own (standing in for a cluster: only TEMPORAL_ADDRESS points at it), and the built web
// and worker processes started with the node arguments `npm start` uses. Needs `npm run build`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, Socket } from 'node:net'
import path from 'node:path'
import * as OTPAuth from 'otpauth'
import pg from 'pg'
// @ts-expect-error: a plain ES module of the scripts (no types)
import { productionArgs } from '../../scripts/lib.mjs'

export const root = path.resolve(import.meta.dirname, '../..')
const server =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const run = randomBytes(3).toString('hex')
const databases: string[] = []
const children: ChildProcess[] = []
const stops: (() => Promise<void>)[] = []
// The deployment's secrets, the same on every node of this run (a session signed by one node is
// read by another).
const secrets = {
  APP_SECRET: randomBytes(32).toString('base64url'),
  NEXPAY_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
}

export type Proc = {
  child: ChildProcess
  exit: Promise<number | null>
  output(): string
  waitForOutput(re: RegExp, ms?: number): Promise<void>
}

function dbUrl(name: string) {
  const u = new URL(server)
  u.pathname = `/${name}`
  return u.toString()
}

/** One statement (or several) on a database of the server: the server's own by default. */
export async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = server): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

/** A new empty database's URL; dropped by stopProductionSystem. */
export async function createDatabase(label: string) {
  const name = `oshc_prod_${label}_${run}`
  await admin((c) => c.query(`CREATE DATABASE ${name}`))
  databases.push(name)
  return dbUrl(name)
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/** A production node's environment: a real deployment's settings, secrets from this run. */
export function productionEnv(databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of Object.keys(env))
    if (k.startsWith('OIDC_') || k.startsWith('OTEL_') || k === 'SECOND_FACTOR_RELAXED' || k === 'PORT')
      delete env[k]
  return {
    ...env,
    NODE_ENV: 'production',
    OSHC_DEMO: 'false',
    SEED_ADMIN_PASSWORD: 'Production-Passw0rd!',
    RECAPTCHA_DISABLED: 'true',
    ...secrets,
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: '2',
    METRICS_PORT: '0',
    WORKER_METRICS_PORT: '0',
    ...extra,
  }
}

/** `npm run migrate`, the production migration step. */
export function migrate(env: NodeJS.ProcessEnv) {
  const r = spawnSync('npm', ['run', 'migrate', '--silent'], { cwd: root, env, encoding: 'utf8' })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

function track(child: ChildProcess): Proc {
  children.push(child)
  let output = ''
  const waiters: (() => void)[] = []
  const collect = (d: Buffer) => {
    output += d
    for (const w of waiters.splice(0)) w()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    child,
    exit,
    output: () => output,
    async waitForOutput(re, ms = 60_000) {
      const end = Date.now() + ms
      while (!re.test(output)) {
        if (Date.now() > end || child.exitCode !== null)
          throw new Error(`no ${re} in the output of ${child.spawnargs.join(' ')}:\n${output.slice(-4000)}`)
        await new Promise<void>((r) => {
          waiters.push(r)
          setTimeout(r, 250)
        })
      }
    },
  }
}

/** A built production process (`web` or `worker`) as `npm start` starts it, its output kept. */
export function startProcess(name: 'web' | 'worker', env: NodeJS.ProcessEnv): Proc {
  return track(spawn('node', productionArgs(name), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] }))
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = new Socket()
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
    s.connect(port, '127.0.0.1')
  })

/** A Temporal dev server of its own (in memory), from the CLI `npm test` built or found. */
export async function startTemporal() {
  const cli = process.env.TEMPORAL_CLI ?? path.join(root, '.tools/bin/temporal')
  const port = await freePort()
  const proc = track(
    spawn(
      cli,
      [
        'server',
        'start-dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--headless',
        '--log-level',
        'error',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  )
  const end = Date.now() + 60_000
  while (!(await portAnswers(port))) {
    if (Date.now() > end || proc.child.exitCode !== null)
      throw new Error(`the Temporal dev server did not start:\n${proc.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  const stop = async () => {
    if (proc.child.exitCode === null) proc.child.kill('SIGTERM')
    await proc.exit
  }
  stops.push(stop)
  return { address: `127.0.0.1:${port}`, stop }
}

export async function waitForHealth(port: number, ms = 60_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the web node on ${port} did not come up`)
}

/** Kills what is still running, stops Temporal and drops the databases. */
export async function stopProductionSystem() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const stop of stops.splice(0)) await stop().catch(() => {})
  for (const name of databases.splice(0))
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}

/** What tests/setup/production-fixture.ts made: an agency with banked commission, staff with an authenticator app. */
export type Fixture = {
  agency: { id: number; email: string; password: string; lineIds: number[] }
  staff: { email: string; totpKey: string }
}

/**
 * A deployment's shared parts, set up as a release sets them up: Temporal on its own, a database
 * migrated by `npm run migrate` and seeded by scripts/bootstrap.ts, and the fixture. `env` gives a
 * node's environment (with `extra` and its own settings).
 */
export async function deployment(label: string, extra: Record<string, string> = {}) {
  const temporal = await startTemporal()
  const database = await createDatabase(label)
  const env = (own: Record<string, string> = {}) =>
    productionEnv(database, {
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_NAMESPACE: 'default',
      TEMPORAL_TASK_QUEUE: `oshc-${label}`,
      ...extra,
      ...own,
    })
  const migrated = migrate(env())
  if (migrated.status !== 0) throw new Error(`npm run migrate failed:\n${migrated.stderr}`)
  const tsx = (script: string) => {
    const r = spawnSync('npx', ['tsx', script], { cwd: root, env: env(), encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`${script} failed:\n${r.stderr}`)
    return r.stdout
  }
  tsx('scripts/bootstrap.ts')
  const fixture = JSON.parse(tsx('tests/setup/production-fixture.ts').trim().split('\n').pop()!) as Fixture
  return { temporal, database, env, fixture }
}

export type Answer = { status: number; body: any; headers: Headers }

/** One call of a node's JSON API, as a bearer-token client. */
export async function call(
  port: number,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.body !== undefined) headers['content-type'] = 'application/json'
  const r = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  })
  const text = await r.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: kept as text
  }
  return { status: r.status, body, headers: r.headers }
}

/** The value `fn` answers once it is neither undefined nor false, polled every 100 ms. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v !== undefined && v !== false) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The fixture's staff member signed in on a node with a code of their authenticator app. */
export async function signInStaff(port: number, fixture: Fixture) {
  const login = await call(port, 'POST', '/authentication/login', {
    body: { email: fixture.staff.email, password: 'Production-Passw0rd!' },
  })
  if (login.status !== 200 || !login.body.data.secondFactorRequired)
    throw new Error(`staff sign-in: ${login.status} ${JSON.stringify(login.body)}`)
  const token = login.body.data.token as string
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(fixture.staff.totpKey), period: 30 })
  const code = totp.generate()
  const factor = await call(port, 'POST', '/authentication/secondFactor', { token, body: { code } })
  if (factor.status !== 200) throw new Error(`second factor: ${factor.status} ${JSON.stringify(factor.body)}`)
  return { token, code }
}
