import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker'
import { fileURLToPath } from 'node:url'
import { config } from '../domain/shared/config'
import '../temporal/ports'
import { createActivities } from './activities'

export const workflowsPath = fileURLToPath(new URL('../workflows/index.ts', import.meta.url))

/** Builds a worker on the configured task queue (tests pass a prebuilt bundle and their own queue). */
export async function createWorker(overrides: Partial<WorkerOptions> = {}) {
  const connection = await NativeConnection.connect({ address: config().TEMPORAL_ADDRESS })
  const worker = await Worker.create({
    connection,
    namespace: config().TEMPORAL_NAMESPACE,
    taskQueue: config().TEMPORAL_TASK_QUEUE,
    activities: createActivities(),
    ...(overrides.workflowBundle ? {} : { workflowsPath }),
    ...overrides,
  })
  return { worker, connection }
}
