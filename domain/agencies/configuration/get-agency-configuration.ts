import { asc, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  agencyBalances,
  agencyConfigurations,
  agencyOvhcCommissions,
  agencyPaymentMethodConfigs,
  gstRates,
  insuranceProviders,
  purchaseRules,
} from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'

/** getAgencyConfiguration: staff, or the agency itself. */
export const getAgencyConfiguration = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyConfiguration(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const db = getDb()
    const [data, purchase_rules, agencyPaymentMethodConfigurations, ovhc, [balance], [gst]] =
      await Promise.all([
        providerConfigurations(agency.id),
        db
          .select()
          .from(purchaseRules)
          .where(eq(purchaseRules.agency_id, agency.id))
          .orderBy(asc(purchaseRules.id)),
        db
          .select()
          .from(agencyPaymentMethodConfigs)
          .where(eq(agencyPaymentMethodConfigs.agency_id, agency.id))
          .orderBy(
            asc(agencyPaymentMethodConfigs.insurance_provider_id),
            asc(agencyPaymentMethodConfigs.payment_method),
          ),
        db.select().from(agencyOvhcCommissions).where(eq(agencyOvhcCommissions.agency_id, agency.id)),
        db.select().from(agencyBalances).where(eq(agencyBalances.agency_id, agency.id)),
        db.select().from(gstRates).limit(1),
      ])
    return {
      data: data.map((d) => ({
        ...d,
        commission_rate: Number(d.commission_rate),
        credit_amount: Number(d.credit_amount),
      })),
      meta: {
        buy_now_pay_later_amount: fromCents(balance?.buy_now_pay_later_amount ?? 0),
        buy_now_pay_later_remaining_amount: fromCents(balance?.buy_now_pay_later_remaining_amount ?? 0),
      },
      purchase_rules,
      agencyPaymentMethodConfigurations: agencyPaymentMethodConfigurations.map((c) => ({
        ...c,
        commission_rate: Number(c.commission_rate),
      })),
      ovhcData: ovhc.map((o) => ({ ...o, commission_rate: Number(o.commission_rate) })),
      surcharge: { rate: Number(gst?.card_surcharge_rate ?? 0), isEnabled: agency.is_card_surcharge_enabled },
    }
  },
)

/** The agency's configuration per insurance provider, with the provider it names. */
function providerConfigurations(agencyId: number) {
  return getDb()
    .select({
      id: agencyConfigurations.id,
      agency_id: agencyConfigurations.agency_id,
      insurance_provider_id: agencyConfigurations.insurance_provider_id,
      is_buy_now_pay_later_enabled: agencyConfigurations.is_buy_now_pay_later_enabled,
      commission_rate: agencyConfigurations.commission_rate,
      credit_amount: agencyConfigurations.credit_amount,
      credit_currency: agencyConfigurations.credit_currency,
      provider: {
        id: insuranceProviders.id,
        name: insuranceProviders.name,
        display_name: insuranceProviders.display_name,
        logo: insuranceProviders.logo,
      },
    })
    .from(agencyConfigurations)
    .innerJoin(insuranceProviders, eq(insuranceProviders.id, agencyConfigurations.insurance_provider_id))
    .where(eq(agencyConfigurations.agency_id, agencyId))
    .orderBy(asc(agencyConfigurations.insurance_provider_id))
}
