import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CheckCircle2 } from 'lucide-react'
import { z } from 'zod'
import { CURRENCIES } from '../../../db/schema/enums'
import { confirmPaymentLinkCheckout } from '../../../domain/payments/confirm-payment-link-checkout'
import { quotePaymentLink } from '../../../domain/payments/create-exchange-quote'
import { getPaymentLink } from '../../../domain/payments/get-payment-link'
import { startPaymentLinkCheckout } from '../../../domain/payments/start-payment-link-checkout'
import { DomainError } from '../../../domain/shared/errors'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ConformForm, ErrorList, SelectField, SubmitButton, useConformForm } from '../../components/forms'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'
import { readForm, submitForm, throwAsResponse } from '../../utils/forms.server'
import { requireSameOrigin } from '../../utils/session.server'
import { formatDate, formatDateTime, formatMoney } from '../../utils/misc'
import { CURRENCY_LABELS } from '../../utils/labels'

export const meta: MetaFunction = () => [
  { title: 'Pay your health cover · OSHC Back Office' },
  { name: 'robots', content: 'noindex' },
]

const CurrencySchema = z.enum(CURRENCIES)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const reference = params.reference ?? ''
  let confirmError: string | null = null
  let link
  try {
    link = await getPaymentLink({ reference })
    const sessionId = url.searchParams.get('session_id')
    if (sessionId && link.status !== 'PAID') {
      try {
        link = await confirmPaymentLinkCheckout({ reference, sessionId })
      } catch (err) {
        if (!(err instanceof DomainError) || err.code === 'NOT_FOUND') throw err
        confirmError = err.message
      }
    }
  } catch (err) {
    throwAsResponse(err)
  }
  const chosen = CurrencySchema.safeParse(url.searchParams.get('currency') ?? link.currency)
  const currency = chosen.success ? chosen.data : 'AUD'
  const quote =
    currency !== 'AUD' && link.status === 'ACTIVE'
      ? await quotePaymentLink({ reference, paymentCurrency: currency }).catch((err: unknown) => {
          if (err instanceof DomainError) return null
          throw err
        })
      : null
  return {
    link,
    currency,
    quote,
    confirmError,
    cancelled: url.searchParams.get('checkout') === 'cancel',
  }
}

const PaySchema = z.object({ intent: z.literal('pay') })

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request)
  return submitForm(await readForm(request), PaySchema, async () => {
    const { url } = await startPaymentLinkCheckout({ reference: params.reference ?? '' }).catch((err) => {
      // An unknown or expired link is the not-found page, not a form message.
      if (err instanceof DomainError && err.code === 'NOT_FOUND') throwAsResponse(err)
      throw err
    })
    return redirect(url)
  })
}

const day = (iso: string | null) => (iso ? formatDate(iso) : '—')

export default function PayByLink() {
  const { link, currency, quote, confirmError, cancelled } = useLoaderData<typeof loader>()
  const [payForm] = useConformForm(PaySchema, { intent: 'pay' })
  return (
    <main className="flex min-h-screen items-start justify-center bg-muted px-4 py-12">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <p className="text-sm font-semibold text-primary">OSHC Back Office</p>
          <h1 className="text-2xl font-semibold tracking-tight">Pay for policy {link.policy.ref}</h1>
          <CardDescription>Overseas student health cover, paid securely by card.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-medium">Policy</dt>
            <dd>{link.policy.ref}</dd>
            <dt className="font-medium">Student</dt>
            <dd>{link.student}</dd>
            <dt className="font-medium">Insurer</dt>
            <dd>{link.insurer ?? '—'}</dd>
            <dt className="font-medium">Cover</dt>
            <dd>
              {day(link.policy.start_date)} to {day(link.policy.end_date)}
            </dd>
            <dt className="font-medium">Amount</dt>
            <dd className="font-semibold">{formatMoney(link.amount, link.amount_currency)}</dd>
          </dl>

          {link.status === 'PAID' ? (
            <Alert variant="success">
              <CheckCircle2 aria-hidden="true" />
              <AlertTitle>Paid</AlertTitle>
              <AlertDescription>
                Thank you. This policy has been paid; the agency has been told.
              </AlertDescription>
            </Alert>
          ) : link.status === 'EXPIRED' ? (
            <Alert variant="warning">
              <AlertTitle>This payment link has expired</AlertTitle>
              <AlertDescription>Ask your agency for a new payment link.</AlertDescription>
            </Alert>
          ) : link.policy_paid_otherwise ? (
            <Alert variant="info">
              <AlertTitle>Nothing to pay</AlertTitle>
              <AlertDescription>This policy has already been paid.</AlertDescription>
            </Alert>
          ) : (
            <>
              {confirmError ? (
                <Alert variant="destructive">
                  <AlertDescription>{confirmError}</AlertDescription>
                </Alert>
              ) : null}
              {cancelled ? (
                <Alert variant="info">
                  <AlertDescription>The card payment was cancelled. You can try again.</AlertDescription>
                </Alert>
              ) : null}
              <Form method="get" className="flex flex-wrap items-end gap-3">
                <SelectField
                  className="min-w-40"
                  labelProps={{ children: 'Show the amount in' }}
                  selectProps={{ id: 'currency', name: 'currency', defaultValue: currency }}
                  options={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
                />
                <Button type="submit" variant="outline" className="mb-7">
                  Show amount
                </Button>
              </Form>
              {quote ? (
                <p className="text-sm" aria-live="polite">
                  About <strong>{formatMoney(quote.payment_amount, quote.payment_currency)}</strong> at 1 AUD
                  = {quote.client_rate} {quote.payment_currency} (rate valid until{' '}
                  {new Date(quote.valid_to).toLocaleTimeString('en-AU', { timeStyle: 'short' })}). Your card
                  is charged {formatMoney(link.amount, link.amount_currency)}.
                </p>
              ) : null}
              <ConformForm form={payForm} intent="pay" className="space-y-2">
                <ErrorList errors={payForm.errors} />
                <SubmitButton className="w-full">
                  Pay by card {formatMoney(link.amount, link.amount_currency)}
                </SubmitButton>
                <p className="text-sm text-muted-foreground">
                  This link expires on {formatDateTime(link.expires_at)}.
                </p>
              </ConformForm>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <GeneralErrorBoundary
        statusTitles={{ 404: 'This payment link does not exist' }}
        homeHref="/"
        homeLabel="Home"
      />
    </main>
  )
}
