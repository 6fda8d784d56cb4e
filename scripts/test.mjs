// `npm test`: typecheck, lint, unit + integration + workflow + API tests (vitest against a real
// PostgreSQL and a real Temporal dev server), then Playwright journeys against the running system.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import {
  ensureDependencies,
  ensureTemporalCli,
  log,
  portOpen,
  randomSecret,
  root,
  run,
  SECRET_KEYS,
  waitForPort,
} from './lib.mjs'
import { build } from './build.mjs'

const started = Date.now()
const results = { passed: 0, failed: 0 }
const cache = path.join(root, '.cache')
mkdirSync(cache, { recursive: true })
const only = process.argv[2] // optional: static | unit | integration | e2e | production
const specs = process.argv.slice(3) // e2e or production only: spec files to run (default all)

async function stage(name, fn) {
  const t = Date.now()
  log(`── ${name}`)
  await fn()
  log(`── ${name} done in ${((Date.now() - t) / 1000).toFixed(0)}s`)
}

/** Playwright's run of one project, its results counted. */
function playwright(project, env) {
  const json = path.join(cache, `playwright-${project}.json`)
  rmSync(json, { force: true })
  const r = spawnSync('npx', ['playwright', 'test', `--project=${project}`, ...specs], {
    cwd: root,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: json },
    stdio: 'inherit',
  })
  if (existsSync(json)) {
    const stats = JSON.parse(readFileSync(json, 'utf8')).stats
    results.passed += stats.expected
    results.failed += stats.unexpected + stats.flaky
  }
  if (r.status !== 0) throw new Error(`playwright (${project}) failed`)
}

let stopEmbedded = null
let e2eProcess = null
let oidcProcess = null
async function cleanup() {
  if (oidcProcess) {
    try {
      process.kill(-oidcProcess.pid, 'SIGTERM')
    } catch {}
    oidcProcess = null
  }
  if (e2eProcess) {
    const exited = new Promise((r) => e2eProcess.once('exit', r))
    try {
      process.kill(-e2eProcess.pid, 'SIGTERM')
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    e2eProcess = null
  }
}

try {
  ensureDependencies()
  process.env.TEMPORAL_CLI ??= ensureTemporalCli()

  // Tests create their own databases on the server of DATABASE_URL, of the PostgreSQL already
  // on 127.0.0.1:5432, or of an embedded one — never the development database itself.
  let server = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (!server && (await portOpen(5432))) server = 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!server) {
    const { startEmbeddedPostgres } = await import('./embedded-db.mjs')
    const pg = await startEmbeddedPostgres({ dataDir: path.join(root, '.data', 'test'), port: 5434 })
    stopEmbedded = pg.stop
    server = pg.url
  }
  process.env.TEST_DATABASE_URL = server
  const env = { ...process.env, NODE_ENV: 'test' }
  delete env.DATABASE_URL
  // Signing secrets of this run (none is in the source): vitest and the e2e system (and so the
  // Playwright journeys, which get the same env) share them.
  for (const key of SECRET_KEYS) env[key] ||= randomSecret()

  if (!only || only === 'static') {
    await stage('typecheck', () => run('npx', ['tsc', '--noEmit'], { env }))
    await stage('lint', () => run('npx', ['eslint', '.', '--max-warnings=0'], { env }))
    await stage('format', () => run('npx', ['prettier', '--check', '.', '--log-level=warn'], { env }))
  }

  if (!only || only === 'unit' || only === 'integration') {
    const json = path.join(cache, 'vitest.json')
    rmSync(json, { force: true })
    const projects = only ? ['--project', only] : []
    const r = spawnSync(
      'npx',
      ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
      {
        cwd: root,
        env,
        stdio: 'inherit',
      },
    )
    if (existsSync(json)) {
      const report = JSON.parse(readFileSync(json, 'utf8'))
      results.passed += report.numPassedTests
      results.failed += report.numFailedTests
    }
    if (r.status !== 0) throw new Error('vitest failed')
  }

  if (!only || only === 'e2e' || only === 'production') await stage('build', build)

  if (!only || only === 'e2e') {
    const t = Date.now()
    log('── browser journeys')
    // A fresh database and Temporal state for the browser journeys.
    // E2E_PORT / E2E_SLOT let two copies run side by side (a helper session's, say); CI uses the defaults.
    const slot = process.env.E2E_SLOT ?? ''
    const e2eDb = `oshc_e2e${slot}`
    run('node', [
      '-e',
      `const pg=require('pg');(async()=>{const c=new pg.Client({connectionString:${JSON.stringify(server)}});await c.connect();await c.query('DROP DATABASE IF EXISTS ${e2eDb} WITH (FORCE)');await c.query('CREATE DATABASE ${e2eDb}');await c.end()})().catch(e=>{console.error(e);process.exit(1)})`,
    ])
    const url = new URL(server)
    url.pathname = `/${e2eDb}`
    const dataDir = path.join(root, '.data', `e2e${slot}`)
    rmSync(dataDir, { recursive: true, force: true })
    const port = Number(process.env.E2E_PORT ?? 3100)
    // The system as `npm start` runs it: production build, a demo system, several web processes.
    const e2eEnv = {
      ...env,
      NODE_ENV: 'production',
      OSHC_DEMO: 'true',
      PORT: String(port),
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      TEMPORAL_DEV_PORT: String(port + 4200),
      TEMPORAL_TASK_QUEUE: `oshc-e2e${slot}`,
    }
    delete e2eEnv.TEMPORAL_ADDRESS
    // Staff single sign-on against a real OpenID provider (oidc-provider, tests/setup/oidc-provider.ts).
    const oidcPort = port + 1680
    oidcProcess = spawn(
      'npx',
      ['tsx', 'tests/setup/oidc-provider.ts', String(oidcPort), `http://localhost:${port}`],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
        detached: true,
      },
    )
    const oidcSecret = await new Promise((resolve, reject) => {
      let out = ''
      oidcProcess.stdout.on('data', (chunk) => {
        out += chunk
        if (out.includes('\n')) resolve(out.split('\n')[0].trim())
      })
      oidcProcess.on('exit', (code) => reject(new Error(`the OpenID provider exited (${code})`)))
    })
    Object.assign(e2eEnv, {
      OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
      OIDC_CLIENT_ID: 'oshc-back-office',
      OIDC_CLIENT_SECRET: oidcSecret,
      // The insurer's documents, linked on the register page (onboarding.spec).
      TERMS_URL: 'https://insurer.example/terms',
      PRIVACY_URL: 'https://insurer.example/privacy',
    })
    e2eProcess = spawn('node', ['scripts/start.mjs'], {
      cwd: root,
      env: e2eEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    })
    await waitForPort(port, 'the app under test', 300_000)
    playwright('journeys', { ...e2eEnv, E2E_BASE_URL: `http://localhost:${port}` })
    // Their system stops before the production tests start theirs: two never share the cores.
    await cleanup()
    log(`── browser journeys done in ${((Date.now() - t) / 1000).toFixed(0)}s`)
  }

  // The system as a deployment runs it: migrations as their own step, Temporal on its own, web
  // nodes and workers started apart (tests/production, tests/setup/production-system.ts).
  if (!only || only === 'production') await stage('production', () => playwright('production', env))

  await cleanup()
  if (stopEmbedded) await stopEmbedded()
  log(`All green in ${((Date.now() - started) / 1000).toFixed(0)}s`)
  console.log(`${results.passed} passed, ${results.failed} failed`)
  process.exit(0)
} catch (err) {
  await cleanup()
  if (stopEmbedded) await stopEmbedded()
  console.error(`[oshc] ${err instanceof Error ? err.message : err}`)
  console.log(`${results.passed} passed, ${Math.max(results.failed, 1)} failed`)
  process.exit(1)
}
