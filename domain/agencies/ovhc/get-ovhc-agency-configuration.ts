import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyOvhcCommissions, insuranceProviders } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'

export const getOvhcAgencyConfiguration = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getOvhcAgencyConfiguration(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const rows = await getDb()
      .select({
        agency_id: agencyOvhcCommissions.agency_id,
        provider_id: agencyOvhcCommissions.provider_id,
        commission_rate: agencyOvhcCommissions.commission_rate,
        provider_name: insuranceProviders.name,
      })
      .from(agencyOvhcCommissions)
      .innerJoin(insuranceProviders, eq(insuranceProviders.id, agencyOvhcCommissions.provider_id))
      .where(eq(agencyOvhcCommissions.agency_id, opts.agencyId))
    return rows.map((r) => ({ ...r, commission_rate: Number(r.commission_rate) }))
  },
)
