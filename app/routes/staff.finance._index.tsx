import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react'
import { Download } from 'lucide-react'
import { ZodError } from 'zod'
import { findAllAgencies } from '../../domain/agencies/reads/find-all-agencies'
import { approvePolicyPayment } from '../../domain/finance/approve-policy-payment'
import { approveTopup } from '../../domain/finance/approve-topup'
import { findInvoices } from '../../domain/finance/find-invoices'
import { findPaymentPolicies, type PaymentList } from '../../domain/finance/find-payment-policies'
import { findTopups } from '../../domain/finance/find-topups'
import {
  parseStaffFinanceQuery,
  STAFF_FINANCE_TABS,
  type StaffFinanceTab,
} from '../../domain/finance/finance-screens.schemas'
import { INVOICE_TABS, OUTSTANDING_TABS } from '../../domain/finance/finance.rules'
import { PaymentRejectSchema, TopUpRejectSchema } from '../../domain/finance/finance.schemas'
import { rejectPolicyPayments } from '../../domain/finance/reject-policy-payments'
import { rejectTopup } from '../../domain/finance/reject-topup'
import { uploadPolicyPaymentProof } from '../../domain/finance/upload-policy-payment-proof'
import { findInsuranceProviders } from '../../domain/reference/find-insurance-providers'
import { DomainError } from '../../domain/shared/errors'
import { INVOICE_TYPES, PAYMENT_METHODS, REQUEST_STATUSES } from '../../db/schema/enums'
import { PageHeader } from '../components/app-shell'
import { TabLinks, useListHref } from '../components/tab-links'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { SubmitButton } from '../components/forms'
import {
  DataTable,
  ExportLinks,
  FilterBar,
  SORT_DIRECTION_PARAM,
  SORT_KEY_PARAM,
} from '../components/data-table'
import { StatusBadge } from '../components/status-badge'
import { Button } from '../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card'
import { Input } from '../components/ui/input'
import { Label } from '../components/ui/label'
import { Select } from '../components/ui/select'
import { Textarea } from '../components/ui/textarea'
import { listParams, readForm } from '../utils/forms.server'
import { formatDate, formatDateTime, formatMoney } from '../utils/misc'
import {
  directionLabel,
  INVOICE_TAB_LABELS,
  INVOICE_TYPE_LABELS,
  labelOf,
  PAYMENT_METHOD_LABELS,
  POLICY_TYPE_LABELS,
  REQUEST_STATUS_LABELS,
} from '../utils/labels'
import { requireStaff } from '../utils/session.server'
import { redirectWithToast } from '../utils/toast.server'
import { storeFormFile } from '../utils/upload.server'
import { parseId } from '../../domain/shared/fields'

export const meta: MetaFunction = () => [{ title: 'Finance · OSHC Back Office' }]

const TAB_LABELS: Record<StaffFinanceTab, string> = {
  verification: 'Payment verification',
  outstanding: 'Outstanding',
  purchased: 'Purchased',
  topups: 'Top-ups',
  invoices: 'Invoices',
}
const PER_PAGE = [10, 25, 50, 100]
const sortOf = (q: { sort_key: string; sort_direction: string }) => ({
  key: q.sort_key,
  direction: q.sort_direction === 'asc' ? ('asc' as const) : ('desc' as const),
})
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
function parseOr400(params: Record<string, string>) {
  try {
    return parseStaffFinanceQuery(params)
  } catch (err) {
    if (err instanceof ZodError)
      throw new Response(err.issues[0]?.message ?? 'Invalid filter', { status: 400 })
    throw err
  }
}

async function paymentRows(
  actor: Awaited<ReturnType<typeof requireStaff>>,
  list: PaymentList,
  input: Parameters<typeof findPaymentPolicies>[0]['input'],
) {
  const r = await findPaymentPolicies({ actor, list, input })
  return {
    rows: r.items.map((p) => ({
      id: p.id,
      ref: p.ref,
      status: p.status,
      agency: p.agency.name ?? p.agency.email,
      agency_id: p.agency.id,
      customer: p.customer.name,
      provider: p.provider?.name ?? null,
      policy_type: p.policy_type,
      premium: p.premium,
      payment_method: p.payment_method,
      payment_status: p.payment_status,
      bank_document_available: p.bank_document_available,
      requested_at: iso(p.requested_at),
      purchased_at: iso(p.purchased_at),
    })),
    pageInfo: r.pageInfo,
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  const params = listParams(request)
  const parsed = parseOr400(params)
  const [agencies, providers] = await Promise.all([findAllAgencies({ actor }), findInsuranceProviders()])
  const base = {
    agencies: agencies.map((a) => ({ id: a.id, name: a.full_company_name ?? a.email })),
    providers: providers.map((p) => ({ id: p.id, name: p.display_name })),
    perPage: String(parsed.input.perPage),
  }
  switch (parsed.tab) {
    case 'verification':
    case 'outstanding':
    case 'purchased': {
      const list: PaymentList =
        parsed.tab === 'outstanding' ? { kind: 'outstanding', tab: parsed.input.tab } : { kind: parsed.tab }
      return {
        ...base,
        tab: parsed.tab,
        statusTab: parsed.tab === 'outstanding' ? parsed.input.tab : null,
        sort: sortOf(parsed.input),
        payments: await paymentRows(actor, list, parsed.input),
        topups: null,
        invoices: null,
      }
    }
    case 'topups': {
      const r = await findTopups({ actor, input: parsed.input })
      return {
        ...base,
        tab: parsed.tab,
        statusTab: null,
        sort: sortOf(parsed.input),
        payments: null,
        topups: {
          rows: r.items.map((t) => ({
            id: t.id,
            agency: t.agency.name ?? t.agency.email,
            amount: t.amount,
            status: t.status,
            topup_date: t.topup_date,
            rejection_reason: t.rejection_reason,
            invoice_id: t.invoice_id,
            has_receipt: Boolean(t.receipt_url),
            created_at: iso(t.created_at),
          })),
          pageInfo: r.pageInfo,
        },
        invoices: null,
      }
    }
    case 'invoices': {
      const r = await findInvoices({ actor, input: parsed.input })
      return {
        ...base,
        tab: parsed.tab,
        statusTab: parsed.input.tab,
        sort: sortOf(parsed.input),
        payments: null,
        topups: null,
        invoices: {
          rows: r.items.map((i) => ({
            id: i.id,
            agency: i.agency.name ?? i.agency.email,
            invoice_type: i.invoice_type,
            status: i.status,
            from: i.from,
            to: i.to,
            total_amount_due: i.total_amount_due,
            total_outstanding_amount: i.total_outstanding_amount,
            pending_approval: i.pending_approval,
            invoice_date: i.invoice_date,
          })),
          pageInfo: r.pageInfo,
        },
      }
    }
  }
}

/** The page URL the decision came from (without Remix's ?index marker), to go back to. */
function backTo(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return `${url.pathname}${url.search}`
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  const formData = await readForm(request)
  const intent = String(formData.get('intent') ?? '')
  const back = backTo(request)
  const [verb, idText] = intent.split(':')
  // 0 names no record: the use case answers 404 (a toast), never a query with an impossible id.
  const targetId = parseId(idText) ?? 0
  try {
    switch (verb) {
      case 'approve-payment': {
        const r = await approvePolicyPayment({ actor, policyId: targetId })
        return redirectWithToast(back, { type: 'success', title: `Payment approved for ${r.ref}` })
      }
      case 'reject-payments': {
        const parsed = PaymentRejectSchema.safeParse({
          policyId: formData.getAll('policyId').map(String),
          reason: formData.get('reason') ?? '',
        })
        if (!parsed.success) {
          return redirectWithToast(back, {
            type: 'error',
            title: parsed.error.issues[0]?.message ?? 'Invalid',
          })
        }
        const r = await rejectPolicyPayments({
          actor,
          policyIds: parsed.data.policyId,
          reason: parsed.data.reason,
        })
        return redirectWithToast(back, {
          type: 'success',
          title: r.length === 1 ? `Payment rejected for ${r[0].ref}` : `${r.length} payments rejected`,
        })
      }
      case 'upload-proof': {
        const policyId = parseId(formData.get('policy_id'))
        if (policyId === null)
          return redirectWithToast(back, { type: 'error', title: 'Choose the policy the proof belongs to' })
        const stored = await storeFormFile({ actor, file: formData.get('document'), field: 'document' })
        await uploadPolicyPaymentProof({ actor, policyId, documentUrl: stored.key })
        return redirectWithToast(back, {
          type: 'success',
          title: 'Payment proof uploaded',
          description: 'Another finance staff member must approve this payment now.',
        })
      }
      case 'approve-topup': {
        const t = await approveTopup({ actor, topupId: targetId })
        return redirectWithToast(back, { type: 'success', title: `Top-up #${t.id} approved` })
      }
      case 'reject-topup': {
        const parsed = TopUpRejectSchema.safeParse({
          top_up_id: targetId,
          reason: formData.get(`reason_${targetId}`) ?? '',
        })
        if (!parsed.success) {
          return redirectWithToast(back, {
            type: 'error',
            title: parsed.error.issues[0]?.message ?? 'Invalid',
          })
        }
        const t = await rejectTopup({ actor, topUpId: parsed.data.top_up_id, reason: parsed.data.reason })
        return redirectWithToast(back, { type: 'success', title: `Top-up #${t.id} rejected` })
      }
      default:
        throw new Response('Unknown action', { status: 400 })
    }
  } catch (err) {
    if (err instanceof DomainError) return redirectWithToast(back, { type: 'error', title: err.message })
    throw err
  }
}

// ---- Page --------------------------------------------------------------------------------------

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function StaffFinance() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="space-y-4">
      <PageHeader
        title="Finance"
        description="Verify bank payments, follow outstanding and purchased policies, decide top-ups and read invoices."
        actions={<ExportLinks href={`/staff/finance/export?list=${data.tab}`} />}
      />
      <TabLinks
        label="Finance lists"
        items={STAFF_FINANCE_TABS.map((t) => ({ value: t, label: TAB_LABELS[t] }))}
        current={data.tab}
        href={(t) => `/staff/finance?tab=${t}`}
      />
      {data.payments ? <PaymentsSection data={data} payments={data.payments} /> : null}
      {data.topups ? <TopupsSection data={data} topups={data.topups} /> : null}
      {data.invoices ? <InvoicesSection data={data} invoices={data.invoices} /> : null}
    </div>
  )
}

function PerPageSelect({ value }: { value: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor="perPage">Rows per page</Label>
      <Select id="perPage" name="perPage" defaultValue={value}>
        {PER_PAGE.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </Select>
    </div>
  )
}

function AgencySelect({ agencies }: { agencies: LoaderData['agencies'] }) {
  const [searchParams] = useSearchParams()
  return (
    <div className="space-y-1">
      <Label htmlFor="agency_id">Agency</Label>
      <Select id="agency_id" name="agency_id" defaultValue={searchParams.get('agency_id') ?? ''}>
        <option value="">Any agency</option>
        {agencies.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </Select>
    </div>
  )
}

function PaymentFilters({ data }: { data: LoaderData }) {
  const [searchParams] = useSearchParams()
  return (
    <FilterBar
      preserveParams={[SORT_KEY_PARAM, SORT_DIRECTION_PARAM, 'tab', 'status_tab']}
      label="Payment filters"
    >
      <div className="space-y-1">
        <Label htmlFor="search">Search</Label>
        <Input
          id="search"
          name="search"
          type="search"
          placeholder="Ref, student name or e-mail"
          defaultValue={searchParams.get('search') ?? ''}
        />
      </div>
      <AgencySelect agencies={data.agencies} />
      <div className="space-y-1">
        <Label htmlFor="provider_id">Insurer</Label>
        <Select id="provider_id" name="provider_id" defaultValue={searchParams.get('provider_id') ?? ''}>
          <option value="">Any insurer</option>
          {data.providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-1">
        <Label htmlFor="payment_type">Payment method</Label>
        <Select id="payment_type" name="payment_type" defaultValue={searchParams.get('payment_type') ?? ''}>
          <option value="">Any method</option>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {labelOf(PAYMENT_METHOD_LABELS, m)}
            </option>
          ))}
        </Select>
      </div>
      <PerPageSelect value={data.perPage} />
    </FilterBar>
  )
}

function PaymentsSection({
  data,
  payments,
}: {
  data: LoaderData
  payments: NonNullable<LoaderData['payments']>
}) {
  const href = useListHref('/staff/finance')
  const verification = data.tab === 'verification'
  const rows = payments.rows
  type Row = (typeof rows)[number]
  const columns = [
    ...(verification
      ? [
          {
            key: 'select',
            header: 'Select',
            cell: (p: Row) => (
              <input
                type="checkbox"
                name="policyId"
                value={p.id}
                aria-label={`Select policy ${p.ref}`}
                className="h-4 w-4 accent-primary"
              />
            ),
          },
        ]
      : []),
    {
      key: 'ref',
      header: 'Policy',
      sortable: true,
      cell: (p: Row) => <span className="font-medium">{p.ref}</span>,
    },
    { key: 'agency', header: 'Agency', cell: (p: Row) => p.agency },
    { key: 'customer', header: 'Student', cell: (p: Row) => p.customer },
    { key: 'provider', header: 'Insurer', cell: (p: Row) => p.provider ?? '—' },
    {
      key: 'policy_type',
      header: 'Type',
      cell: (p: Row) => labelOf(POLICY_TYPE_LABELS, p.policy_type) || '—',
    },
    {
      key: 'premium',
      header: 'Premium',
      sortable: true,
      className: 'text-right',
      cell: (p: Row) => formatMoney(p.premium),
    },
    {
      key: 'payment_method',
      header: 'Method',
      cell: (p: Row) => labelOf(PAYMENT_METHOD_LABELS, p.payment_method) || '—',
    },
    {
      key: 'payment_status',
      header: 'Payment',
      cell: (p: Row) => (p.payment_status ? <StatusBadge kind="payment" status={p.payment_status} /> : '—'),
    },
    ...(verification
      ? []
      : [
          {
            key: 'status',
            header: 'Policy status',
            cell: (p: Row) => <StatusBadge kind="policy" status={p.status} />,
          },
        ]),
    {
      key: 'bank_document',
      header: 'Proof',
      cell: (p: Row) =>
        p.bank_document_available ? (
          <a
            href={`/staff/finance/proof/${p.id}`}
            className="inline-flex items-center gap-1 text-primary hover:underline"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download<span className="sr-only"> the proof of {p.ref}</span>
          </a>
        ) : (
          'None'
        ),
    },
    {
      key: data.tab === 'purchased' ? 'purchased_at' : 'requested_at',
      header: data.tab === 'purchased' ? 'Purchased' : 'Requested',
      sortable: true,
      cell: (p: Row) => formatDateTime(data.tab === 'purchased' ? p.purchased_at : p.requested_at) || '—',
    },
    ...(verification
      ? [
          {
            key: 'actions',
            header: 'Decision',
            cell: (p: Row) => (
              <SubmitButton size="sm" name="intent" value={`approve-payment:${p.id}`} formNoValidate>
                Approve<span className="sr-only"> the payment of {p.ref}</span>
              </SubmitButton>
            ),
          },
        ]
      : []),
  ]
  const table = (
    <DataTable
      caption={TAB_LABELS[data.tab]}
      rows={rows}
      pageInfo={payments.pageInfo}
      sortKey={data.sort.key}
      sortDirection={data.sort.direction}
      getRowKey={(p) => p.id}
      emptyText="No policy matches these filters."
      columns={columns}
    />
  )
  return (
    <div className="space-y-4">
      {data.tab === 'outstanding' ? (
        <TabLinks
          label="Payment state"
          items={OUTSTANDING_TABS.map((t) => ({ value: t, label: t }))}
          current={data.statusTab as (typeof OUTSTANDING_TABS)[number] | null}
          href={(t) => href({ status_tab: t })}
        />
      ) : null}
      <PaymentFilters data={data} />
      {verification ? (
        <>
          <Form method="post" className="space-y-4">
            {table}
            <fieldset className="space-y-2 rounded-md border p-4">
              <legend className="px-1 text-sm font-semibold">Reject the selected payments</legend>
              <Label htmlFor="reason">Reason (the agency reads it)</Label>
              <Textarea id="reason" name="reason" rows={2} maxLength={1000} />
              <SubmitButton variant="destructive" name="intent" value="reject-payments">
                Reject selected
              </SubmitButton>
            </fieldset>
          </Form>
          <UploadProof rows={rows} />
        </>
      ) : (
        table
      )}
    </div>
  )
}

function UploadProof({ rows }: { rows: { id: number; ref: string }[] }) {
  if (!rows.length) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Upload a payment proof</CardTitle>
        <CardDescription>
          Attach a bank statement or remittance to a waiting payment. Whoever uploads it cannot approve that
          payment.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="upload-proof" />
          <div className="space-y-1">
            <Label htmlFor="proof_policy_id">Policy</Label>
            <Select id="proof_policy_id" name="policy_id" required>
              <option value="">Choose a policy</option>
              {rows.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.ref}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="proof_document">Proof (PDF or image, up to 5 MB)</Label>
            <Input
              id="proof_document"
              name="document"
              type="file"
              accept="application/pdf,image/png,image/jpeg"
              required
            />
          </div>
          <SubmitButton variant="outline">Upload proof</SubmitButton>
        </Form>
      </CardContent>
    </Card>
  )
}

function TopupsSection({ data, topups }: { data: LoaderData; topups: NonNullable<LoaderData['topups']> }) {
  const [searchParams] = useSearchParams()
  type Row = (typeof topups.rows)[number]
  return (
    <div className="space-y-4">
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
        <AgencySelect agencies={data.agencies} />
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <Form method="post">
        <DataTable
          caption="Agency top-ups"
          rows={topups.rows}
          pageInfo={topups.pageInfo}
          sortKey={data.sort.key}
          sortDirection={data.sort.direction}
          getRowKey={(t) => t.id}
          emptyText="No top-up matches these filters."
          columns={[
            { key: 'id', header: '#', cell: (t: Row) => t.id },
            { key: 'agency', header: 'Agency', cell: (t: Row) => t.agency },
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
            {
              key: 'invoice',
              header: 'Invoice',
              cell: (t: Row) =>
                t.invoice_id ? (
                  <Link
                    to={`/staff/finance/invoices/${t.invoice_id}`}
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
            {
              key: 'decision',
              header: 'Decision',
              cell: (t: Row) =>
                t.status === 'REQUESTED' ? (
                  <div className="flex min-w-[16rem] flex-wrap items-center gap-2">
                    <SubmitButton size="sm" name="intent" value={`approve-topup:${t.id}`} formNoValidate>
                      Approve<span className="sr-only"> top-up #{t.id}</span>
                    </SubmitButton>
                    <Label htmlFor={`reason_${t.id}`} className="sr-only">
                      Reason for rejecting top-up #{t.id}
                    </Label>
                    <Input
                      id={`reason_${t.id}`}
                      name={`reason_${t.id}`}
                      placeholder="Reason"
                      className="h-8 w-40"
                    />
                    <Button
                      type="submit"
                      size="sm"
                      variant="destructive"
                      name="intent"
                      value={`reject-topup:${t.id}`}
                    >
                      Reject<span className="sr-only"> top-up #{t.id}</span>
                    </Button>
                  </div>
                ) : (
                  (t.rejection_reason ?? '—')
                ),
            },
          ]}
        />
      </Form>
    </div>
  )
}

function InvoicesSection({
  data,
  invoices,
}: {
  data: LoaderData
  invoices: NonNullable<LoaderData['invoices']>
}) {
  const href = useListHref('/staff/finance')
  const [searchParams] = useSearchParams()
  type Row = (typeof invoices.rows)[number]
  return (
    <div className="space-y-4">
      <TabLinks
        label="Invoice groups"
        items={INVOICE_TABS.map((t) => ({ value: t, label: labelOf(INVOICE_TAB_LABELS, t) }))}
        current={data.statusTab as (typeof INVOICE_TABS)[number] | null}
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
        <AgencySelect agencies={data.agencies} />
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
        <PerPageSelect value={data.perPage} />
      </FilterBar>
      <DataTable
        caption="Invoices"
        rows={invoices.rows}
        pageInfo={invoices.pageInfo}
        sortKey={data.sort.key}
        sortDirection={data.sort.direction}
        getRowKey={(i) => i.id}
        emptyText="No invoice matches these filters."
        columns={[
          {
            key: 'id',
            header: 'Invoice',
            cell: (i: Row) => (
              <Link
                to={`/staff/finance/invoices/${i.id}`}
                className="font-medium text-primary hover:underline"
              >
                #{i.id}
              </Link>
            ),
          },
          { key: 'agency', header: 'Agency', cell: (i: Row) => i.agency },
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
          { key: 'parties', header: 'Billed', cell: (i: Row) => directionLabel(i.from, i.to, i.agency) },
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
