import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { FileText, Lock } from 'lucide-react'
import { findAllAgencies } from '../../../domain/agencies/reads/find-all-agencies'
import { findQuoteServices, type QuoteServiceCell } from '../../../domain/quotes/find-quote-services'
import { findProviderPdsList } from '../../../domain/quotes/get-provider-pds'
import { QuoteServicesQuerySchema } from '../../../domain/quotes/quotes.schemas'
import { DomainError, fieldErrors } from '../../../domain/shared/errors'
import { PageHeader } from '../../components/app-shell'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { ErrorList, Field, SelectField } from '../../components/forms'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { throwAsResponse } from '../../utils/forms.server'
import { formatDate, formatMoney } from '../../utils/misc'
import { policyTypeLabel } from '../../utils/labels'
import { requireStaff } from '../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Quotes · OSHC Back Office' }]

const FIELDS = ['startDate', 'endDate', 'policyType', 'agency_id'] as const
const TYPES = ['SINGLE', 'COUPLE', 'SINGLE_PARENT', 'FAMILY'] as const

type Row = Awaited<ReturnType<typeof findQuoteServices>>['rows'][number]

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request)
  if (!actor.permissions.has('quote') && !actor.permissions.has('policy_management'))
    throw new Response('You do not have permission to see this page', { status: 403 })
  const params = new URL(request.url).searchParams
  const values = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<
    (typeof FIELDS)[number],
    string
  >
  const searched = params.has('startDate') || params.has('endDate')
  // Agencies are chosen by name; staff who may not list agencies compare every insurer.
  const agencies = await findAllAgencies({ actor }).then(
    (list) => list.map((a) => ({ id: String(a.id), name: a.full_company_name ?? a.email })),
    (err: unknown) => {
      if (err instanceof DomainError && err.code === 'FORBIDDEN') return []
      throw err
    },
  )
  const answer = (
    errors: Record<string, string[]>,
    rows: Row[] = [],
    policyTypes: string[] = [],
    pds: number[] = [],
  ) => ({
    searched,
    agencies,
    values,
    errors,
    rows,
    policyTypes,
    pds,
  })
  if (!searched) return answer({})
  const parsed = QuoteServicesQuerySchema.safeParse({
    ...values,
    agency_id: values.agency_id.trim() || undefined,
  })
  if (!parsed.success) {
    return answer(fieldErrors(parsed.error.issues, ([field]) => field ?? ''))
  }
  try {
    const [table, pds] = await Promise.all([
      findQuoteServices({ actor, input: parsed.data }),
      findProviderPdsList(),
    ])
    return answer(
      {},
      table.rows,
      table.policyTypes,
      pds.map((p) => p.provider_id),
    )
  } catch (err) {
    // An agency id that names no agency is reported under its field, not as a missing page.
    if (err instanceof DomainError && err.code === 'NOT_FOUND')
      return answer({ agency_id: ['Agency not found'] })
    return throwAsResponse(err)
  }
}

const money = (n: number) => formatMoney(n)

function QuoteCell({
  cell,
  withCommission,
}: {
  cell: QuoteServiceCell | null | undefined
  withCommission: boolean
}) {
  if (!cell) return <span className="text-muted-foreground">No rate</span>
  return (
    <div className="space-y-1">
      {cell.hasOffer && cell.offerPremium !== null ? (
        <>
          <p className="text-muted-foreground">
            <span className="sr-only">Usual premium: </span>
            <s>{money(cell.premium)}</s> <Badge variant="info">{cell.offerRate}% off</Badge>
          </p>
          <p className="font-semibold">
            <span className="sr-only">Offer premium: </span>
            {money(cell.offerPremium)}
          </p>
        </>
      ) : (
        <p className="font-semibold">{money(cell.premium)}</p>
      )}
      {withCommission ? <p className="text-muted-foreground">Commission {money(cell.commission)}</p> : null}
      {cell.isProtectedByRule ? (
        <p className="flex items-start gap-1 text-amber-900">
          <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>Protected: {cell.rule_info}</span>
        </p>
      ) : null}
    </div>
  )
}

export default function StaffQuotes() {
  const { searched, agencies, values, errors, rows, policyTypes, pds } = useLoaderData<typeof loader>()
  const fieldErrors: Record<string, string[] | undefined> = errors
  const forAgency = values.agency_id.trim() !== ''
  const agencyName = agencies.find((a) => a.id === values.agency_id.trim())?.name ?? 'the chosen agency'
  return (
    <div className="space-y-6">
      <PageHeader
        title="Quotes"
        description="Compare every insurer's premium by policy type. Name an agency to see its insurers, commission and purchase rules."
      />
      <Form method="get" className="rounded-md border bg-card p-4" aria-label="Quote details">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
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
            options={TYPES.map((t) => ({ value: t, label: policyTypeLabel(t) }))}
            placeholder="All types"
            errors={fieldErrors.policyType}
          />
          {agencies.length ? (
            <SelectField
              labelProps={{ children: 'Agency (optional)' }}
              selectProps={{ id: 'agency_id', name: 'agency_id', defaultValue: values.agency_id }}
              options={agencies.map((a) => ({ value: a.id, label: a.name }))}
              placeholder="Every insurer, no agency"
              errors={fieldErrors.agency_id}
            />
          ) : null}
          <div className="flex items-start pt-8">
            <Button type="submit">Compare</Button>
          </div>
        </div>
        <ErrorList errors={fieldErrors['']} />
      </Form>
      {searched && !Object.keys(errors).length ? (
        <section aria-labelledby="comparison" className="space-y-3">
          <h3 id="comparison" className="text-lg font-semibold">
            {formatDate(values.startDate)} to {formatDate(values.endDate)}
            {forAgency ? ` for ${agencyName}` : ', every insurer'}
          </h3>
          {rows.length ? (
            <div className="rounded-md border">
              <Table>
                <caption className="sr-only">
                  Premium by insurer and policy type, cheapest {policyTypeLabel(policyTypes[0]).toLowerCase()}{' '}
                  first
                </caption>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Insurer</TableHead>
                    {policyTypes.map((t) => (
                      <TableHead key={t} scope="col">
                        {policyTypeLabel(t)}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.provider.id}>
                      <TableHead scope="row" className="align-top font-medium text-foreground">
                        <div className="space-y-1 py-2">
                          <p>{row.provider.name}</p>
                          {pds.includes(row.provider.id) ? (
                            <a
                              href={`/staff/quotes/pds/${row.provider.id}`}
                              className="inline-flex items-center gap-1 text-sm font-normal text-primary hover:underline"
                              aria-label={`Product disclosure statement of ${row.provider.name}`}
                            >
                              <FileText className="h-3.5 w-3.5" aria-hidden="true" />
                              PDS
                            </a>
                          ) : null}
                        </div>
                      </TableHead>
                      {policyTypes.map((t) => (
                        <TableCell key={t} className="align-top">
                          <QuoteCell
                            cell={row.quotes[t as (typeof TYPES)[number]]}
                            withCommission={forAgency}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              No insurer can quote these dates{forAgency ? ' for this agency (is it configured?)' : ''}.
            </p>
          )}
        </section>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary homeHref="/staff" homeLabel="Back to the dashboard" />
}
