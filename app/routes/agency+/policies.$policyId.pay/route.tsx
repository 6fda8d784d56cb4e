import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ArrowLeft, CheckCircle2 } from 'lucide-react'
import { CURRENCIES } from '../../../../db/schema/enums'
import { confirmCardCheckout } from '../../../../domain/payments/confirm-card-checkout'
import { createCardCheckout } from '../../../../domain/payments/create-card-checkout'
import { createPaymentLink } from '../../../../domain/payments/create-payment-link'
import { findPaymentLinks } from '../../../../domain/payments/find-payment-links'
import { getAvailablePaymentMethods } from '../../../../domain/payments/get-available-payment-methods'
import { purchasePolicy } from '../../../../domain/payments/purchase-policy'
import { DomainError } from '../../../../domain/shared/errors'
import { PageHeader } from '../../../components/app-shell'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { BalanceMethod, BankMethod, BnplMethod, CardMethod, NexpayMethod } from './pay-methods'
import { PaymentLinkCard } from './payment-link-card'
import { PayIntentSchema, PaymentLinkSchema } from '../../../utils/policy-pay.schemas'
import { StatusBadge } from '../../../components/status-badge'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { idFromParam, readForm, submitForm, throwAsResponse } from '../../../utils/forms.server'
import { requireAccess } from '../../../utils/session.server'
import { redirectWithToast } from '../../../utils/toast.server'
import { storeFormFile } from '../../../utils/upload.server'
import { formatDate, formatMoney } from '../../../utils/misc'
import { policyTypeLabel } from '../../../utils/labels'

export const meta: MetaFunction = () => [{ title: 'Pay for a policy · Agency portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, purchasePolicy.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  const url = new URL(request.url)
  // Back from the card gateway: confirm with it (idempotent) and show the result.
  let card: { ok: true; status: string } | { ok: false; message: string } | null = null
  const sessionId = url.searchParams.get('session_id')
  if (url.searchParams.get('checkout') === 'success' && sessionId) {
    try {
      const r = await confirmCardCheckout({ actor, sessionId, policyId })
      card = { ok: true, status: r.status }
    } catch (err) {
      if (!(err instanceof DomainError) || err.code === 'NOT_FOUND') throwAsResponse(err)
      card = { ok: false, message: err.message }
    }
  }
  try {
    const [options, links] = await Promise.all([
      getAvailablePaymentMethods({ actor, policyId }),
      findPaymentLinks({ actor, policyId, status: 'ACTIVE' }),
    ])
    return { options, links, card, cancelled: url.searchParams.get('checkout') === 'cancel' }
  } catch (err) {
    throwAsResponse(err)
  }
}

const METHOD_OF = { bank: 'BANK', balance: 'AGENCY_BALANCE', bnpl: 'BNPL', nexpay: 'NEXPAY' } as const

/** A form per way to pay (`intent`: card, bank, balance, bnpl, nexpay), and the payment link form. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, purchasePolicy.access)
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  if (formData.get('intent') === 'link') {
    return submitForm(formData, PaymentLinkSchema, async (v) => {
      const link = await createPaymentLink({
        actor,
        policyId,
        currency: v.currency,
        expiresInHours: v.expires_in,
      })
      return data({ link })
    })
  }
  return submitForm(formData, PayIntentSchema, async ({ intent: chosen }) => {
    if (chosen === 'card') {
      const checkout = await createCardCheckout({ actor, policyId })
      return redirect(checkout.url)
    }
    let bankDocument: string | undefined
    const file = formData.get('bank_document')
    if (chosen === 'bank' && file instanceof File && file.size > 0) {
      bankDocument = (await storeFormFile({ actor, file, field: 'bank_document' })).key
    }
    const r = await purchasePolicy({ actor, policyId, paymentType: METHOD_OF[chosen], bankDocument })
    if (r.payment_type === 'CARD') return redirect(r.checkout.url)
    const done = {
      BANK: {
        title: 'Bank payment submitted',
        description: `Policy ${r.ref} waits for our finance team to verify the transfer.`,
      },
      AGENCY_BALANCE: {
        title: 'Policy paid from your balance',
        description: `Policy ${r.ref} is paid. Your balance is now ${formatMoney(r.agencyBalance)}.`,
      },
      BNPL: {
        title: 'Policy paid with buy now, pay later',
        description: `Allowance left: ${formatMoney(r.buyNowPayLaterRemainingAmount)}.`,
      },
      NEXPAY: {
        title: 'Pay through NexPay',
        description: `Use the reference ${r.ref} in NexPay. The policy is marked paid when NexPay confirms.`,
      },
    }[r.payment_type]
    return redirectWithToast(`/agency/policies/${policyId}`, { type: 'success', ...done })
  })
}

// ---- Page --------------------------------------------------------------------------------------

const day = (iso: string | null) => (iso ? formatDate(iso) : '—')

export default function PayPolicy() {
  const { options: o, links, card, cancelled } = useLoaderData<typeof loader>()

  return (
    <div className="space-y-6">
      <Link
        to={`/agency/policies/${o.policy_id}`}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to the policy
      </Link>
      <PageHeader
        title={`Pay for policy ${o.ref}`}
        description={[o.policy.student, o.policy.insurer, policyTypeLabel(o.policy.policy_type)]
          .filter(Boolean)
          .join(' · ')}
        actions={<StatusBadge kind="policy" status={o.status} label={o.status_label} />}
      />
      {card?.ok ? (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>Card payment received</AlertTitle>
          <AlertDescription>
            Policy {o.ref} is now {o.status_label.toLowerCase()}.{' '}
            <Link className="font-medium underline" to={`/agency/policies/${o.policy_id}`}>
              Open the policy
            </Link>
          </AlertDescription>
        </Alert>
      ) : card ? (
        <Alert variant="destructive">
          <AlertTitle>The card payment is not confirmed</AlertTitle>
          <AlertDescription>{card.message}</AlertDescription>
        </Alert>
      ) : null}
      {cancelled ? (
        <Alert variant="info">
          <AlertDescription>The card payment was cancelled. Choose a method to try again.</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Premium</dt>
              <dd className="text-lg font-semibold">{formatMoney(o.premium, o.currency)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Cover</dt>
              <dd>
                {day(o.policy.start_date)} to {day(o.policy.end_date)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Agency balance</dt>
              <dd>{formatMoney(o.agencyBalance)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Buy now, pay later left</dt>
              <dd>{formatMoney(o.buyNowPayLaterRemainingAmount)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">By card</dt>
              <dd>
                {formatMoney(o.cardAmount, o.currency)}
                {o.isCardSurchargeEnabled ? ` (includes a ${o.cardSurchargeRate}% card surcharge)` : ''}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      {!o.isPayable ? (
        <Alert variant="info">
          <AlertTitle>Nothing to pay</AlertTitle>
          <AlertDescription>
            This policy cannot be paid while it is {o.status_label.toLowerCase()}.
          </AlertDescription>
        </Alert>
      ) : (
        <section aria-labelledby="methods-title" className="space-y-4">
          <h2 id="methods-title" className="text-xl font-semibold tracking-tight">
            Choose how to pay
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <BankMethod o={o} />
            <BalanceMethod o={o} />
            <BnplMethod o={o} />
            <NexpayMethod o={o} />
            <CardMethod o={o} />
          </div>
        </section>
      )}

      {o.isPayable && o.Card ? (
        <PaymentLinkCard amount={o.cardAmount} currency={o.currency} currencies={CURRENCIES} links={links} />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
