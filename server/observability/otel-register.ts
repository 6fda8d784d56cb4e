// Built to build/otel.mjs and run before a production process's own module
// (`node --import ./build/otel.mjs build/web.mjs`, scripts/lib.mjs productionArgs): when an OTLP
// endpoint is configured it registers OpenTelemetry's ES module loader hook (import-in-the-middle)
// and starts the SDK before the app's modules load. The app is an ES module bundle, so without the
// hook pg and Express are imported unpatched and their spans are silently missing. Without an
// endpoint it does nothing. The web cluster's processes run it too (cluster.fork passes execArgv).
import { register } from 'node:module'
import path from 'node:path'
import { tracingConfigured } from './tracing-state'

if (tracingConfigured(process.env)) {
  // Only the modules the instrumentations patch go through the hook: wrapping every module of the
  // app's bundles tripled a web process's start-up.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['pg', 'pg-pool', 'express', 'http', 'https'] },
  })
  // The SDK after the hook, and only when tracing (its own chunk of the build): off, nothing of
  // OpenTelemetry loads.
  const { startTracing } = await import('./tracing')
  startTracing(`oshc-${path.basename(process.argv[1] ?? 'node', '.mjs')}`)
}
