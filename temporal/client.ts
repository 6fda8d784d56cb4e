import { Client, Connection } from '@temporalio/client'
import { config } from '../domain/shared/config'
import { temporalConnectionOptions } from './connection-options'
import { clientInterceptors } from './tracing'

let client: Promise<Client> | undefined

/** Lazy singleton client for the web server (and tests). */
export function temporalClient(): Promise<Client> {
  if (client) return client
  // A TLS file that cannot be read rejects this promise (the web node checked them at start).
  const connecting = Promise.resolve()
    .then(() => Connection.connect(temporalConnectionOptions()))
    .then(
      async (connection) =>
        new Client({
          connection,
          namespace: config().TEMPORAL_NAMESPACE,
          // When the process traces: its calls (an Update's decision) continue the caller's trace.
          interceptors: await clientInterceptors(),
        }),
    )
  // A failed first connection (Temporal down while this process started) is not kept: the next
  // call connects again, so the process recovers when Temporal comes back (and /api/ready says so).
  connecting.catch(() => {
    if (client === connecting) client = undefined
  })
  client = connecting
  return client
}

export async function closeTemporalClient() {
  const c = await client?.catch(() => undefined)
  client = undefined
  await c?.connection.close()
}
