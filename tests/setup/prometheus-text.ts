// Prometheus text-format answers read with prom2javascript (a parser of the standard format; it
// keeps each labelled series of a histogram apart), for the tests of /metrics.
import { getMetricsFromIterator, type PromMetrics } from 'prom2javascript'

export type Sample = {
  labels: Record<string, string>
  value?: number
  buckets?: Record<string, number>
  count?: number
  sum?: number
}
export type Family = { type: string; help: string; data: Sample[] }

export const parseMetrics = (text: string): Promise<PromMetrics> =>
  getMetricsFromIterator(text.split('\n')[Symbol.iterator]())

/** The family called `name`; fails naming the ones there are. */
export function family(metrics: PromMetrics, name: string): Family {
  const f = metrics[name]
  if (!f) throw new Error(`no ${name} in the metrics (${Object.keys(metrics).join(', ')})`)
  return f as Family
}

/** The value of the sample of `name` whose labels include `labels` (undefined when none has them). */
export function valueOf(metrics: PromMetrics, name: string, labels: Record<string, string> = {}) {
  return family(metrics, name).data.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    ?.value
}
