import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { z, ZodError } from 'zod'
import { findBalanceTransactions } from '../../domain/finance/find-ledgers'
import { findInvoices } from '../../domain/finance/find-invoices'
import { findPaymentPolicies } from '../../domain/finance/find-payment-policies'
import { findTopups } from '../../domain/finance/find-topups'
import { getAgencyBalance } from '../../domain/finance/get-agency-balance'
import { getFinanceMetrics } from '../../domain/finance/get-finance-metrics'
import { requestTopup } from '../../domain/finance/request-topup'
import {
  AGENCY_FINANCE_TABS,
  parseAgencyFinanceQuery,
  type AgencyFinanceTab,
} from '../../domain/finance/finance-screens.schemas'
import { AGENCY_PAYMENT_TABS, INVOICE_TABS } from '../../domain/finance/finance.rules'
import { amountCents, BANK_DOCUMENT_REQUIRED, topupDate } from '../../domain/finance/finance.schemas'
import { INVOICE_TYPES, REQUEST_STATUSES } from '../../db/schema/enums'
import { PageHeader } from '../components/app-shell'
import { TabLinks, useListHref } from '../components/tab-links'
import {
  DataTable,
  ExportLinks,
  FilterBar,
  SORT_DIRECTION_PARAM,
  SORT_KEY_PARAM,
} from '../components/data-table'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { ErrorList, Field, SubmitButton } from '../components/forms'
import { StatusBadge } from '../components/status-badge'
import { buttonVariants } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { Select } from '../components/ui/select'
import { listParams, readForm, replyInvalid, replyWithError } from '../utils/forms.server'
import { formatDate, formatDateTime, formatMoney } from '../utils/misc'
import {
  BALANCE_TRANSACTION_TYPE_LABELS,
  INVOICE_TAB_LABELS,
  INVOICE_TYPE_LABELS,
  labelOf,
  REQUEST_STATUS_LABELS,
} from '../utils/labels'
import { FINANCE_PAGES, requireAgency } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { storeFormFile } from '../utils/upload.server'

export const meta: MetaFunction = () => [{ title: 'Finance · Agency portal' }]

const TAB_LABELS: Record<AgencyFinanceTab, string> = {
  overview: 'Balance',
  topups: 'Top-ups',
  invoices: 'Invoices',
  payments: 'Pending payments',
}
const PAYMENT_TAB_LABELS: Record<(typeof AGENCY_PAYMENT_TABS)[number], string> = {
  Outstanding: 'Outstanding',
  Payment_Verification_Pending: 'Payment verification pending',
  All: 'All',
}

/**
 * The top-up form: amount and transfer date, and the bank receipt file (field receipt_url, so the
 * domain's messages land under it). Browser and action share it.
 */
const TopUpFormSchema = z.object({
  amount: amountCents(),
  topup_date: topupDate(),
  receipt_url: z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File && v.size > 0, {
    message: BANK_DOCUMENT_REQUIRED,
  }),
})

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const sortOf = (q: { sort_key: string; sort_direction: string }) => ({
  key: q.sort_key,
  direction: q.sort_direction === 'asc' ? ('asc' as const) : ('desc' as const),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const agencyId = actor.agencyId
  let parsed: ReturnType<typeof parseAgencyFinanceQuery>
  try {
    parsed = parseAgencyFinanceQuery(listParams(request))
  } catch (err) {
    if (err instanceof ZodError)
      throw new Response(err.issues[0]?.message ?? 'Invalid filter', { status: 400 })
    throw err
  }
  const [balance, metrics] = await Promise.all([
    getAgencyBalance({ actor, agencyId }),
    getFinanceMetrics({ actor, agencyId }),
  ])
  const base = {
    tab: parsed.tab,
    canTopUp: actor.permissions.has('purchase') || actor.permissions.has('finance'),
    balance,
    metrics: {
      payable: metrics.payable,
      pendingApproval: metrics.pendingApproval,
      paid: metrics.paid,
    },
    ledger: null as null | Awaited<ReturnType<typeof ledgerOf>>,
    topups: null as null | Awaited<ReturnType<typeof topupsOf>>,
    invoices: null as null | Awaited<ReturnType<typeof invoicesOf>>,
    payments: null as null | Awaited<ReturnType<typeof paymentsOf>>,
  }
  const ledgerOf = async (page: number) => {
    const r = await findBalanceTransactions({ actor, agencyId, page, perPage: 10 })
    return {
      rows: r.items.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
      pageInfo: r.pageInfo,
    }
  }
  const topupsOf = async (input: Parameters<typeof findTopups>[0]['input']) => {
    const r = await findTopups({ actor, agencyId, input })
    return {
      rows: r.items.map((t) => ({
        id: t.id,
        amount: t.amount,
        status: t.status,
        topup_date: t.topup_date,
        rejection_reason: t.rejection_reason,
        invoice_id: t.invoice_id,
        created_at: iso(t.created_at),
      })),
      pageInfo: r.pageInfo,
      sort: sortOf(input),
      perPage: String(input.perPage),
    }
  }
  const invoicesOf = async (input: Parameters<typeof findInvoices>[0]['input']) => {
    const r = await findInvoices({ actor, input })
    return {
      invoiceTab: input.tab,
      rows: r.items.map((i) => ({
        id: i.id,
        invoice_type: i.invoice_type,
        status: i.status,
        pending_approval: i.pending_approval,
        total_amount_due: i.total_amount_due,
        total_outstanding_amount: i.total_outstanding_amount,
        invoice_date: i.invoice_date,
      })),
      pageInfo: r.pageInfo,
      sort: sortOf(input),
      perPage: String(input.perPage),
    }
  }
  const paymentsOf = async (
    input: Parameters<typeof findPaymentPolicies>[0]['input'] & { tab: (typeof AGENCY_PAYMENT_TABS)[number] },
  ) => {
    const r = await findPaymentPolicies({ actor, list: { kind: 'pending', tab: input.tab }, agencyId, input })
    return {
      statusTab: input.tab,
      rows: r.items.map((p) => ({
        id: p.id,
        ref: p.ref,
        status: p.status,
        customer: p.customer.name,
        provider: p.provider?.name ?? null,
        premium: p.premium,
        payment_method: p.payment_method,
        payment_status: p.payment_status,
        rejection_reason: p.rejection_reason,
        requested_at: iso(p.requested_at),
      })),
      pageInfo: r.pageInfo,
      sort: sortOf(input),
      perPage: String(input.perPage),
    }
  }
  switch (parsed.tab) {
    case 'overview':
      return { ...base, ledger: await ledgerOf(parsed.input.page) }
    case 'topups':
      return { ...base, topups: await topupsOf(parsed.input) }
    case 'invoices':
      return { ...base, invoices: await invoicesOf(parsed.input) }
    case 'payments':
      return { ...base, payments: await paymentsOf(parsed.input) }
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: TopUpFormSchema })
  if (submission.status !== 'success') return replyInvalid(submission)
  try {
    const stored = await storeFormFile({ actor, file: submission.value.receipt_url, field: 'receipt_url' })
    const { topup } = await requestTopup({
      actor,
      input: {
        agency_id: actor.agencyId,
        payment_method: 'BANK',
        receipt_url: stored.key,
        amount: submission.value.amount,
        topup_date: submission.value.topup_date,
      },
    })
    return redirectWithToast('/agency/finance?tab=topups', {
      type: 'success',
      title: 'Top-up requested',
      description: `Top-up #${topup.id} of ${formatMoney(topup.amount)} waits for our finance team.`,
    })
  } catch (err) {
    return replyWithError(submission, err)
  }
}

// ---- Page --------------------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function AgencyFinance() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader
        title="Finance"
        description="Your balance, commission and buy-now-pay-later allowance, top-ups, invoices and payments."
        actions={
          data.tab === 'overview' ? null : <ExportLinks href={`/agency/finance/export?list=${data.tab}`} />
        }
      />
      <Summary data={data} />
      <TabLinks
        label="Finance sections"
        items={AGENCY_FINANCE_TABS.map((t) => ({ value: t, label: TAB_LABELS[t] }))}
        current={data.tab}
        href={(t) => `/agency/finance?tab=${t}`}
      />
      {data.ledger ? <Ledger ledger={data.ledger} /> : null}
      {data.topups ? <Topups topups={data.topups} canTopUp={data.canTopUp} /> : null}
      {data.invoices ? <Invoices invoices={data.invoices} /> : null}
      {data.payments ? <Payments payments={data.payments} /> : null}
    </div>
  )
}

function Stat({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-semibold">{value}</p>
        {note ? <p className="mt-1 text-sm text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  )
}

function Summary({ data }: { data: LoaderData }) {
  const { balance, metrics } = data
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat title="Agency balance" value={formatMoney(balance.balance)} note="Available to pay premiums" />
      <Stat
        title="Banked commission"
        value={formatMoney(balance.commission)}
        note="Commission you can request"
      />
      <Stat
        title="Buy now, pay later"
        value={formatMoney(balance.buy_now_pay_later_remaining_amount)}
        note={`remaining of ${formatMoney(balance.buy_now_pay_later_amount)}`}
      />
      <Stat
        title="Invoices to pay"
        value={formatMoney(metrics.payable.amount)}
        note={`${metrics.payable.count} payable · ${metrics.pendingApproval.count} awaiting approval`}
      />
    </section>
  )
}

function Ledger({ ledger }: { ledger: NonNullable<LoaderData['ledger']> }) {
  type Row = (typeof ledger.rows)[number]
  return (
    <section aria-labelledby="ledger-title" className="space-y-2">
      <h3 id="ledger-title" className="text-lg font-semibold">
        Balance transactions
      </h3>
      <DataTable
        caption="Balance transactions, newest first"
        rows={ledger.rows}
        pageInfo={ledger.pageInfo}
        getRowKey={(t) => t.id}
        emptyText="No balance movement yet. Top up your balance to pay premiums from it."
        columns={[
          { key: 'created_at', header: 'Date', cell: (t: Row) => formatDateTime(t.created_at) },
          { key: 'type', header: 'Type', cell: (t: Row) => labelOf(BALANCE_TRANSACTION_TYPE_LABELS, t.type) },
          { key: 'policy', header: 'Policy', cell: (t: Row) => t.policy_ref ?? '—' },
          {
            key: 'transaction_amount',
            header: 'Amount',
            className: 'text-right',
            cell: (t: Row) => formatMoney(t.transaction_amount),
          },
          {
            key: 'balance',
            header: 'Balance after',
            className: 'text-right',
            cell: (t: Row) => formatMoney(t.balance),
          },
          { key: 'note', header: 'Note', cell: (t: Row) => t.note ?? '—' },
        ]}
      />
    </section>
  )
}

function TopUpForm() {
  const lastResult = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'topup',
    lastResult,
    constraint: getZodConstraint(TopUpFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TopUpFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Top up by bank transfer</CardTitle>
        <CardDescription>
          Transfer the amount to our account, then upload the bank receipt. Our finance team credits your
          balance once it is verified.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="grid gap-4 sm:grid-cols-3"
        >
          <Field
            labelProps={{ children: 'Amount (AUD)' }}
            inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.amount.errors}
          />
          <Field
            labelProps={{ children: 'Transfer date' }}
            inputProps={getInputProps(fields.topup_date, { type: 'date' })}
            errors={fields.topup_date.errors}
          />
          <Field
            labelProps={{ children: 'Bank receipt (PDF or image, up to 5 MB)' }}
            inputProps={{
              ...getInputProps(fields.receipt_url, { type: 'file' }),
              accept: 'application/pdf,image/png,image/jpeg',
            }}
            errors={fields.receipt_url.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} className="sm:col-span-3" />
          <div className="sm:col-span-3">
            <SubmitButton>Request top-up</SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

function Topups({ topups, canTopUp }: { topups: NonNullable<LoaderData['topups']>; canTopUp: boolean }) {
  const [searchParams] = useSearchParams()
  type Row = (typeof topups.rows)[number]
  return (
    <div className="space-y-4">
      {canTopUp ? <TopUpForm /> : null}
      <FilterBar preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'tab']} label="Top-up filters">
        <div className="space-y-1">
          <Label htmlFor="status">Status</Label>
          <Select id="status" name="status" defaultValue={searchParams.get('status') ?? ''}>
            <option value="">Any status</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {labelOf(REQUEST_STATUS_LABELS, s)}
              </option>
            ))}
          </Select>
        </div>
      </FilterBar>
      <DataTable
        caption="Your top-ups"
        rows={topups.rows}
        pageInfo={topups.pageInfo}
        sortKey={topups.sort.key}
        sortDirection={topups.sort.direction}
        getRowKey={(t) => t.id}
        emptyText="No top-up yet."
        columns={[
          { key: 'id', header: '#', cell: (t: Row) => t.id },
          {
            key: 'amount',
            header: 'Amount',
            sortable: true,
            className: 'text-right',
            cell: (t: Row) => formatMoney(t.amount),
          },
          {
            key: 'topup_date',
            header: 'Transfer date',
            sortable: true,
            cell: (t: Row) => formatDate(t.topup_date),
          },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (t: Row) => <StatusBadge kind="request" status={t.status} />,
          },
          { key: 'reason', header: 'Rejection reason', cell: (t: Row) => t.rejection_reason ?? '—' },
          {
            key: 'invoice',
            header: 'Invoice',
            cell: (t: Row) =>
              t.invoice_id ? (
                <Link
                  to={`/agency/finance/invoices/${t.invoice_id}`}
                  className="text-primary hover:underline"
                >
                  #{t.invoice_id}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            key: 'created_at',
            header: 'Requested',
            sortable: true,
            cell: (t: Row) => formatDateTime(t.created_at),
          },
        ]}
      />
    </div>
  )
}

function Invoices({ invoices }: { invoices: NonNullable<LoaderData['invoices']> }) {
  const href = useListHref('/agency/finance')
  const [searchParams] = useSearchParams()
  type Row = (typeof invoices.rows)[number]
  return (
    <div className="space-y-4">
      <TabLinks
        label="Invoice groups"
        items={INVOICE_TABS.map((t) => ({ value: t, label: labelOf(INVOICE_TAB_LABELS, t) }))}
        current={invoices.invoiceTab}
        href={(t) => href({ invoice_tab: t })}
      />
      <FilterBar
        preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'tab', 'invoice_tab']}
        label="Invoice filters"
      >
        <div className="space-y-1">
          <Label htmlFor="invoice_type">Type</Label>
          <Select id="invoice_type" name="invoice_type" defaultValue={searchParams.get('invoice_type') ?? ''}>
            <option value="">Any type</option>
            {INVOICE_TYPES.map((t) => (
              <option key={t} value={t}>
                {labelOf(INVOICE_TYPE_LABELS, t)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="start_date">Invoice date from</Label>
          <Input
            id="start_date"
            name="start_date"
            type="date"
            defaultValue={searchParams.get('start_date') ?? ''}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="end_date">Invoice date to</Label>
          <Input
            id="end_date"
            name="end_date"
            type="date"
            defaultValue={searchParams.get('end_date') ?? ''}
          />
        </div>
      </FilterBar>
      <DataTable
        caption="Invoices"
        rows={invoices.rows}
        pageInfo={invoices.pageInfo}
        sortKey={invoices.sort.key}
        sortDirection={invoices.sort.direction}
        getRowKey={(i) => i.id}
        emptyText="No invoice in this group."
        columns={[
          {
            key: 'id',
            header: 'Invoice',
            cell: (i: Row) => (
              <Link
                to={`/agency/finance/invoices/${i.id}`}
                className="font-medium text-primary hover:underline"
              >
                #{i.id}
              </Link>
            ),
          },
          {
            key: 'invoice_type',
            header: 'Type',
            cell: (i: Row) => labelOf(INVOICE_TYPE_LABELS, i.invoice_type),
          },
          {
            key: 'status',
            header: 'Status',
            sortable: true,
            cell: (i: Row) => (
              <span className="flex flex-wrap gap-1">
                <StatusBadge kind="invoice" status={i.status} />
                {i.pending_approval ? <StatusBadge kind="invoice" status="PENDING_APPROVAL" /> : null}
              </span>
            ),
          },
          {
            key: 'total_amount_due',
            header: 'Total',
            sortable: true,
            className: 'text-right',
            cell: (i: Row) => formatMoney(i.total_amount_due),
          },
          {
            key: 'outstanding',
            header: 'Outstanding',
            className: 'text-right',
            cell: (i: Row) => formatMoney(i.total_outstanding_amount),
          },
          {
            key: 'invoice_date',
            header: 'Date',
            sortable: true,
            cell: (i: Row) => formatDate(i.invoice_date),
          },
        ]}
      />
    </div>
  )
}

function Payments({ payments }: { payments: NonNullable<LoaderData['payments']> }) {
  const href = useListHref('/agency/finance')
  type Row = (typeof payments.rows)[number]
  return (
    <div className="space-y-4">
      <TabLinks
        label="Payment state"
        items={AGENCY_PAYMENT_TABS.map((t) => ({ value: t, label: PAYMENT_TAB_LABELS[t] }))}
        current={payments.statusTab}
        href={(t) => href({ status_tab: t })}
      />
      <DataTable
        caption="Policies to pay or waiting for payment verification"
        rows={payments.rows}
        pageInfo={payments.pageInfo}
        sortKey={payments.sort.key}
        sortDirection={payments.sort.direction}
        getRowKey={(p) => p.id}
        emptyText="Nothing to pay."
        columns={[
          {
            key: 'ref',
            header: 'Policy',
            sortable: true,
            cell: (p: Row) => (
              <Link to={`/agency/policies/${p.id}`} className="font-medium text-primary hover:underline">
                {p.ref}
              </Link>
            ),
          },
          { key: 'customer', header: 'Student', cell: (p: Row) => p.customer },
          { key: 'provider', header: 'Insurer', cell: (p: Row) => p.provider ?? '—' },
          {
            key: 'premium',
            header: 'Premium',
            sortable: true,
            className: 'text-right',
            cell: (p: Row) => formatMoney(p.premium),
          },
          {
            key: 'status',
            header: 'Status',
            cell: (p: Row) => <StatusBadge kind="policy" status={p.status} />,
          },
          {
            key: 'payment',
            header: 'Last payment',
            cell: (p: Row) =>
              p.payment_status ? (
                <span className="space-y-1">
                  <StatusBadge kind="payment" status={p.payment_status} />
                  {p.rejection_reason ? (
                    <span className="block text-sm text-muted-foreground">{p.rejection_reason}</span>
                  ) : null}
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'action',
            header: 'Action',
            cell: (p: Row) =>
              p.status === 'INITIATED' || p.status === 'PAYMENT_REJECTED' ? (
                <Link to={`/agency/policies/${p.id}/pay`} className={buttonVariants({ size: 'sm' })}>
                  Pay<span className="sr-only"> policy {p.ref}</span>
                </Link>
              ) : (
                <span className="text-sm text-muted-foreground">Being verified</span>
              ),
          },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
