import { asc, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, agencyBankDetails, agencyOvhcCommissions } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { defineUseCase } from '../../shared/authorize'

/** getAllOvhcAgencyConfiguration / agencyForOvhc (staff): agencies with their OVHC commissions. */
export const findOvhcAgencies = defineUseCase(
  { staff: ['agency_management'] },
  async function findOvhcAgencies(opts: { actor: Actor; returnBankDetails: boolean; agencyId?: number }) {
    const db = getDb()
    const list = await db
      .select({
        id: agencies.id,
        full_company_name: agencies.full_company_name,
        email: agencies.email,
        status: agencies.status,
      })
      .from(agencies)
      .where(opts.agencyId ? eq(agencies.id, opts.agencyId) : eq(agencies.status, 'PORTAL_ACTIVATED'))
      .orderBy(asc(agencies.full_company_name))
    if (opts.agencyId && !list.length) throw notFound('Agency')
    const ids = list.map((a) => a.id)
    const commissions = ids.length
      ? await db.select().from(agencyOvhcCommissions).where(inArray(agencyOvhcCommissions.agency_id, ids))
      : []
    const banks =
      opts.returnBankDetails && ids.length
        ? await db.select().from(agencyBankDetails).where(inArray(agencyBankDetails.agency_id, ids))
        : []
    return list.map((a) => ({
      ...a,
      ovhc_commissions: commissions
        .filter((c) => c.agency_id === a.id)
        .map((c) => ({ provider_id: c.provider_id, commission_rate: Number(c.commission_rate) })),
      ...(opts.returnBankDetails ? { bank_detail: banks.find((b) => b.agency_id === a.id) ?? null } : {}),
    }))
  },
)
