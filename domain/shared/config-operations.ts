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
}
