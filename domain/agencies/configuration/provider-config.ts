import { eq, inArray } from 'drizzle-orm'
import { getDb, type Tx } from '../../../db/client'
import { agencies, agencyConfigurations, agencyOvhcCommissions, insuranceProviders } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { validation } from '../../shared/errors'
import { onboardingProcess } from '../onboarding-workflow/onboarding-process'

/* What saving an agency's provider configuration shares (v1, v2 and the OVHC rates). */

/** Refuses insurance provider ids that do not exist: 400 on `field`. */
export async function assertProviders(ids: number[], field: string) {
  if (!ids.length) return
  const found = await getDb()
    .select({ id: insuranceProviders.id })
    .from(insuranceProviders)
    .where(inArray(insuranceProviders.id, ids))
  const missing = ids.filter((i) => !found.some((f) => f.id === i))
  if (missing.length) throw validation(field, `Unknown insurance provider ${missing.join(', ')}`)
}

/**
 * Saving configuration for an agency that submitted its request completes the staff
 * "configuration" step of onboarding (through the workflow).
 */
export async function completeConfigurationStep(actor: Actor, agencyId: number) {
  const [a] = await getDb()
    .select({ status: agencies.status, submitted: agencies.is_request_submitted })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  if (a?.status === 'COMPANY_DETAIL_DONE' && a.submitted) {
    await onboardingProcess().decide(agencyId, 'configurationDone', actorLabel(actor))
  }
}

export async function upsertProviderConfig(
  tx: Tx,
  agencyId: number,
  c: {
    insurance_provider_id: number
    commission_rate: string
    credit_amount: number
    credit_currency: 'AUD' | 'NPR' | 'USD' | 'INR'
    is_buy_now_pay_later_enabled: boolean
  },
) {
  const values = {
    commission_rate: c.commission_rate,
    credit_amount: c.credit_amount.toFixed(2),
    credit_currency: c.credit_currency,
    is_buy_now_pay_later_enabled: c.is_buy_now_pay_later_enabled,
  }
  await tx
    .insert(agencyConfigurations)
    .values({ agency_id: agencyId, insurance_provider_id: c.insurance_provider_id, ...values })
    .onConflictDoUpdate({
      target: [agencyConfigurations.agency_id, agencyConfigurations.insurance_provider_id],
      set: values,
    })
}

/** The agency's OVHC commission with the provider (added or replaced). */
export async function upsertOvhcCommission(tx: Tx, agencyId: number, providerId: number, rate: string) {
  await tx
    .insert(agencyOvhcCommissions)
    .values({ agency_id: agencyId, provider_id: providerId, commission_rate: rate })
    .onConflictDoUpdate({
      target: [agencyOvhcCommissions.agency_id, agencyOvhcCommissions.provider_id],
      set: { commission_rate: rate },
    })
}
