import { and, lte, sql } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { securityEvents } from '../../db/schema'
import type { Actor } from '../shared/actor'
import { defineStream } from '../shared/authorize'
import {
  presentSecurityEvent,
  securityLogColumns,
  securityLogOrder,
  securityLogWhere,
  type SecurityLogEntry,
} from './security-log-listing'
import { SecurityLogFilterSchema } from './security-log.schemas'

const BATCH = 500

/**
 * Every row of the security log matching the filters, newest first, read in batches of 500 so a
 * long export holds one batch at a time. Rows written while it runs are left out (the export is
 * of the log as it stood when it began: the rows are append-only, so the batches never shift).
 * Staff with user_management; the check runs before the first read.
 */
export const exportSecurityEvents = defineStream(
  { staff: ['user_management'] },
  async function* exportSecurityEvents(opts: {
    actor: Actor
    query: unknown
  }): AsyncGenerator<SecurityLogEntry> {
    const filter = securityLogWhere(SecurityLogFilterSchema.parse(opts.query ?? {}))
    const [{ last }] = await getDb()
      .select({ last: sql<number>`coalesce(max(${securityEvents.id}), 0)::int` })
      .from(securityEvents)
    const where = and(filter, lte(securityEvents.id, last))
    for (let offset = 0; ; offset += BATCH) {
      const rows = await getDb()
        .select(securityLogColumns)
        .from(securityEvents)
        .where(where)
        .orderBy(...securityLogOrder)
        .limit(BATCH)
        .offset(offset)
      for (const r of rows) yield presentSecurityEvent(r)
      if (rows.length < BATCH) return
    }
  },
)
