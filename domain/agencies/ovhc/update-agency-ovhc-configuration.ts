import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { agencyOvhcCommissions, ovhcCommissionRanges } from '../../../db/schema'
import { actorLabel, isAgencySide, type Actor } from '../../shared/actor'
import { validation } from '../../shared/errors'
import type { OvhcConfigurationSchema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'
import { assertProviders, upsertOvhcCommission } from '../configuration/provider-config'
import { getOvhcAgencyConfiguration } from './get-ovhc-agency-configuration'
import { assertOvhcRatesWithinCap } from '../../finance/commission-cap/configuration-caps'

/**
 * updateAgencyOvhcConfiguration: staff (agency_management) set any agency's OVHC commission
 * (agency_id required) at any rate the spec allows; an agency (finance permission) sets its own,
 * within the range staff allow for that provider (`ovhc_commission_ranges`). Another agency's id
 * is a 404. Writes an agency history row with the rate before and after.
 */
export const updateAgencyOvhcConfiguration = defineUseCase(
  { staff: ['agency_management'], agency: ['finance'] },
  async function updateAgencyOvhcConfiguration(opts: {
    actor: Actor
    input: z.infer<typeof OvhcConfigurationSchema>
  }) {
    const { actor, input } = opts
    const agencyId = input.agency_id ?? (isAgencySide(actor) ? actor.agencyId : undefined)
    if (!agencyId) throw validation('agency_id', 'agency_id is required')
    await assertAgencyAccess(actor, agencyId)
    await assertProviders([input.provider_id], 'provider_id')
    await assertOvhcRatesWithinCap([input], () => 'commission_rate')
    await getDb().transaction(async (tx) => {
      if (isAgencySide(actor)) {
        const [range] = await tx
          .select()
          .from(ovhcCommissionRanges)
          .where(eq(ovhcCommissionRanges.provider_id, input.provider_id))
          .for('share')
        if (!range) throw validation('commission_rate', OVHC_NO_RANGE_MSG)
        const rate = Number(input.commission_rate)
        if (rate < Number(range.min_rate) || rate > Number(range.max_rate))
          throw validation('commission_rate', ovhcOutOfRangeMsg(range.min_rate, range.max_rate))
      }
      const [before] = await tx
        .select({ commission_rate: agencyOvhcCommissions.commission_rate })
        .from(agencyOvhcCommissions)
        .where(
          and(
            eq(agencyOvhcCommissions.agency_id, agencyId),
            eq(agencyOvhcCommissions.provider_id, input.provider_id),
          ),
        )
        .for('update')
      await upsertOvhcCommission(tx, agencyId, input.provider_id, input.commission_rate)
      await recordAgencyHistory(tx, {
        agencyId,
        action: 'OVHC_COMMISSION_SAVED',
        actor: actorLabel(actor),
        meta: {
          provider_id: input.provider_id,
          from_commission_rate: before?.commission_rate ?? null,
          commission_rate: input.commission_rate,
        },
      })
    })
    return getOvhcAgencyConfiguration({ actor, agencyId })
  },
)

export const OVHC_NO_RANGE_MSG = 'The OVHC commission range for this provider has not been set by staff yet'

export const ovhcOutOfRangeMsg = (min: string, max: string) =>
  `Commission rate must be between ${Number(min)} and ${Number(max)} for this provider`
