// The wizard's last step: the cover dates, then the insurer chosen among the quoted prices.
import { Form } from '@remix-run/react'
import { ConformForm, ErrorList, SubmitButton } from '../../../components/forms'
import { StepCheckbox, StepField } from '../../../components/policy-wizard'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { formatDate, formatMoney } from '../../../utils/misc'
import { policyTypeLabel } from '../../../utils/labels'
import { QuoteChoiceSchema } from '../../../utils/policy-wizard.schemas'

import { ChooseTypeFirst, StepCard, useStepForm, type LoaderData } from './wizard-step-parts'

export function QuoteStep({ loaded }: { loaded: Extract<LoaderData, { quote: unknown }> }) {
  const { form, result, errors } = useStepForm(QuoteChoiceSchema, ['quote'], {})
  const { quote, policy } = loaded
  const posted = result?.initialValue
  const chosen = posted?.insurance_provider_id ? String(posted.insurance_provider_id) : quote.chosen
  if (!policy.policy_type)
    return (
      <StepCard title="Quote" description="The insurers are compared for the policy type.">
        <ChooseTypeFirst policyId={policy.id} />
      </StepCard>
    )
  return (
    <div className="space-y-4">
      <StepCard title="Cover dates" description="Choose the dates of cover to compare the insurers.">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="step" value="quote" />
          <div className="space-y-1">
            <Label htmlFor="start_date">Start date</Label>
            <Input
              id="start_date"
              name="start_date"
              type="date"
              defaultValue={quote.start_date}
              aria-describedby={quote.dateErrors.start_date ? 'start_date-error' : undefined}
            />
            <ErrorList id="start_date-error" errors={quote.dateErrors.start_date} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="end_date">End date</Label>
            <Input
              id="end_date"
              name="end_date"
              type="date"
              defaultValue={quote.end_date}
              aria-describedby={quote.dateErrors.end_date ? 'end_date-error' : undefined}
            />
            <ErrorList id="end_date-error" errors={quote.dateErrors.end_date} />
          </div>
          <Button type="submit" variant="outline" size="sm">
            Show prices
          </Button>
        </Form>
      </StepCard>
      {quote.rows.length ? (
        <StepCard
          title="Choose the insurer"
          description={`${policyTypeLabel(policy.policy_type)} cover from ${formatDate(quote.start_date)} to ${formatDate(quote.end_date)}, cheapest first.`}
        >
          <ConformForm form={form} intent="quote" className="space-y-4">
            <input type="hidden" name="policy_type" value={policy.policy_type ?? ''} />
            <input type="hidden" name="start_date" value={quote.start_date} />
            <input type="hidden" name="end_date" value={quote.end_date} />
            <fieldset className="space-y-2">
              <legend className="sr-only">Insurer</legend>
              {quote.rows.map((r) => (
                <label
                  key={r.provider_id}
                  htmlFor={`provider-${r.provider_id}`}
                  className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
                >
                  <input
                    id={`provider-${r.provider_id}`}
                    type="radio"
                    name="insurance_provider_id"
                    value={r.provider_id}
                    defaultChecked={String(r.provider_id) === chosen && !r.blocked}
                    disabled={!!r.blocked}
                    className="h-4 w-4 accent-primary"
                  />
                  <span className="min-w-40 font-medium">{r.name}</span>
                  <span>
                    {r.offer ? (
                      <>
                        <s className="text-muted-foreground">{formatMoney(r.premium)}</s>{' '}
                        <strong>{formatMoney(r.payable)}</strong> ({r.offer.rate}% off until{' '}
                        {formatDate(r.offer.end_date)})
                      </>
                    ) : (
                      <strong>{formatMoney(r.payable)}</strong>
                    )}
                  </span>
                  <span className="text-muted-foreground">
                    Commission {formatMoney(r.commission)} · {r.days} days
                  </span>
                  {r.blocked ? <span className="w-full text-amber-900">Protected: {r.blocked}</span> : null}
                </label>
              ))}
            </fieldset>
            <ErrorList errors={errors('insurance_provider_id')} />
            <StepCheckbox
              name="is_policy_number_available"
              label="The student already has a policy number"
              values={posted ?? {}}
              errors={errors}
            />
            <StepField name="policy_number" label="Policy number" values={posted ?? {}} errors={errors} />
            <ErrorList
              errors={[
                ...(errors('start_date') ?? []),
                ...(errors('end_date') ?? []),
                ...(errors('partner') ?? []),
                ...(errors('family_members') ?? []),
                ...(errors('') ?? []),
              ]}
            />
            <SubmitButton>Confirm and continue to payment</SubmitButton>
          </ConformForm>
        </StepCard>
      ) : quote.start_date && quote.end_date && !Object.keys(quote.dateErrors).length ? (
        <p className="text-sm text-muted-foreground">
          No insurer configured for your agency can quote these dates.
        </p>
      ) : null}
    </div>
  )
}
