import { useState } from 'react'
import { POLICY_TYPE_LABELS } from '../../../utils/labels'
import { Field, SelectField } from '../../../components/forms'
import { Button } from '../../../components/ui/button'
import { formatDate, formatMoney } from '../../../utils/misc'
import { useHydrated } from '../../../utils/use-hydrated'
import { widgetCall, WidgetApiError, type WidgetSession } from '../../../components/widget/widget-api'
import type { PublicQuote } from '../../../components/widget/widget-types'

const TYPES = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'] as const

/** Step 1: the cover wanted, then the insurers' prices, cheapest first. */
export function QuoteStep({
  session,
  onChoose,
}: {
  session: WidgetSession
  onChoose: (quote: PublicQuote) => void
}) {
  const [quotes, setQuotes] = useState<PublicQuote[] | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // Before hydration the form would submit natively and reload the frame: wait for React.
  const hydrated = useHydrated()

  async function search(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setBusy(true)
    setMessage(null)
    try {
      const query = Object.fromEntries(
        ['policyType', 'startDate', 'endDate'].map((k) => [k, String(form.get(k) ?? '')]),
      )
      const { data } = await widgetCall<PublicQuote[]>(session, 'GET', '/quotes', { query })
      setErrors({})
      setQuotes(data)
    } catch (err) {
      if (!(err instanceof WidgetApiError)) throw err
      setErrors(err.failure.errors)
      setMessage(err.failure.message)
      setQuotes(null)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="quote-heading" className="space-y-4">
      <h2 id="quote-heading" className="text-lg font-semibold">
        Get a quote
      </h2>
      <form onSubmit={search} noValidate className="grid gap-x-4 sm:grid-cols-3">
        <SelectField
          labelProps={{ children: 'Cover for' }}
          selectProps={{ id: 'policyType', name: 'policyType', defaultValue: 'SINGLE' }}
          options={TYPES.map((t) => ({ value: t, label: POLICY_TYPE_LABELS[t] }))}
          errors={errors.policyType}
        />
        <Field
          labelProps={{ children: 'Cover starts' }}
          inputProps={{ id: 'startDate', name: 'startDate', type: 'date', required: true }}
          errors={errors.startDate}
        />
        <Field
          labelProps={{ children: 'Cover ends' }}
          inputProps={{ id: 'endDate', name: 'endDate', type: 'date', required: true }}
          errors={errors.endDate}
        />
        <Button type="submit" disabled={busy || !hydrated} className="sm:col-span-3">
          {busy ? 'Finding prices…' : 'Show prices'}
        </Button>
      </form>
      {message && !Object.keys(errors).length ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
      {quotes ? (
        quotes.length ? (
          <ul aria-label="Quotes" className="space-y-3">
            {quotes.map((q) => (
              <li key={q.provider.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
                <div className="min-w-40 flex-1">
                  <p className="font-medium">{q.provider.display_name}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatDate(q.startDate)} to {formatDate(q.endDate)} · {q.days} days
                  </p>
                  {q.offer.hasOffer ? (
                    <p className="text-sm font-medium text-emerald-700">
                      {q.offer.rate}% off: was {formatMoney(q.premium)}
                    </p>
                  ) : null}
                </div>
                <p className="text-lg font-semibold">{formatMoney(q.payable)}</p>
                <Button type="button" onClick={() => onChoose(q)}>
                  Choose {q.provider.display_name}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">No insurer can cover these dates. Try other dates.</p>
        )
      ) : null}
    </section>
  )
}
