import { getInputProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { UpdateAgencyBankSchema } from '../../../domain/agencies/agencies.schemas'
import { getAgencyBankDetail } from '../../../domain/agencies/reads/get-agency-bank-detail'
import { updateAgencyBank } from '../../../domain/agencies/onboarding/update-agency-bank'
import { AuthCard } from '../../components/auth-card'
import {
  CheckboxField,
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
} from '../../components/forms'
import { StepNav } from '../../components/step-nav'
import { companyStepAction, requireOnboardingStep } from '../../utils/onboarding.server'
import { reachableStep, STEPS } from '../../utils/onboarding-steps'

export const meta: MetaFunction = () => [{ title: 'Bank details · OSHC Back Office' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, agency } = await requireOnboardingStep(request, 'COMPANY_DETAIL_STEP_TWO_DONE')
  const bank = await getAgencyBankDetail({ actor, agencyId: agency.id })
  return {
    status: agency.status,
    values: {
      bank: bank?.bank ?? '',
      bank_account_name: bank?.bank_account_name ?? '',
      account_number: bank?.account_number ?? '',
      bsb: bank?.bsb ?? '',
      abn: bank?.abn ?? '',
      swift_code: bank?.swift_code ?? '',
      is_gst_registered: bank?.is_gst_registered ? 'on' : '',
    },
  }
}

export const action = ({ request }: ActionFunctionArgs) =>
  companyStepAction(request, {
    opensAt: 'COMPANY_DETAIL_STEP_TWO_DONE',
    schema: UpdateAgencyBankSchema,
    save: updateAgencyBank,
    next: '/onboarding/submit',
  })

export default function BankStep() {
  const { values, status } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm(UpdateAgencyBankSchema, { id: 'bank', defaultValue: values })
  return (
    <AuthCard wide title="Bank details" description="Where we pay your commission.">
      <StepNav steps={STEPS} current="/onboarding/bank" reachable={reachableStep(status)} />
      <ConformForm form={form} className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Bank' }}
          inputProps={getInputProps(fields.bank, { type: 'text' })}
          errors={fields.bank.errors}
        />
        <Field
          labelProps={{ children: 'Account name' }}
          inputProps={getInputProps(fields.bank_account_name, { type: 'text' })}
          errors={fields.bank_account_name.errors}
        />
        <Field
          labelProps={{ children: 'Account number' }}
          inputProps={getInputProps(fields.account_number, { type: 'text' })}
          errors={fields.account_number.errors}
        />
        <Field
          labelProps={{ children: 'BSB (optional)' }}
          inputProps={getInputProps(fields.bsb, { type: 'text' })}
          errors={fields.bsb.errors}
        />
        <Field
          labelProps={{ children: 'ABN (optional)' }}
          inputProps={getInputProps(fields.abn, { type: 'text' })}
          errors={fields.abn.errors}
        />
        <Field
          labelProps={{ children: 'SWIFT code (optional)' }}
          inputProps={getInputProps(fields.swift_code, { type: 'text' })}
          errors={fields.swift_code.errors}
        />
        <CheckboxField
          className="sm:col-span-2"
          labelProps={{ children: 'We are registered for GST' }}
          inputProps={getInputProps(fields.is_gst_registered, { type: 'checkbox' })}
          errors={fields.is_gst_registered.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="sm:col-span-2">
          <SubmitButton>Save and continue</SubmitButton>
        </div>
      </ConformForm>
    </AuthCard>
  )
}
