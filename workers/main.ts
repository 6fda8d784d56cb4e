import { createWorker } from './worker'
import { logInfo } from '../domain/shared/log'
import { closeTemporalClient } from '../temporal/client'
import { ensureSchedules } from '../temporal/schedules'

const { worker, connection } = await createWorker()
// The recurring jobs (DESIGN.md section 10): created or updated here, unchanged ones left alone.
// TEMPORAL_SCHEDULES=off leaves them to another deployment (and to tests that share a server).
if (process.env.TEMPORAL_SCHEDULES !== 'off')
  for (const s of await ensureSchedules()) logInfo('worker', `schedule ${s.scheduleId}: ${s.outcome}`)
logInfo('worker', `polling task queue ${worker.options.taskQueue}`)
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => worker.shutdown())
await worker.run()
await connection.close()
await closeTemporalClient()
