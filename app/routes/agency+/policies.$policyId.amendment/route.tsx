import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getAmendmentOverview } from '../../../../domain/amendments/get-amendment-overview'
import { initiateAmendment } from '../../../../domain/amendments/initiate-amendment'
import { updatePolicyPremium } from '../../../../domain/amendments/update-policy-premium'
import { payAmendment } from '../../../../domain/amendments/pay-amendment'
import { confirmAmendmentCardPayment } from '../../../../domain/amendments/confirm-amendment-card-payment'
import { UpdateStudentDetailsSchema } from '../../../../domain/policies/policies.schemas'
import { DomainError, HTTP_STATUS } from '../../../../domain/shared/errors'
import { PageHeader } from '../../../components/app-shell'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AmendmentSummary } from '../../../components/policies/amendment-summary'
import { AcceptForm, AmendForm, PayForm, type AmendDefaults } from './amendment-agency-forms'
import { idFromParam, readForm, throwAsResponse } from '../../../utils/forms.server'
import { requireAgency } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'
import { formatMoney } from '../../../utils/misc'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Amendment of ${data?.policy.ref ?? 'policy'} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const url = new URL(request.url)
  let checkout: string | null = null
  const sessionId = url.searchParams.get('session_id')
  const first = await getAmendmentOverview({ actor, policyId }).catch(throwAsResponse)
  if (url.searchParams.get('checkout') === 'success' && sessionId && first.open) {
    try {
      await confirmAmendmentCardPayment({ actor, amendmentId: first.open.id, sessionId })
      checkout = 'Card payment received.'
    } catch (err) {
      if (!(err instanceof DomainError) || err.code === 'NOT_FOUND') throwAsResponse(err)
      checkout = err.message
    }
  }
  const o = checkout ? await getAmendmentOverview({ actor, policyId }) : first
  const c = o.current
  const defaults: AmendDefaults = {
    first_name: c.customer.first_name ?? '',
    last_name: c.customer.last_name ?? '',
    email: c.customer.email ?? '',
    passport_number: c.customer.passport_number ?? '',
    policy_type: c.policy.policy_type ?? 'SINGLE',
    start_date: c.policy.start_date ?? '',
    end_date: c.policy.end_date ?? '',
    partner_first_name: c.partner?.first_name ?? '',
    partner_last_name: c.partner?.last_name ?? '',
  }
  return { policy: o.policy, canAmend: o.can_amend, defaults, open: o.open, past: o.past, checkout }
}

type Errors = Record<string, string[]>

function refused(err: unknown) {
  if (!(err instanceof DomainError)) throw err
  const errors: Errors = { form: [err.message] }
  for (const [k, v] of Object.entries(err.errors ?? {})) errors[k.split('.').pop() ?? k] = v
  return data({ errors }, { status: HTTP_STATUS[err.code] })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const form = await readForm(request)
  const text = (k: string) => String(form.get(k) ?? '').trim()
  const here = `/agency/policies/${policyId}/amendment`
  try {
    const o = await getAmendmentOverview({ actor, policyId })
    const intent = text('intent')
    if (intent === 'amend') {
      const c = o.current
      const partner = text('partner_first_name')
        ? { first_name: text('partner_first_name'), last_name: text('partner_last_name') }
        : null
      const parsed = UpdateStudentDetailsSchema.safeParse({
        policy_id: policyId,
        amendment_note: text('amendment_note') || null,
        customer: {
          ...c.customer,
          first_name: text('first_name'),
          last_name: text('last_name'),
          email: text('email'),
          passport_number: text('passport_number'),
        },
        partner,
        family_members: c.family_members,
        policy: {
          ...c.policy,
          policy_type: text('policy_type'),
          start_date: text('start_date'),
          end_date: text('end_date'),
        },
      })
      if (!parsed.success) {
        const errors: Errors = {}
        for (const i of parsed.error.issues) {
          const key =
            i.path[0] === 'partner'
              ? `partner_${i.path.length > 1 ? String(i.path.at(-1)) : 'first_name'}`
              : String(i.path.at(-1) ?? 'form')
          ;(errors[key] ??= []).push(i.message)
        }
        return data({ errors }, { status: 400 })
      }
      const r = await initiateAmendment({ actor, input: parsed.data })
      return redirectWithToast(here, {
        title: 'Amendment requested',
        description: `New premium ${formatMoney(r.new_premium)} (now ${formatMoney(r.old_premium)}); our team confirms it next.`,
      })
    }
    if (!o.open) return data({ errors: { form: ['This policy has no open amendment'] } }, { status: 409 })
    if (intent === 'accept' || intent === 'withdraw') {
      await updatePolicyPremium({
        actor,
        amendmentId: o.open.id,
        premium: intent === 'accept' ? Number(text('premium')) : undefined,
        allowPayment: intent === 'accept',
        note: text('note') || null,
      })
      return redirectWithToast(here, {
        title: intent === 'accept' ? 'Premium accepted' : 'Amendment withdrawn',
      })
    }
    if (intent === 'pay') {
      const method = text('payment_method') as 'BANK' | 'AGENCY_BALANCE' | 'CARD'
      const bankDocument =
        method === 'BANK'
          ? (
              await storeFormFile({
                actor,
                file: form.get('bank_document'),
                field: 'bank_document',
                agencyId: o.policy.agency_id,
              })
            ).key
          : null
      const r = await payAmendment({ actor, amendmentId: o.open.id, paymentMethod: method, bankDocument })
      if ('checkout' in r && r.checkout) return redirect(r.checkout.url)
      return redirectWithToast(here, {
        title: method === 'BANK' ? 'Payment submitted for verification' : 'Payment made',
      })
    }
    return data({ errors: { form: ['Unknown action'] } }, { status: 400 })
  } catch (err) {
    if (err instanceof Response) throw err
    return refused(err)
  }
}

export default function AgencyAmendment() {
  const { policy, canAmend, defaults, open, past, checkout } = useLoaderData<typeof loader>()
  const errors = (useActionData<typeof action>() as { errors?: Errors } | undefined)?.errors
  return (
    <div className="space-y-6">
      <Link
        to={`/agency/policies/${policy.id}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Policy {policy.ref}
      </Link>
      <PageHeader title={`Amendments of ${policy.ref}`} description={checkout ?? undefined} />
      {open ? <AmendmentSummary a={open} side="agency" /> : null}
      {open?.phase === 'CONFIRM_PREMIUM_BY_AGENCY' ? (
        <AcceptForm
          premium={open.new_premium}
          payable={open.payable_amount}
          payer={open.payer}
          errors={errors}
        />
      ) : null}
      {open?.phase === 'PAYMENT' ? <PayForm payable={open.payable_amount} errors={errors} /> : null}
      {canAmend ? <AmendForm d={defaults} errors={errors} /> : null}
      {!open && !canAmend ? <p>This policy cannot be amended in its current status.</p> : null}
      {past.map((a) => (
        <AmendmentSummary key={a.id} a={a} side="agency" />
      ))}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
