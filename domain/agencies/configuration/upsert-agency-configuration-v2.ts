import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb, type Tx } from '../../../db/client'
import { agencyPaymentMethodConfigs, purchaseRules } from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { toCents } from '../../shared/money'
import { setBnplAllowance } from '../../finance/ledger/agency-balance'
import type { UpsertConfigurationV2Schema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'
import {
  assertProviders,
  completeConfigurationStep,
  upsertOvhcCommission,
  upsertProviderConfig,
} from './provider-config'
import { getAgencyConfiguration } from './get-agency-configuration'
import {
  assertOshcRatesWithinCap,
  assertOvhcRatesWithinCap,
} from '../../finance/commission-cap/configuration-caps'

type ConfigurationV2 = z.infer<typeof UpsertConfigurationV2Schema>

/**
 * upsertAgencyConfigurationV2 (staff): the whole configuration at once — provider commissions
 * with their payment-method settings, OVHC commissions, purchase rules and the BNPL allowance.
 */
export const upsertAgencyConfigurationV2 = defineUseCase(
  { staff: ['agency_management'] },
  async function upsertAgencyConfigurationV2(opts: { actor: Actor; input: ConfigurationV2 }) {
    const { input } = opts
    const agencyId = input.agency_Id
    await assertAgencyAccess(opts.actor, agencyId)
    await assertProvidersOf(input)
    await assertRatesWithinCaps(agencyId, input)
    await getDb().transaction(async (tx) => {
      for (const c of input.paymentBasedConfigs) {
        await upsertProviderConfig(tx, agencyId, c)
        await savePaymentMethods(tx, agencyId, c)
      }
      for (const o of input.ovhcData)
        await upsertOvhcCommission(tx, agencyId, o.provider_id, o.commission_rate)
      await savePurchaseRules(tx, agencyId, input.purchase_rule)
      await setBnplAllowance(tx, agencyId, toCents(input.buy_now_pay_later_amount))
      await recordAgencyHistory(tx, {
        agencyId,
        action: 'CONFIGURATION_SAVED',
        actor: actorLabel(opts.actor),
        meta: {
          providers: input.paymentBasedConfigs.map((c) => c.insurance_provider_id),
          buy_now_pay_later_amount: input.buy_now_pay_later_amount,
        },
      })
    })
    await completeConfigurationStep(opts.actor, agencyId)
    return getAgencyConfiguration({ actor: opts.actor, agencyId })
  },
)

/** Every provider the configuration names exists (400 on the part that names an unknown one). */
async function assertProvidersOf(input: ConfigurationV2) {
  await assertProviders(
    input.paymentBasedConfigs.map((c) => c.insurance_provider_id),
    'paymentBasedConfigs',
  )
  await assertProviders(
    input.ovhcData.map((c) => c.provider_id),
    'ovhcData',
  )
  await assertProviders(
    input.purchase_rule.flatMap((r) => [r.should_buy_insurance_provider_id, r.can_buy_insurance_provider_id]),
    'purchase_rule',
  )
}

/** A commission cap set for OSHC or OVHC (issue 25): no rate over it, alone or with a method's. */
async function assertRatesWithinCaps(agencyId: number, input: ConfigurationV2) {
  const provider = (i: number) => `paymentBasedConfigs.${i}.commission_rate`
  const method = (i: number, j: number) => `paymentBasedConfigs.${i}.paymentMethods.${j}.commission_rate`
  await assertOshcRatesWithinCap(getDb(), agencyId, input.paymentBasedConfigs, provider, method)
  await assertOvhcRatesWithinCap(input.ovhcData, (i) => `ovhcData.${i}.commission_rate`)
}

/** The provider's payment-method settings (enabled, commission), one row per method. */
async function savePaymentMethods(
  tx: Tx,
  agencyId: number,
  c: ConfigurationV2['paymentBasedConfigs'][number],
) {
  for (const m of c.paymentMethods) {
    const values = {
      is_payment_method_enabled: m.is_payment_method_enabled,
      commission_rate: m.commission_rate,
    }
    await tx
      .insert(agencyPaymentMethodConfigs)
      .values({
        agency_id: agencyId,
        insurance_provider_id: c.insurance_provider_id,
        payment_method: m.payment_method,
        ...values,
      })
      .onConflictDoUpdate({
        target: [
          agencyPaymentMethodConfigs.agency_id,
          agencyPaymentMethodConfigs.insurance_provider_id,
          agencyPaymentMethodConfigs.payment_method,
        ],
        set: values,
      })
  }
}

/** Rules with an id are updated (the agency's own, else 404); the others are added. */
async function savePurchaseRules(tx: Tx, agencyId: number, rules: ConfigurationV2['purchase_rule']) {
  for (const r of rules) {
    const { id, ...values } = r
    if (id) {
      const updated = await tx
        .update(purchaseRules)
        .set(values)
        .where(and(eq(purchaseRules.id, id), eq(purchaseRules.agency_id, agencyId)))
        .returning({ id: purchaseRules.id })
      if (!updated.length) throw notFound('Purchase rule')
    } else {
      await tx.insert(purchaseRules).values({ agency_id: agencyId, ...values })
    }
  }
}
