import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CheckCircle2 } from 'lucide-react'
import { confirmWidgetCheckout } from '../../../domain/public-clients/create-public-checkout'
import { DomainError } from '../../../domain/shared/errors'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'

export const meta: MetaFunction = () => [
  { title: 'Payment · Health cover' },
  { name: 'robots', content: 'noindex' },
]

/**
 * Where a widget's card checkout comes back to (in the window the checkout opened): settles the
 * payment when the gateway says it is paid. The widget, watching the policy, moves on by itself.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const policyId = idFromParam(params.policyId, 'Policy')
  const url = new URL(request.url)
  if (url.searchParams.get('checkout') === 'cancel') return { state: 'cancelled' as const, message: null }
  const sessionId = url.searchParams.get('session_id')
  if (!sessionId) throw new Response('Checkout session not found', { status: 404 })
  try {
    await confirmWidgetCheckout({ clientId: params.clientId ?? '', policyId, sessionId })
    return { state: 'paid' as const, message: null }
  } catch (err) {
    if (err instanceof DomainError && err.code !== 'NOT_FOUND')
      return { state: 'unpaid' as const, message: err.message }
    throwAsResponse(err)
  }
}

export default function WidgetPaid() {
  const data = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-xl p-6">
      {data.state === 'paid' ? (
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>Payment received</AlertTitle>
          <AlertDescription>
            Thank you. You can close this window and return to the page you came from; it shows your
            confirmation.
          </AlertDescription>
        </Alert>
      ) : data.state === 'cancelled' ? (
        <Alert variant="info">
          <AlertTitle>Payment cancelled</AlertTitle>
          <AlertDescription>Nothing was charged. Close this window to return and try again.</AlertDescription>
        </Alert>
      ) : (
        <Alert variant="warning">
          <AlertTitle>The payment is not complete</AlertTitle>
          <AlertDescription>{data.message}</AlertDescription>
        </Alert>
      )}
    </main>
  )
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <GeneralErrorBoundary statusTitles={{ 404: 'This payment was not found' }} />
    </main>
  )
}
