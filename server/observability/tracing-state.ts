// Whether this process traces, and what the Temporal wiring needs from its SDK. The SDK is started
// by the `--import` module (server/observability/otel-register.ts, built to build/otel.mjs) before
// the app loads; the app finds it here, on a global, because the register module and each bundle
// that reads it (build/worker.mjs, the Remix server build) hold their own copy of this file.
// No OpenTelemetry import: a process without tracing loads nothing of it.
import type { Resource } from '@opentelemetry/resources'
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base'

export type Tracing = {
  /** This process's service (oshc-web, oshc-worker, or OTEL_SERVICE_NAME) and other resource attributes. */
  resource: Resource
  /** The processor the SDK exports through: the workflow sandbox's spans go through it too. */
  processor: SpanProcessor
  /** Exports what is buffered and stops the SDK (a process that exits calls it last). */
  shutdown(): Promise<void>
}

/**
 * Whether `env` asks for traces: the standard OTLP endpoint variables (the general one or the
 * traces one), unless OTEL_SDK_DISABLED. Nothing else turns them on.
 */
export const tracingConfigured = (env: Record<string, string | undefined>) =>
  !!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== 'true'

const KEY = Symbol.for('oshc.tracing')
type Holder = { [KEY]?: Tracing }

/** The running SDK, or undefined when this process does not trace (no OTLP endpoint set). */
export const activeTracing = (): Tracing | undefined => (globalThis as Holder)[KEY]

export function setActiveTracing(tracing: Tracing) {
  ;(globalThis as Holder)[KEY] = tracing
}

/** Sends the spans still buffered before the process exits; nothing when it does not trace. */
export async function flushTracing() {
  await activeTracing()
    ?.shutdown()
    .catch(() => {})
}
