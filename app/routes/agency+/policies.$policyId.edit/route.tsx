import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeader } from '../../../components/app-shell'
import { ChosenQuote } from '../../../components/policies/chosen-quote'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { WizardSteps } from '../../../components/policy-wizard'
import { buttonVariants } from '../../../components/ui/button'
import { policyTypeLabel } from '../../../utils/labels'
import type { loader } from './edit.server'
import { FamilyStep, OtherStep, PersonalStep } from './policy-wizard-steps'
import { QuoteStep } from './quote-step'

export { action, loader } from './edit.server'

export const meta: MetaFunction = () => [{ title: 'Policy details · Agency portal' }]

// ---- Page ---------------------------------------------------------------------------------------

export default function EditPolicy() {
  const loaded = useLoaderData<typeof loader>()
  const { policy, step, open, skipped } = loaded
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title={`Policy ${policy.ref}`}
        description={`${policy.status_label}${policy.policy_type ? ` · ${policyTypeLabel(policy.policy_type)}` : ''}. Each step is saved as you go.`}
        actions={
          <Link
            to={`/agency/policies/${policy.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            Policy overview
          </Link>
        }
      />
      <WizardSteps policyId={policy.id} current={step} open={open} skipped={skipped} />
      {step !== 'quote' ? <ChosenQuote chosen={loaded.chosen} /> : null}
      {step === 'personal' && 'countries' in loaded && !('states' in loaded) ? (
        <PersonalStep loaded={loaded} />
      ) : null}
      {step === 'family' && 'rule' in loaded ? <FamilyStep loaded={loaded} /> : null}
      {step === 'other' && 'states' in loaded ? <OtherStep loaded={loaded} /> : null}
      {step === 'quote' && 'quote' in loaded ? <QuoteStep loaded={loaded} /> : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
