import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { ovhcCommissionRanges } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import type { OvhcCommissionRangeSchema } from '../agencies.schemas'
import { defineUseCase } from '../../shared/authorize'
import { assertProviders } from '../configuration/provider-config'
import { findOvhcCommissionRanges } from './find-ovhc-commission-ranges'

/**
 * updateOvhcCommissionRange (staff, agency_management): the OVHC commission range agencies may
 * choose from for one provider. Rates already saved outside it stay until changed.
 */
export const updateOvhcCommissionRange = defineUseCase(
  { staff: ['agency_management'] },
  async function updateOvhcCommissionRange(opts: {
    actor: Actor
    input: z.infer<typeof OvhcCommissionRangeSchema>
  }) {
    const { provider_id, min_rate, max_rate } = opts.input
    await assertProviders([provider_id], 'provider_id')
    await getDb()
      .insert(ovhcCommissionRanges)
      .values({ provider_id, min_rate, max_rate })
      .onConflictDoUpdate({ target: ovhcCommissionRanges.provider_id, set: { min_rate, max_rate } })
    return findOvhcCommissionRanges({ actor: opts.actor })
  },
)
