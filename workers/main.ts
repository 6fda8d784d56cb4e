import { DefaultLogger, Runtime } from '@temporalio/worker'
import { createWorker } from './worker'
import { config } from '../domain/shared/config'
import { logInfo, logWarn } from '../domain/shared/log'
import { closeTemporalClient } from '../temporal/client'
import { wireProcesses } from '../temporal/processes'
import { ensureSchedules } from '../temporal/schedules'
import { assertMigrationsCurrent } from '../server/observability/migration-status'
import { flushTracing } from '../server/observability/tracing-state'

// The Temporal runtime's own metrics (workflow and activity task latencies, slots, polls, sticky
// cache) in Prometheus format at http://METRICS_HOST:WORKER_METRICS_PORT/metrics; 0: none.
const { METRICS_HOST, WORKER_METRICS_PORT } = config()
if (WORKER_METRICS_PORT !== 0) {
  const bindAddress = `${METRICS_HOST}:${WORKER_METRICS_PORT}`
  try {
    Runtime.install({
      logger: new DefaultLogger('WARN'),
      telemetryOptions: { metrics: { prometheus: { bindAddress } } },
    })
    logInfo('worker', `Temporal runtime metrics on http://${bindAddress}/metrics`)
  } catch (err) {
    // A port already taken costs the metrics, never the worker (the default runtime is used).
    logWarn('worker', `The worker's metrics could not listen on ${bindAddress}; running without them`, {
      error: (err as Error).message,
    })
  }
}

// A worker runs only against a database at its code's migrations, as a web node (activities write
// the tables this code knows): production migrates in a step of its own, `npm start` before this.
try {
  await assertMigrationsCurrent()
} catch (err) {
  console.error(`[oshc] ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
}

// The composition root: the domain's process slots and the activities' ports, once, explicitly.
const { worker, connection } = await createWorker(wireProcesses())
// The recurring jobs (DESIGN.md section 10): created or updated here, unchanged ones left alone.
// TEMPORAL_SCHEDULES=off leaves them to another deployment (and to tests that share a server).
if (process.env.TEMPORAL_SCHEDULES !== 'off')
  for (const s of await ensureSchedules()) logInfo('worker', `schedule ${s.scheduleId}: ${s.outcome}`)
logInfo('worker', `polling task queue ${worker.options.taskQueue}`)
// SIGTERM: stop polling, let the tasks in hand finish (an activity past the worker's
// shutdownGraceTime is cancelled and retried by another worker), then close. A second signal (a
// process manager signals the whole group) changes nothing.
let stopping = false
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    if (stopping) return
    stopping = true
    logInfo('worker', 'shutting down', { signal: sig })
    worker.shutdown()
  })
await worker.run()
await connection.close()
await closeTemporalClient()
await flushTracing()
logInfo('worker', 'stopped')
