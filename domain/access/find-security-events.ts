import { getDb } from '../../db/client'
import { securityEvents } from '../../db/schema'
import type { StaffActor } from '../shared/actor'
import { defineUseCase } from '../shared/authorize'
import { countLimit, pageInfo, type Paged } from '../shared/pagination'
import {
  countSecurityEvents,
  presentSecurityEvent,
  securityLogColumns,
  securityLogOrder,
  securityLogWhere,
  type SecurityLogEntry,
} from './security-log-listing'
import { SecurityLogQuerySchema } from './security-log.schemas'

/**
 * A page of the security log, newest first, filtered by part of an e-mail, a kind and a range of
 * days; paged and counted in SQL (the count stops at COUNT_CAP past the page). Staff with
 * user_management.
 */
export const findSecurityEvents = defineUseCase(
  { staff: ['user_management'] },
  async function findSecurityEvents(opts: {
    actor: StaffActor
    query: unknown
  }): Promise<Paged<SecurityLogEntry>> {
    const q = SecurityLogQuerySchema.parse(opts.query ?? {})
    const where = securityLogWhere(q)
    const [rows, total] = await Promise.all([
      getDb()
        .select(securityLogColumns)
        .from(securityEvents)
        .where(where)
        .orderBy(...securityLogOrder)
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      countSecurityEvents(where, countLimit(q.page, q.perPage)),
    ])
    return {
      items: rows.map(presentSecurityEvent),
      pageInfo: pageInfo(q.page, q.perPage, total.total, { capped: total.capped }),
    }
  },
)
