import { Client, Connection } from '@temporalio/client'
import { config } from '../domain/shared/config'

let client: Promise<Client> | undefined

/** Lazy singleton client for the web server (and tests). */
export function temporalClient(): Promise<Client> {
  client ??= Connection.connect({ address: config().TEMPORAL_ADDRESS }).then(
    (connection) => new Client({ connection, namespace: config().TEMPORAL_NAMESPACE }),
  )
  return client
}

export async function closeTemporalClient() {
  const c = await client
  client = undefined
  await c?.connection.close()
}
