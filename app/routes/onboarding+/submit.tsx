import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { getAgency } from '../../../domain/agencies/reads/get-agency'
import { submitRegistrationRequest } from '../../../domain/agencies/onboarding/submit-registration-request'
import { AuthCard } from '../../components/auth-card'
import { ConformForm, ErrorList, SubmitButton, useConformForm } from '../../components/forms'
import { StepNav } from '../../components/step-nav'
import { readForm, submitForm } from '../../utils/forms.server'
import { requireOnboardingStep } from '../../utils/onboarding.server'
import { STEPS } from '../../utils/onboarding-steps'

export const meta: MetaFunction = () => [{ title: 'Submit registration · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, agency } = await requireOnboardingStep(request, 'COMPANY_DETAIL_DONE')
  const a = await getAgency({ actor, id: agency.id })
  const bank = a.bank_detail
  return {
    summary: [
      ['Company', a.full_company_name],
      ['ABN', bank?.abn ?? null],
      ['Contact', `${a.contact_person} · ${a.contact_number}`],
      ['Street address', [a.street_address_1, a.street_address_2].filter(Boolean).join(', ')],
      ['City', a.city?.name ?? null],
      ['State', a.state?.name ?? null],
      ['Post code', a.post_code],
      ['Country', a.country?.name ?? null],
      ['Policy e-mails', a.policy_comms_email],
      ['Finance e-mails', a.finance_comms_email],
      ['Bank', bank ? `${bank.bank} · ${bank.bank_account_name}` : null],
      ['BSB', bank?.bsb ?? null],
      ['Account number', bank?.account_number ?? null],
      ['Registered for GST', bank ? (bank.is_gst_registered ? 'Yes' : 'No') : null],
    ] as [string, string | null][],
  }
}

/** The submit step is one button: nothing to fill in. */
const SubmitSchema = z.object({})

export async function action({ request }: ActionFunctionArgs) {
  const { actor, agency } = await requireOnboardingStep(request, 'COMPANY_DETAIL_DONE')
  return submitForm(await readForm(request), SubmitSchema, async () => {
    await submitRegistrationRequest({ actor, agencyId: agency.id })
    return redirect('/onboarding/waiting')
  })
}

export default function SubmitStep() {
  const { summary } = useLoaderData<typeof loader>()
  const [form] = useConformForm(SubmitSchema)
  return (
    <AuthCard wide title="Review and submit" description="Check your details, then send them to our team.">
      <StepNav steps={STEPS} current="/onboarding/submit" reachable={3} />
      <dl className="mb-6 grid grid-cols-3 gap-x-4 gap-y-2 text-sm">
        {summary.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-muted-foreground">{k}</dt>
            <dd className="col-span-2">{v || '—'}</dd>
          </div>
        ))}
      </dl>
      <ConformForm form={form} className="space-y-4">
        <ErrorList errors={form.errors} />
        <div className="flex items-center gap-4">
          <SubmitButton>Submit registration</SubmitButton>
          <Link to="/onboarding/company" className="text-sm text-primary hover:underline">
            Edit details
          </Link>
        </div>
      </ConformForm>
    </AuthCard>
  )
}
