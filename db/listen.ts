import pg from 'pg'
import { logWarn } from '../domain/shared/log'

type Handler = (payload: string) => void

/**
 * PostgreSQL LISTEN for this process: one connection, whatever the number of subscribers, opened
 * on the first subscription and opened again (after a pause) when it is lost. Notifications sent
 * while it was down are missed; subscribers hear `''` on each reconnection so they can re-read.
 */
const channels = new Map<string, Set<Handler>>()
let client: pg.Client | null = null
let connecting: Promise<void> | null = null

async function connect() {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL })
  c.on('notification', (m) => {
    for (const h of channels.get(m.channel) ?? []) h(m.payload ?? '')
  })
  c.on('error', (err) => {
    logWarn('db', 'The LISTEN connection was lost; reconnecting', { error: err.message })
    if (client === c) client = null
    setTimeout(() => void ensureConnected().catch(() => {}), 1000)
  })
  await c.connect()
  for (const channel of channels.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
  client = c
  for (const handlers of channels.values()) for (const h of handlers) h('')
}

function ensureConnected(): Promise<void> {
  if (client) return Promise.resolve()
  connecting ??= connect().finally(() => {
    connecting = null
  })
  return connecting
}

/** Calls `handler` with each notification's payload on `channel`; returns the unsubscribe. */
export async function listen(channel: string, handler: Handler): Promise<() => void> {
  let handlers = channels.get(channel)
  const fresh = !handlers
  if (!handlers) channels.set(channel, (handlers = new Set()))
  handlers.add(handler)
  await ensureConnected()
  if (fresh && client) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
  return () => {
    handlers.delete(handler)
  }
}
