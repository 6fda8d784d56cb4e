import { createWorker } from './worker'
import { logInfo } from '../domain/shared/log'

const { worker, connection } = await createWorker()
logInfo('worker', `polling task queue ${worker.options.taskQueue}`)
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => worker.shutdown())
await worker.run()
await connection.close()
