import type { NextFunction, Request, Response } from 'express'
import { AggregatorRegistry, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client'
import { matchEndpoint } from '../../api/router.server'
import { poolStats } from '../../db/client'

// The metrics of one web process, on prom-client's global registry. In the web cluster each process
// answers its primary's requests for them (AggregatorRegistry's IPC, set up by constructing one);
// the primary serves the sum (server/observability/metrics-server.ts).

let started = false

/** Once per process: Node's own metrics (event-loop delay, heap, GC, CPU), the pool's, the cluster link. */
export function startProcessMetrics() {
  if (started) return
  started = true
  collectDefaultMetrics()
  new Gauge({
    name: 'oshc_db_pool_connections',
    help: 'PostgreSQL pool connections of the web processes: total open, idle, and requests waiting for one',
    labelNames: ['state'],
    collect() {
      const s = poolStats()
      this.set({ state: 'total' }, s.total)
      this.set({ state: 'idle' }, s.idle)
      this.set({ state: 'waiting' }, s.waiting)
    },
  })
  // In a cluster worker this answers the primary's metric requests (a no-op elsewhere).
  new AggregatorRegistry()
}

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route (the /api table row or the page path) and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
})

/**
 * The route of a request, with a bounded number of values: an /api call is its endpoint row's path
 * (`/api/policies/{id}`), a page its path with id-like segments (any holding a digit) as `:id`,
 * static files one value, and anything that answered 404 one value, whatever scanners ask for.
 */
export function routeLabel(method: string, path: string, status: number): string {
  if (path === '/api/ready') return path // served beside the table (readiness.ts)
  if (path === '/api' || path.startsWith('/api/')) {
    const m = matchEndpoint(method === 'HEAD' ? 'GET' : method, path.slice(4) || '/')
    return 'endpoint' in m ? `/api${m.endpoint.path}` : '/api (no such endpoint)'
  }
  if (status === 404) return '(not found)'
  if (path.startsWith('/assets/')) return '/assets'
  return path
    .split('/')
    .map((s) => (/\d/.test(s) ? ':id' : s))
    .join('/')
}

/** Times every request; a server-sent event stream is timed until it ends. */
export function timeRequests(req: Request, res: Response, next: NextFunction) {
  const end = requestDuration.startTimer()
  res.once('close', () => {
    end({
      method: req.method,
      route: routeLabel(req.method, req.path, res.statusCode),
      status: res.statusCode,
    })
  })
  next()
}

export { register as processRegistry }
