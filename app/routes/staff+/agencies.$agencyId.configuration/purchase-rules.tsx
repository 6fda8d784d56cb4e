import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { POLICY_TYPES } from '../../../utils/agency-forms.schemas'
import { policyTypeLabel } from '../../../utils/labels'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ErrorList,
  errorsOf,
  Field,
  IntentForm,
  SelectField,
  SubmitButton,
  useResultFor,
} from '../../../components/forms'
import { AddRuleSchema } from '../../../utils/agency-forms.schemas'
import type { ConfigurationData } from './configuration-form'

/** The agency's purchase rules: delete one (after confirmation) or add one. */
export function PurchaseRules({ configuration }: { configuration: ConfigurationData }) {
  const addResult = useResultFor('add-rule')
  const deleteResult = useResultFor('delete-rule')
  const [form, fields] = useForm({
    id: 'add-rule',
    lastResult: addResult,
    defaultValue: { should_buy_quantity: '1' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AddRuleSchema }),
    shouldValidate: 'onSubmit',
  })
  const providerOptions = configuration.providers.map((p) => ({ value: String(p.id), label: p.name }))
  const typeOptions = POLICY_TYPES.map((t) => ({ value: t, label: policyTypeLabel(t) }))
  return (
    <section aria-labelledby="purchase-rules" className="space-y-4">
      <h3 id="purchase-rules" className="text-lg font-semibold">
        Purchase rules
      </h3>
      {configuration.rules.length ? (
        <ul className="divide-y rounded-md border">
          {configuration.rules.map((rule) => (
            <li key={rule.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className="text-sm font-medium">{rule.text}</p>
                <p className="text-sm text-muted-foreground">{rule.progress}</p>
              </div>
              <IntentForm intent="delete-rule">
                <input type="hidden" name="purchase_rule_id" value={rule.id} />
                <ConfirmSubmit
                  variant="outline"
                  size="sm"
                  title={`Delete a purchase rule of ${configuration.agency.name}?`}
                  description={`${rule.text}. The agency can no longer unlock purchases through this rule.`}
                  confirmLabel="Delete rule"
                >
                  <Trash2 aria-hidden="true" />
                  Delete<span className="sr-only"> rule: {rule.text}</span>
                </ConfirmSubmit>
              </IntentForm>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No purchase rules.</p>
      )}
      <ErrorList errors={errorsOf(deleteResult, '')} />
      <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-md border p-4">
        <input type="hidden" name="intent" value="add-rule" />
        <p className="text-sm font-medium">
          Add a rule: after buying a quantity of one policy, the agency may buy another.
        </p>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Field
            labelProps={{ children: 'Quantity to buy' }}
            inputProps={{ ...getInputProps(fields.should_buy_quantity, { type: 'number' }), min: 1 }}
            errors={fields.should_buy_quantity.errors}
          />
          <SelectField
            labelProps={{ children: 'Policy type to buy' }}
            selectProps={getSelectProps(fields.should_buy_policy_type)}
            options={typeOptions}
            placeholder="Choose"
            errors={fields.should_buy_policy_type.errors}
          />
          <SelectField
            labelProps={{ children: 'From insurer' }}
            selectProps={getSelectProps(fields.should_buy_insurance_provider_id)}
            options={providerOptions}
            placeholder="Choose"
            errors={fields.should_buy_insurance_provider_id.errors}
          />
          <SelectField
            labelProps={{ children: 'Unlocks policy type' }}
            selectProps={getSelectProps(fields.can_buy_policy_type)}
            options={typeOptions}
            placeholder="Choose"
            errors={fields.can_buy_policy_type.errors}
          />
          <SelectField
            labelProps={{ children: 'From insurer' }}
            selectProps={getSelectProps(fields.can_buy_insurance_provider_id)}
            options={providerOptions}
            placeholder="Choose"
            errors={fields.can_buy_insurance_provider_id.errors}
          />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton variant="outline">Add rule</SubmitButton>
      </Form>
    </section>
  )
}
