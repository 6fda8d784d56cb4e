// `npm start`: the whole system on one machine — database, Temporal, worker and web server — in
// production mode (the prebuilt, bundled server) as a demonstration system (OSHC_DEMO, on unless
// set to false). `npm run dev` (--dev): development mode with Vite's hot reload.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import {
  buildIsStale,
  ensureDependencies,
  ensureSecrets,
  ensureTemporalCli,
  log,
  onStop,
  portOpen,
  productionArgs,
  root,
  run,
  startChild,
  stopAll,
  tsx,
  waitForPort,
} from './lib.mjs'
import { build } from './build.mjs'

const dev = process.argv.includes('--dev')

try {
  ensureDependencies()
  const env = { ...process.env }
  env.NODE_ENV ??= dev ? 'development' : 'production'
  env.OSHC_DEMO ??= 'true'
  // The demo's staff approve money without enrolling a second factor (one who has one still steps
  // up); a real deployment (OSHC_DEMO=false) refuses this setting.
  if (env.OSHC_DEMO === 'true') env.SECOND_FACTOR_RELAXED ??= 'true'
  const dataDir = path.resolve(root, env.DATA_DIR ?? '.data')
  mkdirSync(dataDir, { recursive: true })
  env.DATA_DIR = dataDir
  // No signing key is published with the source: this machine's own, made on the first start and
  // kept in .data/secrets.json (0600). Values set in the environment win.
  if (!env.APP_SECRET || !env.NEXPAY_WEBHOOK_SECRET) {
    const secrets = ensureSecrets(dataDir)
    env.APP_SECRET ||= secrets.APP_SECRET
    env.NEXPAY_WEBHOOK_SECRET ||= secrets.NEXPAY_WEBHOOK_SECRET
  }
  const port = Number(env.PORT ?? 3000)
  env.PORT = String(port)
  env.APP_URL ??= `http://localhost:${port}`
  if (await portOpen(port))
    throw new Error(`Port ${port} is already in use. Stop the other process or set PORT.`)

  // The embedded PostgreSQL is not restarted from here: its postmaster already restarts crashed
  // backends, and the web server and worker outlive a database restart (db/client.ts).
  if (!env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import('./embedded-db.mjs')
    const pg = await startEmbeddedPostgres({ dataDir, port: Number(env.EMBEDDED_PG_PORT ?? 5433) })
    env.DATABASE_URL = pg.url
    onStop(pg.stop)
    log(`Embedded PostgreSQL running (data in ${path.relative(root, dataDir)}/pg)`)
  }

  // Like the worker and the web server, the Temporal dev server is restarted when it crashes: it
  // keeps its state in temporal.db, and both reconnect to it.
  if (!env.TEMPORAL_ADDRESS) {
    const cli = ensureTemporalCli()
    const tport = Number(env.TEMPORAL_DEV_PORT ?? 7233)
    if (await portOpen(tport))
      throw new Error(`Port ${tport} (Temporal) is in use. Set TEMPORAL_DEV_PORT or TEMPORAL_ADDRESS.`)
    startChild('temporal', cli, [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(tport),
      '--ui-port',
      String(tport + 1000),
      '--db-filename',
      path.join(dataDir, 'temporal.db'),
      '--log-level',
      'error',
    ])
    await waitForPort(tport, 'Temporal dev server')
    env.TEMPORAL_ADDRESS = `127.0.0.1:${tport}`
    log(`Temporal dev server on ${env.TEMPORAL_ADDRESS} (UI http://127.0.0.1:${tport + 1000})`)
  }

  run(...tsx('scripts/bootstrap.ts'), { env })
  if (dev) {
    startChild('worker', ...tsx('workers/main.ts'), { env })
    startChild('web', ...tsx('server/index.ts'), { env })
  } else {
    if (buildIsStale()) {
      log('Building the web app…')
      await build()
    }
    startChild('worker', 'node', productionArgs('worker'), { env })
    startChild('web', 'node', productionArgs('web'), { env })
  }
  await waitForPort(port, 'web server')
  log(`Ready: ${env.APP_URL} (${env.NODE_ENV}${env.OSHC_DEMO === 'true' ? ', demo system' : ''})`)
  log(`Staff login: admin@oshc.local / ${env.SEED_ADMIN_PASSWORD ?? 'Admin-Passw0rd!'}`)
  log(`Demo agency: agency@demo.local / Agency-Passw0rd!   ·   Mail outbox: ${env.APP_URL}/dev/mail`)
  if (env.OSHC_DEMO === 'true')
    log(
      'Demo system: demo logins, sandbox card checkout and the mail outbox are on. A real deployment sets OSHC_DEMO=false.',
    )
  log('Press Ctrl-C to stop.')
} catch (err) {
  console.error(`\n[oshc] ${err instanceof Error ? err.message : err}`)
  await stopAll(1)
}
