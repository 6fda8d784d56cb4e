import { trace } from '@opentelemetry/api'

/** The business records a span may name: ids only, never a name, an e-mail or an amount. */
export type TracedIds = Partial<
  Record<'agency' | 'policy' | 'payout' | 'clawback' | 'amendment' | 'payment_link', number>
>

/**
 * Names the business records this work is about on the span it runs in (`oshc.payout_id`, …):
 * the request's span in the web server, the activity's in the worker, so an operator finds one
 * payout's traces by its id. Costs a lookup and nothing more when the process does not trace.
 */
export function traceIds(ids: TracedIds) {
  const span = trace.getActiveSpan()
  if (!span) return
  for (const [kind, id] of Object.entries(ids))
    if (Number.isInteger(id)) span.setAttribute(`oshc.${kind}_id`, id as number)
}
