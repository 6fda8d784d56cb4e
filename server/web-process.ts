// What the web server process takes from the app, exported by the Remix server entry
// (app/entry.server.tsx): in production and development alike the server loads the Remix server
// build and finds the request chain, the configuration and the logger in it, so the pages, /api,
// the domain and the process ports are one module graph (ADR 0012). The server's own bundle
// (build/web.mjs) holds nothing but the process management of server/index.ts, which calls
// `wireProcesses()` once before it serves (ADR 0014).

export { createApp } from './app'
export { wireProcesses } from '../temporal/processes'
export { config } from '../domain/shared/config'
export { temporalConnectionOptions } from '../temporal/connection-options'
export { logInfo, logWarn } from '../domain/shared/log'
export { drainOnSignals, shutdownTimeoutMs } from './shutdown'
export { assertMigrationsCurrent } from './observability/migration-status'
export { serveMetrics } from './observability/metrics-server'
export { startProcessMetrics } from './observability/metrics'
export { closeDb } from '../db/client'
