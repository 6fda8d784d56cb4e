import { inject } from 'vitest'
import { Runtime, DefaultLogger } from '@temporalio/worker'
import { createWorker } from '../../workers/worker'
import { realActivityDeps } from '../../workers/activities/deps'
import { temporalProcesses } from '../../temporal/processes'

let runtimeInstalled = false

/** Starts a real worker for this test file's task queue; returns a function that stops it. */
export async function startWorker() {
  if (!runtimeInstalled) {
    Runtime.install({ logger: new DefaultLogger('ERROR', () => {}) })
    runtimeInstalled = true
  }
  // The ports per-file.ts wired (temporal/processes.ts).
  const { worker, connection } = await createWorker(
    temporalProcesses,
    { workflowBundle: { codePath: inject('workflowBundlePath') } },
    realActivityDeps(),
  )
  const running = worker.run()
  return async () => {
    worker.shutdown()
    await running
    await connection.close()
  }
}
