import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, agencyBankDetailChanges, agencyBankDetails, agencyHistories } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { presentBankChange } from './request-bank-change'

const LISTED = 200

/**
 * findAgencyBankChanges (staff with finance or agency_management): what staff resolve about
 * payout details: PENDING changes (oldest first) with the agency name, agencies registered for GST
 * without an ABN (they keep GST until staff resolve it), and renames after activation with the
 * previous name (newest first).
 */
export const findAgencyBankChanges = defineUseCase(
  { staff: ['finance', 'agency_management'] },
  async function findAgencyBankChanges(_opts: { actor: Actor }) {
    const db = getDb()
    const [pending, gstWithoutAbn, renames] = await Promise.all([
      db
        .select({
          change: agencyBankDetailChanges,
          agency_name: agencies.full_company_name,
          agency_email: agencies.email,
        })
        .from(agencyBankDetailChanges)
        .innerJoin(agencies, eq(agencies.id, agencyBankDetailChanges.agency_id))
        .where(eq(agencyBankDetailChanges.status, 'PENDING'))
        .orderBy(agencyBankDetailChanges.created_at)
        .limit(LISTED),
      db
        .select({ agency_id: agencies.id, agency_name: agencies.full_company_name, email: agencies.email })
        .from(agencyBankDetails)
        .innerJoin(agencies, eq(agencies.id, agencyBankDetails.agency_id))
        .where(
          and(
            eq(agencyBankDetails.is_gst_registered, true),
            or(isNull(agencyBankDetails.abn), eq(agencyBankDetails.abn, '')),
          ),
        )
        .orderBy(agencies.id)
        .limit(LISTED),
      db
        .select({
          agency_id: agencyHistories.agency_id,
          meta: agencyHistories.meta,
          actor: agencyHistories.actor,
          created_at: agencyHistories.created_at,
        })
        .from(agencyHistories)
        .where(inArray(agencyHistories.action, ['AGENCY_RENAMED']))
        .orderBy(desc(agencyHistories.id))
        .limit(LISTED),
    ])
    return {
      pending: pending.map((p) => ({
        ...presentBankChange(p.change),
        agency_name: p.agency_name ?? p.agency_email,
      })),
      gst_without_abn: gstWithoutAbn.map((a) => ({ ...a, agency_name: a.agency_name ?? a.email })),
      renames: renames.map((r) => {
        const m = (r.meta ?? {}) as { previous_name?: string | null; name?: string | null }
        return {
          agency_id: r.agency_id,
          previous_name: m.previous_name ?? null,
          name: m.name ?? null,
          actor: r.actor,
          created_at: r.created_at,
        }
      }),
    }
  },
)

/** The PENDING change of one agency's payout details, if any (the caller checked access). */
export async function pendingBankChangeOf(agencyId: number) {
  const [c] = await getDb()
    .select()
    .from(agencyBankDetailChanges)
    .where(
      and(eq(agencyBankDetailChanges.agency_id, agencyId), eq(agencyBankDetailChanges.status, 'PENDING')),
    )
  return c ? presentBankChange(c) : null
}
