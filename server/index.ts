// The web server. Production (`npm start`, `node build/web.mjs`): the prebuilt Remix app, on
// WEB_CONCURRENCY processes (default: one per core) sharing the port through node:cluster.
// Development (`npm run dev`): one process with Vite's middleware and hot reload.
//
// This file imports nothing of the app: the request chain, the configuration and the logger come
// from the Remix server build (its entry exports server/web-process.ts), so the process runs one
// copy of the domain (ADR 0012; scripts/module-graph.mjs checks the bundles).
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import type { ViteDevServer } from 'vite'
import type * as WebProcess from './web-process'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const development = process.env.NODE_ENV === 'development'
const processes = development ? 1 : Number(process.env.WEB_CONCURRENCY ?? availableParallelism())
const port = Number(process.env.PORT ?? 3000)

const webProcessOf = (build: ServerBuild) =>
  (build.entry.module as unknown as { webProcess: typeof WebProcess }).webProcess

let vite: ViteDevServer | undefined
const build: ServerBuild = development
  ? await import('vite')
      .then((v) => v.createServer({ server: { middlewareMode: true } }))
      .then((server) => {
        vite = server
        return server.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
      })
  : ((await import(path.join(root, 'build/server/index.js'))) as ServerBuild)
const web = webProcessOf(build)

web.config() // fail fast on a bad environment
web.temporalConnectionOptions() // and on a Temporal TLS file that cannot be read

// A web node serves only a database at its code's migrations (production migrates in a step of
// its own, `npm run migrate`; `npm start` and `npm run dev` migrate before starting this). One
// check per node: the primary's, or the only process's.
if (cluster.isPrimary) {
  try {
    await web.assertMigrationsCurrent()
  } catch (err) {
    console.error(`[oshc] ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
}

if (cluster.isPrimary && processes > 1) {
  let stopping = false
  for (let i = 0; i < processes; i++) cluster.fork()
  // A web process that dies is replaced; requests it was serving fail, the others go on.
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    web.logWarn('web', 'A web process stopped; starting another', { pid: worker.process.pid, code, signal })
    setTimeout(() => cluster.fork(), 500)
  })
  // The node's /metrics: the sum of its processes, and the business gauges once.
  const metrics = web.serveMetrics({ cluster: true })
  // Each process drains itself (server/shutdown.ts); the primary passes the signal on, waits for
  // them (a little past their own deadline) and exits 0 only when every one finished cleanly.
  let clean = true
  const stop = () => {
    if (stopping) return
    stopping = true
    metrics?.close()
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined)
    if (workers.length === 0) process.exit(0)
    cluster.on('exit', (_worker, code) => {
      if (code !== 0) clean = false
      if (Object.keys(cluster.workers ?? {}).length === 0)
        void web.closeDb().finally(() => process.exit(clean ? 0 : 1))
    })
    for (const w of workers) w.process.kill('SIGTERM')
    setTimeout(() => process.exit(1), web.shutdownTimeoutMs() + 5_000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  web.logInfo('web', `listening on http://localhost:${port} with ${processes} processes`)
} else {
  web.startProcessMetrics()
  if (processes === 1) web.serveMetrics({ cluster: false })
  // The composition root of the processes (temporal/processes.ts): the domain's ports, once.
  web.wireProcesses()
  const app = vite
    ? web.createApp({
        // Each request renders with the current sources; the module graph stays Vite's one graph.
        build: () => vite!.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
        before: [vite.middlewares],
      })
    : web.createApp({ build, clientDir: path.join(root, 'build/client') })
  const listening = app.listen(port, () => {
    if (processes === 1) web.logInfo('web', `listening on http://localhost:${port}`)
  })
  // SIGTERM: stop taking connections, finish the requests in flight (SHUTDOWN_TIMEOUT), close the
  // pool, exit (server/shutdown.ts).
  web.drainOnSignals(listening)
}
