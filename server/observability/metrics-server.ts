import { createServer, type Server } from 'node:http'
import { AggregatorRegistry, register, type Registry } from 'prom-client'
import { config } from '../../domain/shared/config'
import { logError, logInfo, logWarn } from '../../domain/shared/log'
import { businessRegistry } from './business-metrics'

/**
 * GET /metrics on METRICS_HOST:METRICS_PORT (Prometheus text format), served by one process per
 * node: the web cluster's primary, which sums its processes' metrics (prom-client's
 * AggregatorRegistry over the cluster's IPC), or the only web process. The business gauges are
 * added here, once per node (METRICS_BUSINESS=off leaves them out). METRICS_PORT=0: no endpoint.
 * A port already taken is logged, never fatal: the web server serves without its metrics.
 */
export function serveMetrics(opts: { cluster: boolean }): Server | undefined {
  const { METRICS_PORT: port, METRICS_HOST: host, METRICS_BUSINESS } = config()
  if (port === 0) return undefined
  const aggregator = opts.cluster ? new AggregatorRegistry() : undefined
  const business = METRICS_BUSINESS === 'on' ? businessRegistry() : undefined
  const processes = () => (aggregator ? aggregator.clusterMetrics() : register.metrics())
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '/').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: try /metrics\n')
      return
    }
    Promise.all([processes(), businessText(business)]).then(
      (parts) => {
        res.writeHead(200, { 'Content-Type': register.contentType }).end(parts.filter(Boolean).join('\n'))
      },
      (err: unknown) => {
        logError('metrics', err)
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n')
      },
    )
  })
  server.on('error', (err: NodeJS.ErrnoException) =>
    logWarn('metrics', `The metrics endpoint could not listen on ${host}:${port}; serving without it`, {
      code: err.code,
    }),
  )
  server.listen(port, host, () => logInfo('metrics', `metrics on http://${host}:${port}/metrics`))
  return server
}

/** The business gauges; a failed read (the database away) leaves them out of this scrape only. */
async function businessText(registry: Registry | undefined): Promise<string> {
  if (!registry) return ''
  try {
    return await registry.metrics()
  } catch (err) {
    logWarn('metrics', 'The business gauges could not be read', { error: (err as Error).message })
    return ''
  }
}
