import { getInputProps } from '@conform-to/react'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { UpdateAgencyBankSchema } from '../../../../domain/agencies/agencies.schemas'
import { getPayoutDetails } from '../../../../domain/agencies/bank-details/get-payout-details'
import { updateAgencyBank } from '../../../../domain/agencies/onboarding/update-agency-bank'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import {
  CheckboxField,
  ConformForm,
  ErrorList,
  Field,
  SubmitButton,
  useConformForm,
} from '../../../components/forms'
import { PayoutDetailsList } from './payout-details-list'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { formatDateTime } from '../../../utils/misc'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Payout details · Agency portal' }]

const PATH = '/agency/finance/payout-details'
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The verified payout account, the change awaiting staff verification, the last rejection. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPayoutDetails.access, 'agency')
  const d = await getPayoutDetails({ actor, agencyId: actor.agencyId }).catch(throwAsResponse)
  return {
    verified: d.verified,
    pending: d.pending ? { ...d.pending, requested_at: iso(d.pending.requested_at) } : null,
    lastRejected: d.last_rejected
      ? {
          ...d.last_rejected,
          requested_at: iso(d.last_rejected.requested_at),
          decided_at: iso(d.last_rejected.decided_at),
        }
      : null,
    canRequestChange: d.can_request_change,
    // The form starts from the verified details; the account number is typed again in full.
    values: {
      bank: d.verified?.bank ?? '',
      bank_account_name: d.verified?.bank_account_name ?? '',
      account_number: '',
      bsb: d.verified?.bsb ?? '',
      abn: d.verified?.abn ?? '',
      swift_code: d.verified?.swift_code ?? '',
      is_gst_registered: d.verified?.is_gst_registered ? 'on' : '',
    },
  }
}

/**
 * A change request through updateAgencyBank, the use case of the API call: after activation it
 * is held PENDING for staff and refused (403) to an agency user without `finance`.
 */
export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAccess(request, updateAgencyBank.access, 'agency')
  return submitForm(await readForm(request), UpdateAgencyBankSchema, async (input) => {
    const saved = await updateAgencyBank({ actor, agencyId: actor.agencyId, input })
    return redirectWithToast(
      PATH,
      saved.bank_change
        ? {
            type: 'success',
            title: 'Bank details change sent to our finance team for verification',
            description: 'Payouts keep going to the verified account until then.',
          }
        : { type: 'info', title: 'Nothing changed: these are the verified details' },
    )
  })
}

export default function PayoutDetailsPage() {
  const { verified, pending, lastRejected, canRequestChange, values } = useLoaderData<typeof loader>()
  const [form, fields] = useConformForm(UpdateAgencyBankSchema, {
    id: 'payout-details',
    defaultValue: values,
  })
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Payout account on file</CardTitle>
          <p className="text-sm text-muted-foreground">
            Verified by OSHC staff: commission payouts are paid to this account.
          </p>
        </CardHeader>
        <CardContent className="space-y-3">
          {verified ? (
            <PayoutDetailsList details={verified} />
          ) : (
            <p className="text-sm text-muted-foreground">No payout account on file yet.</p>
          )}
          {verified?.is_gst_registered && !verified.abn ? (
            <Alert variant="warning">
              <AlertDescription>
                You are registered for GST without an ABN on file: payouts keep GST until our finance team
                resolves it. Request a change with your ABN below.
              </AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {pending ? (
        <Alert variant="info">
          <AlertTitle>
            Awaiting verification by OSHC staff since {formatDateTime(pending.requested_at)}
            {pending.requested_by ? ` (requested by ${pending.requested_by})` : ''}:
          </AlertTitle>
          <AlertDescription className="space-y-2">
            <PayoutDetailsList details={pending.details} changed={pending.changed_fields} className="my-2" />
            <p>Payouts keep paying the verified account above until our finance team verifies this change.</p>
          </AlertDescription>
        </Alert>
      ) : null}

      {lastRejected ? (
        <Alert variant="destructive">
          <AlertTitle>
            Your last change was not accepted
            {lastRejected.decided_at ? ` (${formatDateTime(lastRejected.decided_at)})` : ''}
          </AlertTitle>
          <AlertDescription>
            <p>Reason: {lastRejected.rejection_reason ?? 'none given'}</p>
            <p>Payouts keep paying the verified account above.</p>
          </AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Request a change</CardTitle>
          <p className="text-sm text-muted-foreground">
            A change is verified by our finance team before payouts use it; we e-mail your main and finance
            addresses at once.
            {pending ? ' Sending a new change replaces the one awaiting verification.' : ''}
          </p>
        </CardHeader>
        <CardContent>
          {canRequestChange ? (
            <ConformForm form={form} className="grid gap-4 sm:grid-cols-2">
              <Field
                labelProps={{ children: 'Account name' }}
                inputProps={getInputProps(fields.bank_account_name, { type: 'text' })}
                errors={fields.bank_account_name.errors}
              />
              <Field
                labelProps={{ children: 'Bank' }}
                inputProps={getInputProps(fields.bank, { type: 'text' })}
                errors={fields.bank.errors}
              />
              <Field
                labelProps={{ children: 'BSB' }}
                inputProps={getInputProps(fields.bsb, { type: 'text' })}
                errors={fields.bsb.errors}
              />
              <Field
                labelProps={{ children: 'Account number' }}
                inputProps={{
                  ...getInputProps(fields.account_number, { type: 'text' }),
                  autoComplete: 'off',
                }}
                errors={fields.account_number.errors}
                description="Type the full account number, even if it stays the same."
              />
              <Field
                labelProps={{ children: 'SWIFT code (optional)' }}
                inputProps={getInputProps(fields.swift_code, { type: 'text' })}
                errors={fields.swift_code.errors}
              />
              <Field
                labelProps={{ children: 'ABN' }}
                inputProps={getInputProps(fields.abn, { type: 'text' })}
                errors={fields.abn.errors}
                description="Needed when you are registered for GST."
              />
              <CheckboxField
                className="sm:col-span-2"
                labelProps={{ children: 'We are registered for GST' }}
                inputProps={getInputProps(fields.is_gst_registered, { type: 'checkbox' })}
                errors={fields.is_gst_registered.errors}
              />
              <ErrorList id={form.errorId} errors={form.errors} />
              <div className="sm:col-span-2">
                <SubmitButton>Send for verification</SubmitButton>
              </div>
            </ConformForm>
          ) : (
            <p className="text-sm">
              Only your agency&apos;s main account and users whose role includes the Finance permission can
              request a change of payout details. Ask one of them, or your administrator for that permission.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
