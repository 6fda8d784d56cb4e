// Helpers shared by `npm start` and `npm test`. Plain Node (no dependencies) so they run on a
// fresh clone before `npm install`.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
export const toolsBin = path.join(root, '.tools', 'bin')
export const log = (msg) => console.log(`\x1b[36m[oshc]\x1b[0m ${msg}`)

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status}`)
}

const children = new Set()
/**
 * Starts a long-running child and keeps it running: when it exits on its own (a crash), it is
 * started again after a pause doubling from 1 s (1, 2, 4, 8, 16 s), so one crash of the web server, the
 * worker or the Temporal dev server does not stop the system. A child that keeps failing (six
 * exits in a row, none after a minute of running: a bad configuration, a port in use) stops
 * everything instead. Every child is stopped when this process ends.
 */
export function startChild(name, cmd, args, opts = {}) {
  let failures = 0
  const launch = () => {
    const startedAt = Date.now()
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      ...opts,
    })
    children.add(child)
    child.on('exit', (code, signal) => {
      children.delete(child)
      if (stopping) return
      failures = Date.now() - startedAt > 60_000 ? 1 : failures + 1
      if (failures > 5) {
        log(`${name} exited (${signal ?? code}) ${failures} times in a row; stopping everything`)
        stopAll(1)
        return
      }
      const delay = 1000 * 2 ** (failures - 1)
      log(`${name} exited (${signal ?? code}); restarting in ${delay / 1000}s`)
      setTimeout(() => stopping || launch(), delay)
    })
  }
  launch()
}

let stopping = false
export async function stopAll(code = 0) {
  if (stopping) return
  stopping = true
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM')
    } catch {}
  }
  const deadline = Date.now() + 8000
  while (children.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGKILL')
    } catch {}
  }
  for (const fn of cleanups) await fn().catch(() => {})
  process.exit(code)
}
const cleanups = []
export const onStop = (fn) => cleanups.push(fn)
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(0))

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = net.connect({ port, host })
    s.once('connect', () => (s.destroy(), resolve(true)))
    s.once('error', () => resolve(false))
  })
}

export async function waitForPort(port, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await portOpen(port)) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${what} did not open port ${port} within ${timeoutMs / 1000}s`)
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json')
  const lock = path.join(root, 'package-lock.json')
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return
  // `npm install` (not `npm ci`): the lock file written here omits other platforms' optional
  // packages, which `npm ci` rejects; install still pins every version the lock file names.
  log('Installing dependencies (npm install)…')
  run('npm', ['install', '--no-audit', '--no-fund'])
}

/** The signing secrets every process needs (domain/shared/config.ts); none has a default. */
export const SECRET_KEYS = ['APP_SECRET', 'NEXPAY_WEBHOOK_SECRET']

/** A fresh random secret (32 bytes). */
export const randomSecret = () => randomBytes(32).toString('base64url')

/**
 * This machine's signing secrets for `npm start`: random on the first start, kept in
 * `<dataDir>/secrets.json` (mode 0600, only this user reads it) and reused by every later start,
 * so one-time codes, signed links and widget tokens outlive a restart. A missing or damaged entry is
 * generated again; the others are kept.
 */
export function ensureSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.json')
  let saved = {}
  if (existsSync(file)) {
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      saved = {}
    }
  }
  const secrets = {}
  let changed = false
  for (const key of SECRET_KEYS) {
    const value = saved?.[key]
    if (typeof value === 'string' && value.length >= 32) secrets[key] = value
    else {
      secrets[key] = randomSecret()
      changed = true
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 })
    renameSync(tmp, file)
  }
  chmodSync(file, 0o600)
  return secrets
}

function which(bin) {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout.trim() : null
}

/**
 * The Temporal CLI: TEMPORAL_CLI, `temporal` on PATH, the cached .tools/bin/temporal, the official
 * release download, or (offline) a build from source with Go at v1.5.1 (DESIGN.md section 1).
 */
export function ensureTemporalCli() {
  if (process.env.TEMPORAL_CLI && existsSync(process.env.TEMPORAL_CLI)) return process.env.TEMPORAL_CLI
  const cached = path.join(toolsBin, 'temporal')
  if (existsSync(cached)) return cached
  const onPath = which('temporal')
  if (onPath) return onPath
  mkdirSync(toolsBin, { recursive: true })
  const arch = process.arch === 'arm64' ? 'arm64' : 'amd64'
  const url = `https://temporal.download/cli/archive/v1.5.1?platform=${process.platform}&arch=${arch}`
  log('Getting the Temporal CLI…')
  // curl's and tar's own complaints (no network, an empty archive) would read like a failure of
  // the start: they are silenced and the result checked instead: a binary that runs.
  const dl = spawnSync(
    'sh',
    ['-c', `curl -fsSL --max-time 60 "${url}" | tar -xz -C "${toolsBin}" temporal`],
    { stdio: 'ignore' },
  )
  if (dl.status === 0 && runs(cached)) return cached
  rmSync(cached, { force: true }) // a partial download
  if (!which('go'))
    throw new Error(
      'Could not download the Temporal CLI and Go is not installed to build it. Install Go, or set TEMPORAL_CLI to a temporal binary.',
    )
  log('No download here; building the Temporal CLI with Go, about 5 minutes, once (kept in .tools/bin)…')
  // Go lists every module it downloads on stderr: shown only when the build fails.
  const built = spawnSync('go', ['install', 'github.com/temporalio/cli/cmd/temporal@v1.5.1'], {
    cwd: root,
    env: { ...process.env, GOBIN: toolsBin },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (built.status !== 0 || !runs(cached)) {
    process.stderr.write(built.stderr ?? '')
    throw new Error(`Building the Temporal CLI with Go failed (exit code ${built.status}). Set TEMPORAL_CLI.`)
  }
  return cached
}

const runs = (bin) => existsSync(bin) && spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0

/** True when the build is missing or older than any source it is built from. */
export function buildIsStale() {
  const outs = ['server/index.js', 'web.mjs', 'worker.mjs', 'otel.mjs'].map((f) =>
    path.join(root, 'build', f),
  )
  if (!outs.every((o) => existsSync(o))) return true
  const built = Math.min(...outs.map((o) => statSync(o).mtimeMs))
  return ['app', 'api', 'domain', 'db', 'temporal', 'server', 'workers', 'workflows'].some(
    (d) => newestMtime(path.join(root, d)) > built,
  )
}

/**
 * Node's arguments for a production process (`web` or `worker`): `npm start` and the production
 * tests. build/otel.mjs comes first: it starts OpenTelemetry (when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set) before the app's modules load, which the instrumentations of an ES module bundle need.
 */
export const productionArgs = (name) => ['--import', './build/otel.mjs', `build/${name}.mjs`]

export const tsx = (script, args = []) => [path.join(root, 'node_modules', '.bin', 'tsx'), [script, ...args]]
