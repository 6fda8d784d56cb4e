import { z } from 'zod'
import { durationSetting } from './duration'

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a port number (0 turns it off)` })
    .int()
    .min(0)
    .max(65_535)

/** How the system is run and watched in production (issue 28; docs/production.md). */
export const operationsSettings = {
  /**
   * Prometheus metrics of the web server at http://METRICS_HOST:METRICS_PORT/metrics (the cluster's
   * primary answers for all its processes); 0 turns the endpoint off.
   */
  METRICS_PORT: port('METRICS_PORT').default(9464),
  /** Where the metrics endpoints listen: this machine only unless set (0.0.0.0 for a scraper elsewhere). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** The worker's Temporal runtime metrics (Prometheus) on METRICS_HOST; 0 turns them off. */
  WORKER_METRICS_PORT: port('WORKER_METRICS_PORT').default(9465),
  /**
   * The business gauges (open approvals, overdue invoices, unmatched statement lines) read the one
   * shared database: with several web nodes, leave them on for one and set `off` on the others.
   */
  METRICS_BUSINESS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  /** On SIGTERM, how long a web process lets requests in flight finish before it closes them. */
  SHUTDOWN_TIMEOUT: durationSetting.default('20s'),

  /**
   * Temporal Cloud or a self-hosted cluster (temporal/connection-options.ts). An API key
   * (Authorization: Bearer) implies TLS; mTLS takes a client certificate and its key (PEM file
   * paths, set together); TEMPORAL_TLS_CA trusts a private CA; TEMPORAL_TLS_SERVER_NAME checks the
   * server's certificate for another name than the address's host. TEMPORAL_TLS: on or off; unset,
   * TLS is on when any of the others is set.
   */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
  TEMPORAL_TLS_CERT: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS_CA: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
}

type TemporalSettings = {
  TEMPORAL_API_KEY?: string
  TEMPORAL_TLS?: 'on' | 'off'
  TEMPORAL_TLS_CERT?: string
  TEMPORAL_TLS_KEY?: string
  TEMPORAL_TLS_CA?: string
  TEMPORAL_TLS_SERVER_NAME?: string
}

/** The Temporal connection settings that contradict each other, as [variable, message] pairs. */
export function temporalSettingsIssues(env: TemporalSettings): [keyof TemporalSettings, string][] {
  const issues: [keyof TemporalSettings, string][] = []
  if (env.TEMPORAL_TLS_KEY && !env.TEMPORAL_TLS_CERT)
    issues.push(['TEMPORAL_TLS_CERT', 'TEMPORAL_TLS_KEY needs TEMPORAL_TLS_CERT (the client certificate)'])
  if (env.TEMPORAL_TLS_CERT && !env.TEMPORAL_TLS_KEY)
    issues.push(['TEMPORAL_TLS_KEY', 'TEMPORAL_TLS_CERT needs TEMPORAL_TLS_KEY (its private key)'])
  if (env.TEMPORAL_TLS === 'off') {
    const needTls = (
      ['TEMPORAL_API_KEY', 'TEMPORAL_TLS_CERT', 'TEMPORAL_TLS_CA', 'TEMPORAL_TLS_SERVER_NAME'] as const
    ).filter((k) => env[k])
    if (needTls.length)
      issues.push(['TEMPORAL_TLS', `TEMPORAL_TLS=off contradicts ${needTls.join(', ')}, which need TLS`])
  }
  return issues
}
