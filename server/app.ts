import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { securityHeaders } from './security-headers'
import { answerUnsupportedMethods, refuseNulInUrl } from './request-guards'
import { refuseCrossSiteWrites, trustProxyWhenConfigured } from './edge'
import { serveApi } from './api'
import { serveReadiness } from './observability/readiness'
import { timeRequests } from './observability/metrics'
import { trackInFlight } from './shutdown'
import { servePages } from './page-routes'

/**
 * The one request chain, in the server and in the tests that stand in for it: headers, the
 * guards, /api straight to the endpoint table, static files of a built client, then the pages.
 */
export function createApp(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** The built client (build/client) to serve; none in development, where Vite serves it. */
  clientDir?: string
  /** Middleware before the pages (Vite's in development). */
  before?: RequestHandler[]
}) {
  const app = express()
  app.disable('x-powered-by')
  trustProxyWhenConfigured(app)
  app.use(trackInFlight, timeRequests)
  // Server-sent events must reach the browser as written, not when a compression buffer fills.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
        compression.filter(req, res),
    }),
  )
  app.use(securityHeaders)
  app.use(answerUnsupportedMethods, refuseNulInUrl)
  // Readiness reads the database and Temporal itself; /api/health (alive) is a row of the table.
  app.get('/api/ready', (req, res, next) => void serveReadiness(req, res).catch(next))
  app.all(['/api', '/api/*'], serveApi)
  if (opts.clientDir) {
    app.use(
      '/assets',
      express.static(path.join(opts.clientDir, 'assets'), {
        immutable: true,
        maxAge: '1y',
        fallthrough: false,
      }),
    )
    // Files at the root (favicon, robots.txt): only paths with an extension look at the disk.
    const files = express.static(opts.clientDir, { maxAge: '1h', index: false })
    app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()))
  }
  for (const m of opts.before ?? []) app.use(m)
  app.use(refuseCrossSiteWrites)
  app.all('*', servePages(opts.build))
  return app
}
