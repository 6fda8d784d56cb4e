import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { ovhcCommissionRanges } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import type { OvhcCommissionRangeSchema } from '../agencies.schemas'
import { defineUseCase } from '../../shared/authorize'
import { assertProviders } from '../configuration/provider-config'
import { findOvhcCommissionRanges } from './find-ovhc-commission-ranges'
import { assertOvhcRangeWithinCap } from '../../finance/commission-cap/configuration-caps'

/**
 * updateOvhcCommissionRange (staff, agency_management): the OVHC commission range agencies may
 * choose from for one provider. Rates already saved outside it stay until changed. While an OVHC
 * commission cap is set, the range's top may not go over it (400 on max_rate).
 */
export const updateOvhcCommissionRange = defineUseCase(
  { staff: ['agency_management'] },
  async function updateOvhcCommissionRange(opts: {
    actor: Actor
    input: z.infer<typeof OvhcCommissionRangeSchema>
  }) {
    const { provider_id, min_rate, max_rate } = opts.input
    await assertProviders([provider_id], 'provider_id')
    await assertOvhcRangeWithinCap(max_rate)
    await getDb()
      .insert(ovhcCommissionRanges)
      .values({ provider_id, min_rate, max_rate })
      .onConflictDoUpdate({ target: ovhcCommissionRanges.provider_id, set: { min_rate, max_rate } })
    return findOvhcCommissionRanges({ actor: opts.actor })
  },
)
