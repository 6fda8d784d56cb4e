import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { formatMoney } from '../../../utils/misc'
import { widgetCall, WidgetApiError, type WidgetSession } from '../../../components/widget/widget-api'
import type { PublicPolicy } from '../../../components/widget/widget-types'

type Methods = {
  premium: number
  currency: string
  methods: { method: 'CARD'; amount: number; surcharge_amount: number }[]
}

const POLL_MS = 2500

/**
 * Step 3: pay by card. The gateway's checkout cannot run inside a frame, so it opens in a new
 * window; this step watches the policy until the payment is received.
 */
export function PayStep({
  session,
  policyId,
  purchaseSecret,
  onPaid,
}: {
  session: WidgetSession
  policyId: number
  /** The purchase's proof, sent on every call about the policy. */
  purchaseSecret: string
  onPaid: (policy: PublicPolicy) => void
}) {
  const [methods, setMethods] = useState<Methods | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const done = useRef(false)

  useEffect(() => {
    widgetCall<Methods>(session, 'GET', `/getPublicAvailablePaymentMethodsForAgency/${policyId}`, {
      purchaseSecret,
    })
      .then((r) => setMethods(r.data))
      .catch((err: unknown) =>
        setMessage(
          err instanceof WidgetApiError ? err.failure.message : 'Could not load the payment options',
        ),
      )
  }, [session, policyId, purchaseSecret])

  useEffect(() => {
    if (!checkoutUrl) return
    const timer = setInterval(async () => {
      if (done.current) return
      try {
        const { data } = await widgetCall<PublicPolicy>(
          session,
          'GET',
          `/getPublicPoliciesDetailById/${policyId}`,
          { purchaseSecret },
        )
        if (data.is_paid && !done.current) {
          done.current = true
          onPaid(data)
        }
      } catch {
        // A dropped poll is retried at the next tick.
      }
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [checkoutUrl, session, policyId, purchaseSecret, onPaid])

  async function pay() {
    // Opened on the click itself, so that popup blockers let it through; pointed at the checkout once known.
    const win = window.open('', '_blank')
    setBusy(true)
    setMessage(null)
    try {
      const { data } = await widgetCall<{ url: string }>(session, 'POST', '/airwallexCheckout', {
        body: { policy_id: policyId, currency: 'AUD', parent_origin: session.parentOrigin },
        purchaseSecret,
      })
      if (win) win.location.href = data.url
      setCheckoutUrl(data.url)
    } catch (err) {
      win?.close()
      if (!(err instanceof WidgetApiError)) throw err
      setMessage(err.failure.message)
    } finally {
      setBusy(false)
    }
  }

  const card = methods?.methods.find((m) => m.method === 'CARD')
  return (
    <section aria-labelledby="pay-heading" className="space-y-4">
      <h2 id="pay-heading" className="text-lg font-semibold">
        Payment
      </h2>
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
      {methods && !card ? (
        <p className="text-sm">Card payment is not available for this cover. Please contact the agency.</p>
      ) : null}
      {card ? (
        <div className="space-y-3">
          <p>
            Total <strong>{formatMoney(card.amount, methods?.currency)}</strong>
            {card.surcharge_amount > 0
              ? ` (includes a card surcharge of ${formatMoney(card.surcharge_amount)})`
              : ''}
          </p>
          {checkoutUrl ? (
            <div role="status" className="space-y-2 rounded-md border p-3 text-sm">
              <p>
                Complete the payment in the new window. This page updates as soon as the payment is received.
              </p>
              <p>
                No window?{' '}
                <a href={checkoutUrl} target="_blank" rel="noreferrer" className="underline">
                  Open the payment page
                </a>
                .
              </p>
            </div>
          ) : (
            <Button type="button" onClick={pay} disabled={busy}>
              {busy
                ? 'Opening the payment page…'
                : `Pay ${formatMoney(card.amount, methods?.currency)} by card`}
            </Button>
          )}
        </div>
      ) : null}
      {!methods && !message ? (
        <p className="text-sm text-muted-foreground">Loading the payment options…</p>
      ) : null}
    </section>
  )
}
