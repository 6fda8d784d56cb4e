import { getInputProps } from '@conform-to/react'
import { type useLoaderData } from '@remix-run/react'
import type { loader } from './configuration.server'
import { formatMoney } from '../../../utils/misc'
import { labelOf, PAYMENT_METHOD_KEY_LABELS } from '../../../utils/labels'
import {
  CheckboxField,
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
} from '../../../components/forms'
import { configureSchema } from '../../../utils/agency-forms.schemas'
import { withoutKey } from '../../../components/agency/agency-parts'

export type ConfigurationData = ReturnType<typeof useLoaderData<typeof loader>>

/**
 * The insurers the agency may sell, with commissions and payment methods. It validates in the
 * browser with the schema the action uses, so a wrong rate shows under its insurer before submitting.
 */
export function ConfigurationForm({ configuration }: { configuration: ConfigurationData }) {
  const [form, fields] = useConformForm<ConfigurationData['defaultValue']>(
    configureSchema(configuration.agency.id),
    {
      intent: 'configure',
      defaultValue: configuration.defaultValue,
    },
  )
  const providerName = (id: string | undefined) =>
    configuration.providers.find((p) => String(p.id) === id)?.name ?? `Insurer ${id}`
  return (
    <ConformForm form={form} intent="configure" className="space-y-6">
      <p className="text-sm text-muted-foreground">
        Tick each insurer the agency may sell and set its commission.
        {configuration.agency.status === 'COMPANY_DETAIL_DONE'
          ? ' Saving completes the configuration step of onboarding once the agency has submitted its request.'
          : ''}
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        {fields.paymentBasedConfigs.getFieldList().map((row) => {
          const r = row.getFieldset()
          const name = providerName(r.insurance_provider_id.initialValue)
          const alreadyConfigured = configuration.configured.some(
            (id) => String(id) === r.insurance_provider_id.initialValue,
          )
          return (
            <fieldset key={row.key} className="space-y-3 rounded-md border p-4">
              <legend className="px-1 text-base font-semibold">{name}</legend>
              <input {...withoutKey(getInputProps(r.insurance_provider_id, { type: 'hidden' }))} />
              <input {...withoutKey(getInputProps(r.credit_currency, { type: 'hidden' }))} />
              {alreadyConfigured ? (
                <>
                  <input type="hidden" name={r.configured.name} value="on" />
                  <p className="text-sm text-muted-foreground">Configured for this agency.</p>
                </>
              ) : (
                <CheckboxField
                  labelProps={{ children: `Configure ${name}` }}
                  inputProps={getInputProps(r.configured, { type: 'checkbox' })}
                  errors={r.configured.errors}
                />
              )}
              <div className="grid gap-3 sm:grid-cols-2">
                <Field
                  labelProps={{ children: 'Commission rate (%)' }}
                  inputProps={{ ...getInputProps(r.commission_rate, { type: 'text' }), inputMode: 'decimal' }}
                  errors={r.commission_rate.errors}
                />
                <Field
                  labelProps={{ children: `Credit amount (${r.credit_currency.initialValue ?? 'AUD'})` }}
                  inputProps={{ ...getInputProps(r.credit_amount, { type: 'text' }), inputMode: 'decimal' }}
                  errors={r.credit_amount.errors}
                />
              </div>
              <CheckboxField
                labelProps={{ children: 'Buy now, pay later enabled' }}
                inputProps={getInputProps(r.is_buy_now_pay_later_enabled, { type: 'checkbox' })}
                errors={r.is_buy_now_pay_later_enabled.errors}
              />
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Payment methods</legend>
                <div className="flex flex-wrap gap-x-4">
                  {r.paymentMethods.getFieldList().map((method) => {
                    const m = method.getFieldset()
                    const key = m.payment_method.initialValue ?? ''
                    return (
                      <div key={method.key}>
                        <input {...withoutKey(getInputProps(m.payment_method, { type: 'hidden' }))} />
                        <input {...withoutKey(getInputProps(m.commission_rate, { type: 'hidden' }))} />
                        {key === 'nexpay' ? (
                          <>
                            <input type="hidden" name={m.is_payment_method_enabled.name} value="on" />
                            <CheckboxField
                              labelProps={{ children: 'NexPay (always on)' }}
                              inputProps={{
                                id: m.is_payment_method_enabled.id,
                                checked: true,
                                disabled: true,
                                readOnly: true,
                              }}
                            />
                          </>
                        ) : (
                          <CheckboxField
                            labelProps={{ children: labelOf(PAYMENT_METHOD_KEY_LABELS, key) }}
                            inputProps={getInputProps(m.is_payment_method_enabled, { type: 'checkbox' })}
                            errors={[
                              ...(m.is_payment_method_enabled.errors ?? []),
                              ...(m.commission_rate.errors ?? []),
                            ]}
                          />
                        )}
                      </div>
                    )
                  })}
                </div>
                <ErrorList errors={r.paymentMethods.errors} />
              </fieldset>
              <ErrorList errors={[...(row.errors ?? []), ...(r.insurance_provider_id.errors ?? [])]} />
            </fieldset>
          )
        })}
      </div>
      <div className="max-w-sm">
        <Field
          labelProps={{ children: 'Buy now, pay later amount (AUD)' }}
          inputProps={{
            ...getInputProps(fields.buy_now_pay_later_amount, { type: 'text' }),
            inputMode: 'decimal',
          }}
          errors={fields.buy_now_pay_later_amount.errors}
          description={`Remaining allowance: ${formatMoney(configuration.bnplRemaining)}`}
        />
      </div>
      <ErrorList
        id={form.errorId}
        errors={[...(form.errors ?? []), ...(fields.paymentBasedConfigs.errors ?? [])]}
      />
      <SubmitButton>Save configuration</SubmitButton>
    </ConformForm>
  )
}
