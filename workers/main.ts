import { createWorker } from './worker'
import { logInfo } from '../domain/shared/log'
import { closeTemporalClient } from '../temporal/client'
import { wireProcesses } from '../temporal/processes'
import { ensureSchedules } from '../temporal/schedules'

// The composition root: the domain's process slots and the activities' ports, once, explicitly.
const { worker, connection } = await createWorker(wireProcesses())
// The recurring jobs (DESIGN.md section 10): created or updated here, unchanged ones left alone.
// TEMPORAL_SCHEDULES=off leaves them to another deployment (and to tests that share a server).
if (process.env.TEMPORAL_SCHEDULES !== 'off')
  for (const s of await ensureSchedules()) logInfo('worker', `schedule ${s.scheduleId}: ${s.outcome}`)
logInfo('worker', `polling task queue ${worker.options.taskQueue}`)
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => worker.shutdown())
await worker.run()
await connection.close()
await closeTemporalClient()
