import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { insuranceProviders, ovhcCommissionRanges } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'

/** getOvhcCommissionRanges: the range per provider; staff, and agencies (to know what they may set). */
export const findOvhcCommissionRanges = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function findOvhcCommissionRanges(_opts: { actor: Actor }) {
    const rows = await getDb()
      .select({
        provider_id: ovhcCommissionRanges.provider_id,
        provider_name: insuranceProviders.name,
        min_rate: ovhcCommissionRanges.min_rate,
        max_rate: ovhcCommissionRanges.max_rate,
      })
      .from(ovhcCommissionRanges)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, ovhcCommissionRanges.provider_id))
      .orderBy(asc(ovhcCommissionRanges.provider_id))
    return rows.map((r) => ({ ...r, min_rate: Number(r.min_rate), max_rate: Number(r.max_rate) }))
  },
)
