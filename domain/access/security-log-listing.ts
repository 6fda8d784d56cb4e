// Reads of the security log shared by findSecurityEvents (a page) and exportSecurityEvents (every
// row, streamed): the filters, as SQL, and the row as the screen, the API and the export show it.
import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { securityEvents } from '../../db/schema'
import { escapeLike } from '../reference/search-text'
import { config } from '../shared/config'
import { describeDevice, deviceLabel } from './devices.rules'
import { SECURITY_EVENT_LABELS, type SecurityEventKind } from './security-log'
import type { SecurityLogFilter } from './security-log.schemas'

/** The first instant of a business day, as a timestamptz (so the range uses the index). */
const dayStart = (iso: string) => sql`(${iso}::date::timestamp at time zone ${config().BUSINESS_TZ})`
const nextDayStart = (iso: string) =>
  sql`((${iso}::date + 1)::timestamp at time zone ${config().BUSINESS_TZ})`

export function securityLogWhere(q: SecurityLogFilter): SQL | undefined {
  const where: SQL[] = []
  if (q.email) where.push(ilike(securityEvents.email, `%${escapeLike(q.email.toLowerCase())}%`))
  if (q.kind) where.push(eq(securityEvents.kind, q.kind))
  if (q.from) where.push(gte(securityEvents.created_at, dayStart(q.from)))
  if (q.to) where.push(lt(securityEvents.created_at, nextDayStart(q.to)))
  return where.length ? and(...where) : undefined
}

export const securityLogColumns = {
  id: securityEvents.id,
  createdAt: securityEvents.created_at,
  kind: securityEvents.kind,
  identityId: securityEvents.identity_id,
  email: securityEvents.email,
  method: securityEvents.method,
  ip: securityEvents.ip,
  userAgent: securityEvents.user_agent,
  detail: securityEvents.detail,
}

type Row = {
  id: number
  createdAt: Date
  kind: string
  identityId: number | null
  email: string | null
  method: string | null
  ip: string | null
  userAgent: string | null
  detail: Record<string, unknown> | null
}

export type SecurityLogEntry = Row & { kindLabel: string; device: string | null }

export function presentSecurityEvent(r: Row): SecurityLogEntry {
  return {
    ...r,
    kindLabel: SECURITY_EVENT_LABELS[r.kind as SecurityEventKind] ?? r.kind,
    device: r.userAgent ? deviceLabel(describeDevice(r.userAgent)) : null,
  }
}

/** Newest first; the id breaks ties of one instant so pages and batches never skip a row. */
export const securityLogOrder = [desc(securityEvents.created_at), desc(securityEvents.id)]

/** Counts the matching rows, stopping at `limit` (a capped count). */
export async function countSecurityEvents(where: SQL | undefined, limit: number) {
  const matching = getDb()
    .select({ one: sql`1` })
    .from(securityEvents)
    .where(where)
    .limit(limit)
    .as('m')
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(matching)
  return { total: n, capped: n >= limit }
}

/** The columns of the security log's export (CSV), in the screen's order. */
export const SECURITY_LOG_EXPORT_COLUMNS = [
  { header: 'Time (UTC)', value: (e: SecurityLogEntry) => e.createdAt.toISOString() },
  { header: 'Event', value: (e: SecurityLogEntry) => e.kindLabel },
  { header: 'Kind', value: (e: SecurityLogEntry) => e.kind },
  { header: 'Email', value: (e: SecurityLogEntry) => e.email ?? '' },
  { header: 'Method', value: (e: SecurityLogEntry) => e.method ?? '' },
  { header: 'IP', value: (e: SecurityLogEntry) => e.ip ?? '' },
  { header: 'Device', value: (e: SecurityLogEntry) => e.device ?? '' },
  { header: 'User-Agent', value: (e: SecurityLogEntry) => e.userAgent ?? '' },
  { header: 'Detail', value: (e: SecurityLogEntry) => (e.detail ? JSON.stringify(e.detail) : '') },
]
