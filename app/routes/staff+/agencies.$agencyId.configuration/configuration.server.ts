// The configuration tab's loader and action, apart from its components so they can name the loader's
// type without importing the route (no import cycle; ADR 0015).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import {
  PAYMENT_METHOD_KEYS,
  UpsertConfigurationV2Schema,
} from '../../../../domain/agencies/agencies.schemas'
import { deletePurchaseRule } from '../../../../domain/agencies/configuration/delete-purchase-rule'
import { getAgencyConfiguration } from '../../../../domain/agencies/configuration/get-agency-configuration'
import { upsertAgencyConfigurationV2 } from '../../../../domain/agencies/configuration/upsert-agency-configuration-v2'
import { getAgency } from '../../../../domain/agencies/reads/get-agency'
import { findInsuranceProviders } from '../../../../domain/reference/find-insurance-providers'
import {
  AddRuleSchema,
  configureSchema,
  DeleteRuleSchema,
  toConfigurationInput,
} from '../../../utils/agency-forms.schemas'
import { backToTab, orNotFound, requireAgencyPage } from '../../../utils/agency-page.server'
import { readForm, submitForm } from '../../../utils/forms.server'
import { policyTypeLabel } from '../../../utils/labels'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const agency = await orNotFound(getAgency({ actor, id: agencyId }))
  const [config, providers] = await Promise.all([
    getAgencyConfiguration({ actor, agencyId }),
    findInsuranceProviders(),
  ])
  const rows = providers.map((p) => {
    const c = config.data.find((d) => d.insurance_provider_id === p.id)
    return {
      insurance_provider_id: String(p.id),
      configured: c ? 'on' : '',
      commission_rate: c ? String(c.commission_rate) : '',
      is_buy_now_pay_later_enabled: c?.is_buy_now_pay_later_enabled ? 'on' : '',
      credit_amount: c ? String(c.credit_amount) : '0',
      credit_currency: c?.credit_currency ?? 'AUD',
      paymentMethods: PAYMENT_METHOD_KEYS.map((m) => {
        const pm = config.agencyPaymentMethodConfigurations.find(
          (x) => x.insurance_provider_id === p.id && x.payment_method === m,
        )
        return {
          payment_method: m,
          is_payment_method_enabled: m === 'nexpay' || (pm ? pm.is_payment_method_enabled : true) ? 'on' : '',
          commission_rate: String(pm?.commission_rate ?? 0),
        }
      }),
    }
  })
  const name = (id: number) => providers.find((p) => p.id === id)?.display_name ?? `Insurer ${id}`
  return {
    agency: { id: agency.id, name: agency.full_company_name ?? agency.email, status: agency.status },
    providers: providers.map((p) => ({ id: p.id, name: p.display_name })),
    configured: config.data.map((d) => d.insurance_provider_id),
    defaultValue: {
      buy_now_pay_later_amount: String(config.meta.buy_now_pay_later_amount),
      paymentBasedConfigs: rows,
    },
    bnplRemaining: config.meta.buy_now_pay_later_remaining_amount,
    rules: config.purchase_rules.map((r) => ({
      id: r.id,
      text: `Buy ${r.should_buy_quantity} ${policyTypeLabel(r.should_buy_policy_type).toLowerCase()} from ${name(r.should_buy_insurance_provider_id)} to unlock ${policyTypeLabel(r.can_buy_policy_type).toLowerCase()} from ${name(r.can_buy_insurance_provider_id)}`,
      progress: `${r.has_bought_quantity} of ${r.should_buy_quantity} bought · ${r.credits} credit${r.credits === 1 ? '' : 's'}`,
    })),
  }
}

/** Three forms: the configuration, adding a purchase rule and deleting one. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, agencyId } = await requireAgencyPage(request, params)
  const formData = await readForm(request)
  switch (formData.get('intent')) {
    case 'configure': {
      return submitForm(formData, configureSchema(agencyId), async (value) => {
        const input = UpsertConfigurationV2Schema.parse(toConfigurationInput(agencyId, value).input)
        await upsertAgencyConfigurationV2({ actor, input })
        return backToTab(agencyId, 'configuration', 'Configuration saved')
      })
    }
    case 'add-rule': {
      return submitForm(formData, AddRuleSchema, async (value) => {
        const { intent: _intent, ...rule } = value
        const current = await getAgencyConfiguration({ actor, agencyId })
        await upsertAgencyConfigurationV2({
          actor,
          input: {
            agency_Id: agencyId,
            buy_now_pay_later_amount: current.meta.buy_now_pay_later_amount,
            paymentBasedConfigs: [],
            ovhcData: [],
            purchase_rule: [rule],
          },
        })
        return backToTab(agencyId, 'configuration', 'Purchase rule added')
      })
    }
    case 'delete-rule': {
      return submitForm(formData, DeleteRuleSchema, async (value) => {
        await deletePurchaseRule({
          actor,
          input: { agency_id: agencyId, purchase_rule_id: value.purchase_rule_id },
        })
        return backToTab(agencyId, 'configuration', 'Purchase rule deleted')
      })
    }
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}
