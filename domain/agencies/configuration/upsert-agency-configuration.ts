import type { z } from 'zod'
import { getDb } from '../../../db/client'
import { actorLabel, type Actor } from '../../shared/actor'
import type { UpsertConfigurationSchema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'
import { assertProviders, upsertProviderConfig, completeConfigurationStep } from './provider-config'
import { getAgencyConfiguration } from './get-agency-configuration'
import { assertOshcRatesWithinCap } from '../../finance/commission-cap/configuration-caps'

/** upsertAgencyConfiguration (staff): commission, credit and BNPL flag for one provider. */
export const upsertAgencyConfiguration = defineUseCase(
  { staff: ['agency_management'] },
  async function upsertAgencyConfiguration(opts: {
    actor: Actor
    input: z.infer<typeof UpsertConfigurationSchema>
  }) {
    const { input } = opts
    await assertAgencyAccess(opts.actor, input.agency_id)
    await assertProviders([input.insurance_provider_id], 'insurance_provider_id')
    await assertOshcRatesWithinCap(getDb(), input.agency_id, [input], () => 'commission_rate')
    await getDb().transaction(async (tx) => {
      await upsertProviderConfig(tx, input.agency_id, input)
      await recordAgencyHistory(tx, {
        agencyId: input.agency_id,
        action: 'CONFIGURATION_SAVED',
        actor: actorLabel(opts.actor),
        meta: { insurance_provider_id: input.insurance_provider_id, commission_rate: input.commission_rate },
      })
    })
    await completeConfigurationStep(opts.actor, input.agency_id)
    return getAgencyConfiguration({ actor: opts.actor, agencyId: input.agency_id })
  },
)
