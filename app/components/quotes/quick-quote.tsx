// The agency home's quick quote: a start date and a duration (12, 18 or 24 months) price the
// agency's insurers at once, in the page, each with its Buy link into the new-policy wizard. The
// prices are the quote page's own (its loader, fetched); without JavaScript the form opens it.
import { Form, Link, useFetcher } from '@remix-run/react'
import { ShoppingCart } from 'lucide-react'
import * as React from 'react'
import { policyTypeLabel } from '../../utils/labels'
import { formatDate, formatMoney } from '../../utils/misc'
import { ErrorList, Field, SelectField } from '../forms'
import { Button, buttonVariants } from '../ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card'

type QuotedRow = {
  provider: { id: number; name: string }
  policyType: string
  startDate: string
  endDate: string
  premium: number
  commission: number
  offer: { hasOffer: boolean; offerPremium: number | null }
  isProtectedByRule: boolean
  purchase_rule: { credits: number } | null
}
type Answer = {
  errors: Record<string, string[]>
  quotes: QuotedRow[]
  unquoted: { id: number; name: string; reason: string }[]
}

/** The wizard, with the quote's choice carried to the end (insurer, type, dates). */
export function buyHref(q: Pick<QuotedRow, 'provider' | 'policyType' | 'startDate' | 'endDate'>) {
  const params = new URLSearchParams({
    provider_id: String(q.provider.id),
    policy_type: q.policyType,
    start_date: q.startDate,
    end_date: q.endDate,
  })
  return `/agency/policies/new?${params.toString()}`
}

const TYPES = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'] as const
const DURATIONS = ['12', '18', '24'] as const
/** A whole date (a date field holds 0002-… while the year is being typed). */
const WHOLE_DATE = /^(19|20)\d\d-\d\d-\d\d$/

export function QuickQuote() {
  const fetcher = useFetcher<Answer>()
  const form = React.useRef<HTMLFormElement>(null)
  const timer = React.useRef<ReturnType<typeof setTimeout>>()
  const load = () => {
    clearTimeout(timer.current)
    if (!form.current) return
    const params = new URLSearchParams()
    for (const [k, v] of new FormData(form.current)) params.set(k, String(v))
    if (!WHOLE_DATE.test(params.get('startDate') ?? '')) return
    timer.current = setTimeout(() => fetcher.load(`/agency/quotes?index&${params}`), 150)
  }
  // A date given before the page hydrated (or restored by the browser) prices at once: the
  // change it made went by before the handler was attached.
  React.useEffect(() => {
    load()
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, [])
  const answer = fetcher.data
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Quick quote</CardTitle>
        <CardDescription>
          Your insurers&apos; prices as soon as you give the date the cover starts.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form ref={form} method="get" action="/agency/quotes" onChange={load} aria-label="Quick quote">
          <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto]">
            <Field
              labelProps={{ children: 'Cover starts' }}
              inputProps={{ id: 'quick-start', name: 'startDate', type: 'date', required: true }}
            />
            <SelectField
              labelProps={{ children: 'Cover for' }}
              selectProps={{ id: 'quick-type', name: 'policyType', defaultValue: 'SINGLE' }}
              options={TYPES.map((t) => ({ value: t, label: policyTypeLabel(t) }))}
            />
            <fieldset className="text-sm">
              <legend className="mb-2 text-sm font-medium">Duration</legend>
              <div className="flex h-10 flex-wrap items-center gap-x-4 gap-y-1">
                {DURATIONS.map((m) => (
                  <label key={m} className="flex items-center gap-1 whitespace-nowrap">
                    <input type="radio" name="months" value={m} defaultChecked={m === '12'} />
                    {m} months
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <Button type="submit" variant="outline" size="sm" className="mt-4">
            Compare on the quote page
          </Button>
        </Form>
        <QuickAnswer answer={answer} loading={fetcher.state === 'loading'} />
      </CardContent>
    </Card>
  )
}

function QuickAnswer({ answer, loading }: { answer: Answer | undefined; loading: boolean }) {
  if (loading && !answer) return <p className="text-sm text-muted-foreground">Getting prices…</p>
  if (!answer) return null
  const errors = Object.values(answer.errors).flat()
  if (errors.length) return <ErrorList errors={errors} />
  const first = answer.quotes[0]
  return (
    <section aria-busy={loading} aria-labelledby="quick-results" className="space-y-2">
      <h4 id="quick-results" className="text-sm font-semibold">
        {first
          ? `${policyTypeLabel(first.policyType)} cover, ${formatDate(first.startDate)} to ${formatDate(first.endDate)}`
          : 'No insurer can quote this cover'}
      </h4>
      <ol aria-label="Quick quotes, cheapest first" className="divide-y rounded-md border">
        {answer.quotes.map((q) => (
          <li key={q.provider.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
            <span>
              <span className="font-medium">{q.provider.name}</span>{' '}
              <span className="font-semibold">{formatMoney(q.offer.offerPremium ?? q.premium)}</span>{' '}
              <span className="text-sm text-muted-foreground">
                incl. GST · your commission {formatMoney(q.commission)}
              </span>
            </span>
            {q.isProtectedByRule && (q.purchase_rule?.credits ?? 0) <= 0 ? (
              <span className="text-sm text-muted-foreground">Held by a purchase rule</span>
            ) : (
              <Link
                to={buyHref(q)}
                className={buttonVariants({ size: 'sm' })}
                aria-label={`Buy ${policyTypeLabel(q.policyType).toLowerCase()} cover with ${q.provider.name}`}
              >
                <ShoppingCart aria-hidden="true" />
                Buy
              </Link>
            )}
          </li>
        ))}
      </ol>
      {answer.unquoted.length ? (
        <p className="text-sm text-muted-foreground">
          Not quoted: {answer.unquoted.map((u) => `${u.name} (${u.reason.toLowerCase()})`).join('; ')}.
        </p>
      ) : null}
    </section>
  )
}
