import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker'
import { fileURLToPath } from 'node:url'
import { config } from '../domain/shared/config'
import { temporalConnectionOptions } from '../temporal/connection-options'
import type { Processes } from '../temporal/processes'
import { workerTracing } from '../temporal/tracing'
import { createActivities } from './activities'
import { realActivityDeps, type ActivityDeps } from './activities/deps'

export const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url))

/**
 * Builds a worker on the configured task queue (tests pass a prebuilt bundle and their own queue).
 * Activities are built here over their dependencies (the real ones unless a test passes others)
 * and the process ports `wireProcesses()` answered (temporal/processes.ts).
 */
export async function createWorker(
  processes: Processes,
  overrides: Partial<WorkerOptions> = {},
  deps: ActivityDeps = realActivityDeps(),
) {
  const connection = await NativeConnection.connect(temporalConnectionOptions())
  const worker = await Worker.create({
    connection,
    namespace: config().TEMPORAL_NAMESPACE,
    taskQueue: config().TEMPORAL_TASK_QUEUE,
    activities: createActivities(deps, processes),
    ...(overrides.workflowBundle ? {} : { workflowsPath }),
    // Traces through workflows and activities when the process traces (temporal/tracing.ts).
    ...(await workerTracing()),
    ...overrides,
  })
  return { worker, connection }
}
