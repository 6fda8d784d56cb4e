import { parseWithZod } from '@conform-to/zod/v4'
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { CreditCard } from 'lucide-react'
import { z } from 'zod'
import {
  cancelSandboxCheckout,
  getSandboxCheckout,
  paySandboxCheckout,
} from '../../../domain/card-payments/sandbox-checkout'
import { DomainError } from '../../../domain/shared/errors'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ErrorList, SubmitButton } from '../../components/forms'
import { Alert, AlertDescription } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { readForm, replyInvalid, replyWithError, throwAsResponse } from '../../utils/forms.server'
import { requireSameOrigin } from '../../utils/session.server'
import { formatMoney } from '../../utils/misc'

export const meta: MetaFunction = () => [{ title: 'Test checkout · OSHC Back Office' }]

/**
 * The sandbox card gateway's hosted checkout (development and tests; 404 in production). Public
 * like a real gateway's page: the session id is unguessable and the URL is signed.
 */
const CheckoutSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('pay'),
    card_number: z.string({ error: 'Enter the card number' }).trim().min(1, 'Enter the card number'),
  }),
  z.object({ intent: z.literal('cancel') }),
])

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  try {
    const checkout = await getSandboxCheckout({ sessionId: params.sessionId ?? '', search: url.searchParams })
    return { checkout, action: `${url.pathname}${url.search}` }
  } catch (err) {
    throwAsResponse(err)
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request)
  const url = new URL(request.url)
  const sessionId = params.sessionId ?? ''
  const submission = parseWithZod(await readForm(request), { schema: CheckoutSchema })
  if (submission.status !== 'success') {
    // An unknown or forged session is a 404 whatever was posted.
    await getSandboxCheckout({ sessionId, search: url.searchParams }).catch(throwAsResponse)
    return replyInvalid(submission)
  }
  let target: string
  try {
    target =
      submission.value.intent === 'pay'
        ? (
            await paySandboxCheckout({
              sessionId,
              search: url.searchParams,
              cardNumber: submission.value.card_number,
            })
          ).redirectTo
        : (await cancelSandboxCheckout({ sessionId, search: url.searchParams })).redirectTo
  } catch (err) {
    if (err instanceof DomainError && err.code === 'NOT_FOUND') throwAsResponse(err)
    return replyWithError(submission, err)
  }
  return redirect(target)
}

export default function SandboxCheckout() {
  const { checkout, action: formAction } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const cardErrors = result?.error?.card_number ?? undefined
  const formErrors = result?.error?.[''] ?? undefined
  return (
    <main className="flex min-h-screen items-start justify-center bg-muted px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="flex items-center gap-2">
            <CreditCard className="h-5 w-5 text-primary" aria-hidden="true" />
            <p className="text-sm font-semibold text-primary">Sandbox card gateway</p>
            <Badge variant="warning">Test mode</Badge>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">
            Pay {formatMoney(checkout.amount, checkout.currency)}
          </h1>
          <CardDescription>{checkout.description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {checkout.surcharge_amount > 0 ? (
            <p className="text-sm text-muted-foreground">
              Includes a card surcharge of {formatMoney(checkout.surcharge_amount, checkout.currency)}.
            </p>
          ) : null}
          {checkout.state === 'paid' ? (
            <Alert variant="success">
              <AlertDescription>
                This checkout is paid.{' '}
                <a className="font-medium underline" href={checkout.successUrl}>
                  Return to the merchant
                </a>
              </AlertDescription>
            </Alert>
          ) : checkout.state === 'cancelled' ? (
            <Alert variant="warning">
              <AlertDescription>
                This checkout was cancelled.{' '}
                <a className="font-medium underline" href={checkout.cancelUrl}>
                  Return to the merchant
                </a>
              </AlertDescription>
            </Alert>
          ) : (
            <Form method="post" action={formAction} className="space-y-4" noValidate>
              <div className="space-y-2">
                <Label htmlFor="card_number">Card number</Label>
                <Input
                  id="card_number"
                  name="card_number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  aria-invalid={cardErrors?.length ? true : undefined}
                  aria-describedby={
                    cardErrors?.length ? 'card-number-hint card-number-error' : 'card-number-hint'
                  }
                />
                <p id="card-number-hint" className="text-sm text-muted-foreground">
                  Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
                </p>
                <ErrorList id="card-number-error" errors={cardErrors} />
              </div>
              <ErrorList errors={formErrors} />
              <div className="flex gap-2">
                <SubmitButton name="intent" value="pay">
                  Pay {formatMoney(checkout.amount, checkout.currency)}
                </SubmitButton>
                <Button type="submit" name="intent" value="cancel" variant="outline">
                  Cancel
                </Button>
              </div>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  )
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-8">
      <GeneralErrorBoundary />
    </main>
  )
}
