import { getInputProps, getSelectProps } from '@conform-to/react'
import { Trash2 } from 'lucide-react'
import { POLICY_TYPES } from '../../../utils/agency-forms.schemas'
import { policyTypeLabel } from '../../../utils/labels'
import { ConfirmSubmit } from '../../../components/confirm-submit'
import {
  ConformForm,
  ErrorList,
  Field,
  SelectField,
  SubmitButton,
  useConformForm,
  useResultFor,
} from '../../../components/forms'
import { AddRuleSchema, DeleteRuleSchema } from '../../../utils/agency-forms.schemas'
import type { ConfigurationData } from './configuration-form'

/** The agency's purchase rules: delete one (after confirmation) or add one. */
export function PurchaseRules({ configuration }: { configuration: ConfigurationData }) {
  const [form, fields] = useConformForm(AddRuleSchema, {
    intent: 'add-rule',
    defaultValue: { should_buy_quantity: '1' },
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
              <DeleteRuleForm rule={rule} agency={configuration.agency.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No purchase rules.</p>
      )}
      <ConformForm form={form} intent="add-rule" className="space-y-3 rounded-md border p-4">
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
      </ConformForm>
    </section>
  )
}

/** One rule's delete form, confirmed first; a refusal shows under it. */
function DeleteRuleForm({ rule, agency }: { rule: { id: number; text: string }; agency: string }) {
  const result = useResultFor('delete-rule')
  const [form] = useConformForm(DeleteRuleSchema, {
    id: `delete-rule-${rule.id}`,
    lastResult: result?.initialValue?.purchase_rule_id === String(rule.id) ? result : null,
  })
  return (
    <ConformForm form={form} intent="delete-rule">
      <input type="hidden" name="purchase_rule_id" value={rule.id} />
      <ConfirmSubmit
        variant="outline"
        size="sm"
        title={`Delete a purchase rule of ${agency}?`}
        description={`${rule.text}. The agency can no longer unlock purchases through this rule.`}
        confirmLabel="Delete rule"
      >
        <Trash2 aria-hidden="true" />
        Delete<span className="sr-only"> rule: {rule.text}</span>
      </ConfirmSubmit>
      <ErrorList id={form.errorId} errors={form.errors} />
    </ConformForm>
  )
}
