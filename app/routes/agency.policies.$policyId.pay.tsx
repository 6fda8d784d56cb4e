import { parseWithZod } from '@conform-to/zod/v4'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeft, CheckCircle2 } from 'lucide-react'
import type * as React from 'react'
import { z } from 'zod'
import { CURRENCIES } from '../../db/schema/enums'
import { confirmCardCheckout } from '../../domain/payments/confirm-card-checkout'
import { createCardCheckout } from '../../domain/payments/create-card-checkout'
import { createPaymentLink } from '../../domain/payments/create-payment-link'
import { findPaymentLinks } from '../../domain/payments/find-payment-links'
import { getAvailablePaymentMethods } from '../../domain/payments/get-available-payment-methods'
import { purchasePolicy } from '../../domain/payments/purchase-policy'
import { ExpiresInSchema } from '../../domain/payments/payments.schemas'
import { DomainError } from '../../domain/shared/errors'
import { PageHeader } from '../components/app-shell'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { ErrorList, Field, SelectField, SubmitButton } from '../components/forms'
import { StatusBadge } from '../components/status-badge'
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { idFromParam, readForm, replyForIntent, throwAsResponse } from '../utils/forms.server'
import { requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { storeFormFile } from '../utils/upload.server'
import { formatDate, formatDateTime, formatMoney } from '../utils/misc'
import { CURRENCY_LABELS, policyTypeLabel } from '../utils/labels'

export const meta: MetaFunction = () => [{ title: 'Pay for a policy · Agency portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, 'purchase')
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

const IntentSchema = z.object({ intent: z.enum(['bank', 'balance', 'bnpl', 'nexpay', 'card']) })
const LinkSchema = z.object({
  intent: z.literal('link'),
  currency: z.enum(CURRENCIES).default('AUD'),
  expires_in: ExpiresInSchema,
})

const METHOD_OF = { bank: 'BANK', balance: 'AGENCY_BALANCE', bnpl: 'BNPL', nexpay: 'NEXPAY' } as const

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAgency(request, 'purchase')
  const policyId = idFromParam(params.policyId, 'Policy')
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')

  if (intent === 'link') {
    const submission = parseWithZod(formData, { schema: LinkSchema })
    if (submission.status !== 'success') return replyForIntent({ intent }, submission)
    try {
      const link = await createPaymentLink({
        actor,
        policyId,
        currency: submission.value.currency,
        expiresInHours: submission.value.expires_in,
      })
      return data({ intent, result: submission.reply({ resetForm: true }), link })
    } catch (err) {
      return replyForIntent({ intent }, submission, err)
    }
  }

  const submission = parseWithZod(formData, { schema: IntentSchema })
  if (submission.status !== 'success') return replyForIntent({ intent }, submission)
  const chosen = submission.value.intent
  try {
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
  } catch (err) {
    return replyForIntent({ intent }, submission, err)
  }
}

// ---- Page --------------------------------------------------------------------------------------

type ActionData = {
  intent?: string
  result?: { error?: Record<string, string[] | null> | null }
  link?: { url: string; expires_at: string | Date; currency: string }
}

const day = (iso: string | null) => (iso ? formatDate(iso) : '—')

function useResultFor(intent: string) {
  const answer = useActionData<typeof action>() as ActionData | undefined
  return answer?.intent === intent ? answer : undefined
}

const errorsOf = (answer: ActionData | undefined, ...names: string[]) =>
  names.flatMap((n) => answer?.result?.error?.[n] ?? [])

function MethodCard({
  id,
  title,
  description,
  available,
  children,
}: {
  id: string
  title: string
  description: React.ReactNode
  available: boolean
  children: React.ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" id={`${id}-title`}>
          {title}
        </CardTitle>
        <CardDescription>{available ? description : 'Not available for this policy.'}</CardDescription>
      </CardHeader>
      {available ? <CardContent>{children}</CardContent> : null}
    </Card>
  )
}

/** Where to send a bank transfer and what to quote, so finance can match it to the policy. */
function BankDetails({
  account,
  reference,
  amount,
}: {
  account: {
    bank_name: string
    account_name: string
    bsb: string
    account_number: string
    is_demo: boolean
  } | null
  reference: string
  amount: string
}) {
  if (!account)
    return (
      <p className="text-sm">
        Ask our finance team for the account to pay into, and quote the reference <strong>{reference}</strong>
        .
      </p>
    )
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-3 text-sm">
      <p className="font-medium">Pay {amount} into</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Bank</dt>
        <dd>{account.bank_name}</dd>
        <dt className="text-muted-foreground">Account name</dt>
        <dd>{account.account_name}</dd>
        <dt className="text-muted-foreground">BSB</dt>
        <dd className="font-mono">{account.bsb}</dd>
        <dt className="text-muted-foreground">Account number</dt>
        <dd className="font-mono">{account.account_number}</dd>
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="font-mono font-semibold">{reference}</dd>
      </dl>
      {account.is_demo ? (
        <p className="text-xs text-muted-foreground">
          Demo details, not a real bank account (the operator sets the real one in BANK_* settings).
        </p>
      ) : null}
    </div>
  )
}

function IntentForm({
  intent,
  children,
  encType,
  className,
}: {
  intent: string
  children: React.ReactNode
  encType?: 'multipart/form-data'
  className?: string
}) {
  return (
    <Form method="post" encType={encType} className={className ?? 'space-y-3'}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  )
}

export default function PayPolicy() {
  const { options: o, links, card, cancelled } = useLoaderData<typeof loader>()
  const bank = useResultFor('bank')
  const balance = useResultFor('balance')
  const bnpl = useResultFor('bnpl')
  const nexpay = useResultFor('nexpay')
  const cardResult = useResultFor('card')
  const link = useResultFor('link')
  const shortBalance = o.agencyBalance < o.premium
  const shortBnpl = o.buyNowPayLaterRemainingAmount < o.premium

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
            <MethodCard
              id="bank"
              title="Bank transfer"
              available={o.Bank}
              description="Transfer the premium and upload the proof. Our finance team verifies it."
            >
              <IntentForm intent="bank" encType="multipart/form-data">
                <BankDetails
                  account={o.bankTransfer.account}
                  reference={o.bankTransfer.reference}
                  amount={formatMoney(o.premium, o.currency)}
                />
                <div className="space-y-2">
                  <Label htmlFor="bank_document">Proof of transfer</Label>
                  <Input
                    id="bank_document"
                    name="bank_document"
                    type="file"
                    accept=".pdf,.jpg,.jpeg,.png,.doc,.docx"
                    aria-invalid={errorsOf(bank, 'bank_document').length ? true : undefined}
                    aria-describedby="bank-document-hint bank-document-errors"
                  />
                  <p id="bank-document-hint" className="text-sm text-muted-foreground">
                    PDF, JPEG, PNG, DOC or DOCX, up to 5 MB.
                  </p>
                  <ErrorList
                    id="bank-document-errors"
                    errors={errorsOf(bank, 'bank_document', 'file_path')}
                  />
                </div>
                <ErrorList errors={errorsOf(bank, '')} />
                <SubmitButton>Submit bank payment</SubmitButton>
              </IntentForm>
            </MethodCard>

            <MethodCard
              id="balance"
              title="Agency balance"
              available={o.AgencyBalance}
              description={`Available: ${formatMoney(o.agencyBalance)}.`}
            >
              <IntentForm intent="balance">
                {shortBalance ? (
                  <p id="balance-short" className="text-sm text-muted-foreground">
                    Your balance {formatMoney(o.agencyBalance)} does not cover{' '}
                    {formatMoney(o.premium, o.currency)}. Top up your balance from the{' '}
                    <Link to="/agency/finance?tab=topups" className="font-medium text-primary underline">
                      finance page
                    </Link>{' '}
                    or choose another method.
                  </p>
                ) : null}
                <ErrorList errors={errorsOf(balance, '')} />
                <SubmitButton
                  disabled={shortBalance}
                  aria-describedby={shortBalance ? 'balance-short' : undefined}
                >
                  Pay {formatMoney(o.premium, o.currency)} from balance
                </SubmitButton>
              </IntentForm>
            </MethodCard>

            <MethodCard
              id="bnpl"
              title="Buy now, pay later"
              available={o.BuyNowPayLater}
              description={`Allowance left: ${formatMoney(o.buyNowPayLaterRemainingAmount)}.`}
            >
              <IntentForm intent="bnpl">
                {shortBnpl ? (
                  <p id="bnpl-short" className="text-sm text-muted-foreground">
                    The allowance left, {formatMoney(o.buyNowPayLaterRemainingAmount)}, does not cover{' '}
                    {formatMoney(o.premium, o.currency)}.
                  </p>
                ) : null}
                <ErrorList errors={errorsOf(bnpl, '')} />
                <SubmitButton disabled={shortBnpl} aria-describedby={shortBnpl ? 'bnpl-short' : undefined}>
                  Use buy now, pay later
                </SubmitButton>
              </IntentForm>
            </MethodCard>

            <MethodCard
              id="nexpay"
              title="NexPay"
              available={o.Nexpay}
              description={
                <>
                  Pay through NexPay with the reference <strong>{o.nexpayReference}</strong>. The policy is
                  paid when NexPay confirms.
                </>
              }
            >
              <IntentForm intent="nexpay">
                <ErrorList errors={errorsOf(nexpay, '')} />
                <SubmitButton>Pay with NexPay</SubmitButton>
              </IntentForm>
            </MethodCard>

            <MethodCard
              id="card"
              title="Card"
              available={o.Card}
              description={
                o.isCardSurchargeEnabled
                  ? `A ${o.cardSurchargeRate}% card surcharge applies: ${formatMoney(o.cardAmount, o.currency)} in total.`
                  : 'Pay now on the secure card checkout.'
              }
            >
              <IntentForm intent="card">
                <ErrorList errors={errorsOf(cardResult, '')} />
                <SubmitButton>Pay {formatMoney(o.cardAmount, o.currency)} by card</SubmitButton>
              </IntentForm>
            </MethodCard>
          </div>
        </section>
      )}

      {o.isPayable && o.Card ? (
        <Card>
          <CardHeader>
            <CardTitle>Payment link</CardTitle>
            <CardDescription>
              Send the student a link to pay {formatMoney(o.cardAmount, o.currency)} by card. You are reminded
              a day before it expires.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {link?.link ? (
              <div className="space-y-2">
                <Label htmlFor="new-link">New payment link (copy and send it)</Label>
                <Input
                  id="new-link"
                  readOnly
                  value={link.link.url}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <p className="text-sm text-muted-foreground">
                  Expires {formatDateTime(link.link.expires_at)}.
                </p>
              </div>
            ) : null}
            <IntentForm intent="link" className="flex flex-wrap items-start gap-4">
              <SelectField
                className="min-w-40"
                labelProps={{ children: 'Currency shown to the student' }}
                selectProps={{
                  id: 'link-currency',
                  name: 'currency',
                  defaultValue: 'AUD',
                }}
                options={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
                errors={errorsOf(link, 'currency')}
              />
              <Field
                className="w-48"
                labelProps={{ children: 'Expires in (hours)' }}
                inputProps={{
                  id: 'link-expires-in',
                  name: 'expires_in',
                  inputMode: 'decimal',
                  defaultValue: '72',
                }}
                errors={errorsOf(link, 'expires_in')}
              />
              <div className="pt-7">
                <SubmitButton>Create payment link</SubmitButton>
              </div>
            </IntentForm>
            <ErrorList errors={errorsOf(link, '')} />
            {links.length ? (
              <div className="space-y-2">
                <h3 className="text-sm font-medium">Active links</h3>
                <ul className="space-y-1 text-sm">
                  {links.map((l) => (
                    <li key={l.id} className="break-all">
                      <a className="text-primary underline" href={l.url}>
                        {l.url}
                      </a>{' '}
                      <span className="text-muted-foreground">(expires {formatDateTime(l.expires_at)})</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency/policies" homeLabel="Back to policies" />
}
