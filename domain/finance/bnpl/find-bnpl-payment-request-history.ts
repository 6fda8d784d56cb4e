import { and, asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bnplPaymentRequests, financeRequestHistories } from '../../../db/schema'
import { isStaff, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { notFound } from '../../shared/errors'
import { assertAgencyAccess } from '../../agencies/agency-access'

/**
 * getBuyNowPaylaterPaymentHistory (agency side: its own requests, the rows meant for it) and
 * getBuyNowPaylaterPaymentOSHCHistory (staff with finance: every row): a settlement request's
 * timeline, oldest first. Another agency's request is 404.
 */
export const findBnplPaymentRequestHistory = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findBnplPaymentRequestHistory(opts: { actor: Actor; requestId: number }) {
    const { actor } = opts
    const [row] = await getDb()
      .select({ agency_id: bnplPaymentRequests.agency_id })
      .from(bnplPaymentRequests)
      .where(eq(bnplPaymentRequests.id, opts.requestId))
    if (!row) throw notFound('Buy now, pay later payment request')
    await assertAgencyAccess(actor, row.agency_id).catch(() => {
      throw notFound('Buy now, pay later payment request')
    })
    const rows = await getDb()
      .select()
      .from(financeRequestHistories)
      .where(
        and(
          eq(financeRequestHistories.request_type, 'BNPL_PAYMENT'),
          eq(financeRequestHistories.request_id, opts.requestId),
          isStaff(actor) ? undefined : eq(financeRequestHistories.agency_visible, true),
        ),
      )
      .orderBy(asc(financeRequestHistories.created_at), asc(financeRequestHistories.id))
    return rows.map((h) => ({
      id: h.id,
      action: h.action,
      from_status: h.from_status,
      to_status: h.to_status,
      actor: h.actor,
      note: h.note,
      created_at: h.created_at,
    }))
  },
)
