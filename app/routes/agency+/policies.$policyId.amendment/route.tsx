import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import { getAmendmentOverview } from '../../../../domain/amendments/get-amendment-overview'
import { initiateAmendment } from '../../../../domain/amendments/initiate-amendment'
import { updatePolicyPremium } from '../../../../domain/amendments/update-policy-premium'
import { payAmendment } from '../../../../domain/amendments/pay-amendment'
import { confirmAmendmentCardPayment } from '../../../../domain/amendments/confirm-amendment-card-payment'
import {
  AcceptAmendmentFormSchema,
  AgencyAmendFormSchema,
  PayAmendmentFormSchema,
} from '../../../../domain/amendments/amendments.schemas'
import { UpdateStudentDetailsSchema } from '../../../../domain/policies/policies.schemas'
import { conflict, DomainError, HTTP_STATUS } from '../../../../domain/shared/errors'
import { PageHeader } from '../../../components/app-shell'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AmendmentSummary } from '../../../components/policies/amendment-summary'
import { AcceptForm, AmendForm, PayForm, type AmendDefaults } from './amendment-agency-forms'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
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
type Actor = Parameters<typeof getAmendmentOverview>[0]['actor']

/** The amendment form's field of an error path (customer.email -> email, partner -> partner_first_name). */
function fieldOf(path: readonly PropertyKey[]) {
  if (path[0] === 'partner') return `partner_${path.length > 1 ? String(path.at(-1)) : 'first_name'}`
  return String(path.at(-1) ?? '')
}

/** A refusal of the amendment, its field errors under the form's flat fields. */
function refusedAmendment(err: unknown) {
  if (!(err instanceof DomainError)) throw err
  const fieldErrors: Errors = {}
  for (const [k, v] of Object.entries(err.errors ?? {})) fieldErrors[k.split('.').pop() ?? k] = v
  return { formErrors: [err.message], fieldErrors, status: HTTP_STATUS[err.code] }
}

/** The open amendment a decision is about (a form posted after it closed is refused on the form). */
async function openAmendment(actor: Actor, policyId: number) {
  const o = await getAmendmentOverview({ actor, policyId })
  if (!o.open) throw conflict('This policy has no open amendment')
  return { ...o, open: o.open }
}

/**
 * amend (the details, checked with initiateAmendment's schema) | accept, withdraw (premium, note) |
 * pay (payment_method, bank_document file): each form on its schema (amendments.schemas.ts); a
 * refusal answers on the form that posted (Conform's reply), a decision with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request)
  const policyId = idFromParam(params.policyId, 'Policy')
  const form = await readForm(request)
  const here = `/agency/policies/${policyId}/amendment`
  switch (form.get('intent')) {
    case 'amend':
      return submitForm(form, AgencyAmendFormSchema, async (v, submission) => {
        const c = (await getAmendmentOverview({ actor, policyId })).current
        const parsed = UpdateStudentDetailsSchema.safeParse({
          policy_id: policyId,
          amendment_note: v.amendment_note,
          customer: {
            ...c.customer,
            first_name: v.first_name ?? '',
            last_name: v.last_name ?? '',
            email: v.email ?? '',
            passport_number: v.passport_number ?? '',
          },
          partner: v.partner_first_name
            ? { first_name: v.partner_first_name, last_name: v.partner_last_name ?? '' }
            : null,
          family_members: c.family_members,
          policy: {
            ...c.policy,
            policy_type: v.policy_type ?? '',
            start_date: v.start_date ?? '',
            end_date: v.end_date ?? '',
          },
        })
        if (!parsed.success) {
          const fieldErrors: Errors = {}
          for (const i of parsed.error.issues) (fieldErrors[fieldOf(i.path)] ??= []).push(i.message)
          return data(submission.reply({ fieldErrors }), { status: 400 })
        }
        try {
          const r = await initiateAmendment({ actor, input: parsed.data })
          return redirectWithToast(here, {
            title: 'Amendment requested',
            description: `New premium ${formatMoney(r.new_premium)} (now ${formatMoney(r.old_premium)}); our team confirms it next.`,
          })
        } catch (err) {
          const { status, ...refusal } = refusedAmendment(err)
          return data(submission.reply(refusal), { status })
        }
      })
    case 'accept':
    case 'withdraw':
      return submitForm(form, AcceptAmendmentFormSchema, async (v) => {
        const { open } = await openAmendment(actor, policyId)
        const accept = v.intent === 'accept'
        await updatePolicyPremium({
          actor,
          amendmentId: open.id,
          premium: accept ? v.premium : undefined,
          allowPayment: accept,
          note: v.note,
        })
        return redirectWithToast(here, { title: accept ? 'Premium accepted' : 'Amendment withdrawn' })
      })
    case 'pay':
      return submitForm(form, PayAmendmentFormSchema, async (v) => {
        const o = await openAmendment(actor, policyId)
        const method = v.payment_method
        const bankDocument =
          method === 'BANK'
            ? (
                await storeFormFile({
                  actor,
                  file: v.bank_document ?? null,
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
      })
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

export default function AgencyAmendment() {
  const { policy, canAmend, defaults, open, past, checkout } = useLoaderData<typeof loader>()
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
          schema={AcceptAmendmentFormSchema}
        />
      ) : null}
      {open?.phase === 'PAYMENT' ? (
        <PayForm payable={open.payable_amount} schema={PayAmendmentFormSchema} />
      ) : null}
      {canAmend ? <AmendForm d={defaults} schema={AgencyAmendFormSchema} /> : null}
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
