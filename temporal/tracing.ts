// Temporal's OpenTelemetry interceptors, when this process traces (server/observability/tracing.ts
// started the SDK): the client's start, signal and update calls carry the caller's span in their
// headers, the workflow's handlers and activity calls continue it inside the sandbox (its spans
// leave through a sink to the process's exporter), and each activity runs in a span of its own,
// under which its SQL is traced. Nothing is loaded or added when the process does not trace.
import { createRequire } from 'node:module'
import type { ClientInterceptors } from '@temporalio/client'
import type { ActivityInboundCallsInterceptor, WorkerOptions } from '@temporalio/worker'
import type { Context as ActivityContext } from '@temporalio/activity'
import { processKeys } from '../domain/shared/process-keys.rules'
import { traceIds, type TracedIds } from '../domain/shared/trace-ids'
import { activeTracing } from '../server/observability/tracing-state'

const PACKAGE = '@temporalio/interceptors-opentelemetry'

/** The client's interceptors (the web server's and the worker's client), or none. */
export async function clientInterceptors(): Promise<ClientInterceptors | undefined> {
  if (!activeTracing()) return undefined
  const { OpenTelemetryWorkflowClientInterceptor } =
    await import('@temporalio/interceptors-opentelemetry/lib/client/index.js')
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor()] }
}

/**
 * The worker's share: workflow interceptors bundled into the sandbox with a sink exporting their
 * spans, the activity interceptors, and the business id each activity's workflow id names.
 * Empty when the process does not trace (and for a prebuilt bundle the interceptors are not in).
 */
export async function workerTracing(): Promise<Pick<WorkerOptions, 'interceptors' | 'sinks'>> {
  const tracing = activeTracing()
  if (!tracing) return {}
  const otel = await import('@temporalio/interceptors-opentelemetry/lib/worker/index.js')
  return {
    interceptors: {
      workflowModules: [createRequire(import.meta.url).resolve(`${PACKAGE}/lib/workflow-interceptors`)],
      // The first is outermost: the activity's span is open when the second names its ids.
      activity: [
        (ctx) => ({
          inbound: new otel.OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new otel.OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
        (ctx) => ({ inbound: new ProcessIds(ctx) }),
      ],
    },
    sinks: { exporter: otel.makeWorkflowExporter(tracing.processor, tracing.resource) },
  }
}

/** Which business id each process's workflow id carries (temporal's ids are processKeys). */
const PROCESS_IDS: [prefix: string, kind: keyof TracedIds][] = (
  [
    [processKeys.agencyOnboarding, 'agency'],
    [processKeys.commissionPayout, 'payout'],
    [processKeys.clawback, 'clawback'],
    [processKeys.amendment, 'amendment'],
    [processKeys.fullRefund, 'policy'],
    [processKeys.paymentLink, 'payment_link'],
  ] as const
).map(([key, kind]) => [key(0).slice(0, -1), kind])

/** The business ids a workflow id names (`payout-12`: payout 12), or none. */
export function idsOfWorkflow(workflowId: string): TracedIds {
  for (const [prefix, kind] of PROCESS_IDS) {
    const rest = workflowId.startsWith(prefix) ? workflowId.slice(prefix.length) : ''
    if (/^\d+$/.test(rest)) return { [kind]: Number(rest) }
  }
  return {}
}

class ProcessIds implements ActivityInboundCallsInterceptor {
  constructor(private readonly ctx: ActivityContext) {}
  execute: ActivityInboundCallsInterceptor['execute'] = (input, next) => {
    const workflowId = this.ctx.info.workflowExecution?.workflowId
    if (workflowId) traceIds(idsOfWorkflow(workflowId))
    return next(input)
  }
}
