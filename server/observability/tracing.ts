// OpenTelemetry traces of a production process, started by the `--import` module
// (otel-register.ts) before the app loads, and only when an OTLP endpoint is configured: HTTP
// (server and client), Express request handlers and every pg query, exported over OTLP/HTTP
// (JSON) in batches. The Temporal interceptors (temporal/tracing.ts) join the same traces.
import type { Context } from '@opentelemetry/api'
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { registerInstrumentations } from '@opentelemetry/instrumentation'
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http'
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg'
import { envDetectorSync, Resource } from '@opentelemetry/resources'
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base'
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node'
import { setActiveTracing, type Tracing } from './tracing-state'

/** Probes and scrapes, traced on every node every few seconds, would bury the requests. */
const UNTRACED_PATHS = new Set(['/api/health', '/api/ready', '/metrics'])

/** URL attributes whose query string may carry what a person typed (a search) or a signature. */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full', 'url.query']

/**
 * The exporting processor with URLs cut at their query string when a span starts: a page's search
 * for a student's name or a presigned upload's signature never leaves the process.
 */
class WithoutQueries implements SpanProcessor {
  constructor(private readonly next: SpanProcessor) {}
  onStart(span: Span, parent: Context) {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key]
      if (typeof value === 'string' && value.includes('?'))
        span.setAttribute(key, key === 'url.query' ? '' : value.slice(0, value.indexOf('?')))
    }
    this.next.onStart(span, parent)
  }
  onEnd(span: ReadableSpan) {
    this.next.onEnd(span)
  }
  forceFlush() {
    return this.next.forceFlush()
  }
  shutdown() {
    return this.next.shutdown()
  }
}

/**
 * Starts the SDK for `service` (OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win): the global
 * tracer provider, W3C trace-context propagation and the instrumentations. pg spans only inside a
 * traced request or activity (a pool's own chatter and LISTEN loops start none); their statements
 * are the SQL text with placeholders, never the values.
 */
export function startTracing(service: string): Tracing {
  // process.pid tells a web node's processes apart (each exports its own spans).
  const resource = new Resource({ 'service.name': service, 'process.pid': process.pid }).merge(
    envDetectorSync.detect(),
  )
  const processor = new WithoutQueries(new BatchSpanProcessor(new OTLPTraceExporter()))
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] })
  provider.register()
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]),
      }),
      // Request handlers only: a span per middleware (headers, guards, compression) is noise.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  })
  const tracing: Tracing = { resource, processor, shutdown: () => provider.shutdown() }
  setActiveTracing(tracing)
  return tracing
}
