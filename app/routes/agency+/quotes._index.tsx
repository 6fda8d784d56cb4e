import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { FileText, Lock, ShoppingCart } from 'lucide-react'
import { findQuotes } from '../../../domain/quotes/find-quotes'
import { findUnquotedProviders } from '../../../domain/quotes/find-unquoted-providers'
import { findProviderPdsList } from '../../../domain/quotes/get-provider-pds'
import { QuoteQuerySchema } from '../../../domain/quotes/quotes.schemas'
import type { QuoteRow } from '../../../domain/quotes/quote-presenter'
import { DomainError, fieldErrors } from '../../../domain/shared/errors'
import { addDays, addMonths, isoDate } from '../../../domain/shared/fields'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ErrorList, Field, SelectField } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Button, buttonVariants } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { throwAsResponse } from '../../utils/forms.server'
import { formatDate, formatMoney } from '../../utils/misc'
import { policyTypeLabel } from '../../utils/labels'
import { buyHref } from '../../components/quotes/quick-quote'
import { requireAccess } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Quotes · Agency portal' }]

const FIELDS = ['policyType', 'startDate', 'endDate'] as const
const TYPE_ORDER = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'] as const
const DURATIONS = [12, 18, 24] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findQuotes.access, 'agency')
  const params = new URL(request.url).searchParams
  const values = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<
    (typeof FIELDS)[number],
    string
  >
  // A duration shortcut (12, 18 or 24 months) sets the end date from the start date.
  const months = DURATIONS.find((m) => String(m) === params.get('months'))
  if (months && isoDate().safeParse(values.startDate).success)
    values.endDate = addDays(addMonths(values.startDate, months), -1)
  const searched = FIELDS.some((f) => params.has(f))
  const answer = (
    errors: Record<string, string[]>,
    quotes: QuoteRow[] = [],
    pds: number[] = [],
    unquoted: { id: number; name: string; reason: string }[] = [],
  ) => ({
    searched,
    values: searched ? values : { ...values, policyType: 'SINGLE' },
    errors,
    quotes,
    pds,
    unquoted,
  })
  if (!searched) return answer({})
  const parsed = QuoteQuerySchema.safeParse(values)
  if (!parsed.success) {
    return answer(fieldErrors(parsed.error.issues, ([field]) => field ?? ''))
  }
  try {
    // An agency is always quoted for itself.
    const input = { ...parsed.data, agency_id: undefined }
    const [quotes, pds, unquoted] = await Promise.all([
      findQuotes({ actor, input }),
      findProviderPdsList(),
      findUnquotedProviders({ actor, input }),
    ])
    return answer(
      {},
      quotes,
      pds.map((p) => p.provider_id),
      unquoted,
    )
  } catch (err) {
    if (err instanceof DomainError && err.code === 'VALIDATION')
      return answer(err.errors ?? { '': [err.message] })
    return throwAsResponse(err)
  }
}

const money = (n: number) => formatMoney(n)

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>
type Quote = LoaderData['quotes'][number]

function QuoteCard({ quote, hasPds, rank }: { quote: Quote; hasPds: boolean; rank: number }) {
  const rule = quote.purchase_rule
  const blocked = quote.isProtectedByRule && (rule?.credits ?? 0) <= 0
  const payable = quote.offer.offerPremium ?? quote.premium
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-2">
          <CardTitle as="h4">{quote.provider.name}</CardTitle>
          {rank === 0 ? <Badge variant="success">Cheapest</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div>
          {quote.offer.hasOffer ? (
            <>
              <p className="text-sm text-muted-foreground">
                <span className="sr-only">Usual premium: </span>
                <s>{money(quote.premium)}</s> <Badge variant="info">{quote.offer.rate}% off</Badge>
              </p>
              <p className="text-2xl font-semibold">
                <span className="sr-only">Offer premium: </span>
                {money(payable)}
              </p>
            </>
          ) : (
            <p className="text-2xl font-semibold">
              <span className="sr-only">Premium: </span>
              {money(quote.premium)}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            incl. GST · {quote.days} day{quote.days === 1 ? '' : 's'}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Your commission</dt>
          <dd className="text-right font-medium">{money(quote.commission)}</dd>
          <dt className="text-muted-foreground">Commission rate</dt>
          <dd className="text-right">{quote.commission_rate.toFixed(2)}%</dd>
          <dt className="text-muted-foreground">Premium excl. GST</dt>
          <dd className="text-right">{money(quote.premium_without_gst)}</dd>
        </dl>
        {quote.isProtectedByRule && rule ? (
          <div className="space-y-1 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="flex items-center gap-1 font-semibold">
              <Lock className="h-4 w-4" aria-hidden="true" />
              Protected by a purchase rule
            </p>
            <p>{rule.rule_info}</p>
            <p>
              {rule.has_bought_quantity} of {rule.should_buy_quantity} bought
              {rule.credits > 0
                ? ` · ${rule.credits} credit${rule.credits === 1 ? '' : 's'} left: buying uses one.`
                : ' · no credits left.'}
            </p>
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {blocked ? (
            <Button disabled aria-describedby={`rule-${quote.provider.id}`}>
              <ShoppingCart aria-hidden="true" />
              Buy
            </Button>
          ) : (
            <Link
              to={buyHref(quote)}
              className={buttonVariants()}
              aria-label={`Buy ${policyTypeLabel(quote.policyType).toLowerCase()} cover with ${quote.provider.name}`}
            >
              <ShoppingCart aria-hidden="true" />
              Buy
            </Link>
          )}
          {hasPds ? (
            <a
              href={`/agency/quotes/pds/${quote.provider.id}`}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
              aria-label={`Product disclosure statement of ${quote.provider.name}`}
            >
              <FileText aria-hidden="true" />
              PDS
            </a>
          ) : null}
        </div>
        {blocked ? (
          <p id={`rule-${quote.provider.id}`} className="text-sm text-muted-foreground">
            Buying opens once the rule is met.
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}

export default function AgencyQuotes() {
  const { searched, values, errors, quotes, pds, unquoted } = useLoaderData<typeof loader>()
  const fieldErrors: Record<string, string[] | undefined> = errors
  return (
    <div className="space-y-6">
      <PageHeader
        title="Quotes"
        description="Compare the insurers your agency sells, cheapest first, with your commission and any running offer."
      />
      <Form method="get" className="rounded-md border bg-card p-4" aria-label="Quote details">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field
            labelProps={{ children: 'Start date' }}
            inputProps={{ id: 'startDate', name: 'startDate', type: 'date', defaultValue: values.startDate }}
            errors={fieldErrors.startDate}
          />
          <Field
            labelProps={{ children: 'End date' }}
            inputProps={{ id: 'endDate', name: 'endDate', type: 'date', defaultValue: values.endDate }}
            errors={fieldErrors.endDate}
          />
          <SelectField
            labelProps={{ children: 'Policy type' }}
            selectProps={{ id: 'policyType', name: 'policyType', defaultValue: values.policyType }}
            options={TYPE_ORDER.map((t) => ({ value: t, label: policyTypeLabel(t) }))}
            errors={fieldErrors.policyType}
          />
          <div className="flex items-start pt-8">
            <Button type="submit">Get quotes</Button>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Or from the start date, for</span>
          {DURATIONS.map((m) => (
            <Button key={m} type="submit" name="months" value={m} variant="outline" size="sm">
              {m} months
            </Button>
          ))}
        </div>
        <ErrorList errors={fieldErrors['']} />
      </Form>
      {searched && !Object.keys(errors).length ? (
        <section aria-labelledby="quote-results" className="space-y-4">
          <h3 id="quote-results" className="text-lg font-semibold">
            {quotes.length
              ? `${quotes.length} insurer${quotes.length === 1 ? '' : 's'} for ${policyTypeLabel(values.policyType).toLowerCase()} cover, ${formatDate(values.startDate)} to ${formatDate(values.endDate)}`
              : 'No insurer can quote this cover'}
          </h3>
          {quotes.length ? (
            <ol className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Quotes, cheapest first">
              {quotes.map((q, i) => (
                <li key={q.provider.id}>
                  <QuoteCard quote={q} rank={i} hasPds={pds.includes(q.provider.id)} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">
              None of your insurers has a rate for this policy type on the start date. Try other dates, or ask
              us to configure more insurers for your agency.
            </p>
          )}
          {unquoted.length ? (
            <div>
              <h4 className="text-sm font-semibold">Not quoted</h4>
              <ul aria-label="Insurers not quoted" className="text-sm text-muted-foreground">
                {unquoted.map((u) => (
                  <li key={u.id}>
                    {u.name}: {u.reason.toLowerCase()}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/agency" homeLabel="Back to the portal" />
}
