import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { getDb } from '../../../db/client'
import {
  agencyBalances,
  agencyOvhcCommissions,
  agencyPaymentMethodConfigs,
  purchaseRules,
} from '../../../db/schema'
import { actorLabel, type Actor } from '../../shared/actor'
import { notFound } from '../../shared/errors'
import { toCents } from '../../shared/money'
import type { UpsertConfigurationV2Schema } from '../agencies.schemas'
import { recordAgencyHistory } from '../agency-history'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'
import { assertProviders, upsertProviderConfig, completeConfigurationStep } from './provider-config'
import { getAgencyConfiguration } from './get-agency-configuration'

/**
 * upsertAgencyConfigurationV2 (staff): the whole configuration at once — provider commissions
 * with their payment-method settings, OVHC commissions, purchase rules and the BNPL allowance.
 */
export const upsertAgencyConfigurationV2 = defineUseCase(
  { staff: ['agency_management'] },
  async function upsertAgencyConfigurationV2(opts: {
    actor: Actor
    input: z.infer<typeof UpsertConfigurationV2Schema>
  }) {
    const { input } = opts
    const agencyId = input.agency_Id
    await assertAgencyAccess(opts.actor, agencyId)
    await assertProviders(
      input.paymentBasedConfigs.map((c) => c.insurance_provider_id),
      'paymentBasedConfigs',
    )
    await assertProviders(
      input.ovhcData.map((c) => c.provider_id),
      'ovhcData',
    )
    await assertProviders(
      input.purchase_rule.flatMap((r) => [
        r.should_buy_insurance_provider_id,
        r.can_buy_insurance_provider_id,
      ]),
      'purchase_rule',
    )
    const bnpl = toCents(input.buy_now_pay_later_amount)
    await getDb().transaction(async (tx) => {
      for (const c of input.paymentBasedConfigs) {
        await upsertProviderConfig(tx, agencyId, c)
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
      for (const o of input.ovhcData) {
        await tx
          .insert(agencyOvhcCommissions)
          .values({ agency_id: agencyId, provider_id: o.provider_id, commission_rate: o.commission_rate })
          .onConflictDoUpdate({
            target: [agencyOvhcCommissions.agency_id, agencyOvhcCommissions.provider_id],
            set: { commission_rate: o.commission_rate },
          })
      }
      for (const r of input.purchase_rule) {
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
      // The allowance moves the remaining amount by the same difference, never below zero.
      const [balance] = await tx
        .select()
        .from(agencyBalances)
        .where(eq(agencyBalances.agency_id, agencyId))
        .for('update')
      if (!balance) {
        await tx.insert(agencyBalances).values({
          agency_id: agencyId,
          buy_now_pay_later_amount: bnpl,
          buy_now_pay_later_remaining_amount: bnpl,
        })
      } else {
        const remaining = Math.max(
          0,
          balance.buy_now_pay_later_remaining_amount + bnpl - balance.buy_now_pay_later_amount,
        )
        await tx
          .update(agencyBalances)
          .set({ buy_now_pay_later_amount: bnpl, buy_now_pay_later_remaining_amount: remaining })
          .where(eq(agencyBalances.agency_id, agencyId))
      }
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
