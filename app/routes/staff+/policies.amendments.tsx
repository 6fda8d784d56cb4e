import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { findAmendments } from '../../../domain/amendments/find-amendments'
import { AmendmentListQuerySchema, AMENDMENT_TABS } from '../../../domain/amendments/amendments.schemas'
import { PageHeader } from '../../components/app-shell'
import { DataTable, ExportLinks } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { StatusBadge } from '../../components/status-badge'
import { listParams, throwAsResponse } from '../../utils/forms.server'
import { formatDate, formatMoney } from '../../utils/misc'
import { requireAccess } from '../../utils/session.server'
import { PolicyRefLink } from '../../components/policies/policy-ref-link'

export const meta: MetaFunction = () => [{ title: 'Amendments · OSHC Back Office' }]

const TAB_LABELS: Record<(typeof AMENDMENT_TABS)[number], string> = {
  CONFIRM_PREMIUM: 'Confirm premium',
  PAYMENT_PENDING: 'Payment pending',
  AMMEND_POLICY: 'Certificate to upload',
  REFUND: 'Refunds',
  AMMENDED_POLICY: 'Amended',
}
const TYPES = { all: 'All', payable: 'Payable', receivable: 'Receivable' } as const

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findAmendments.access)
  if (actor.kind !== 'Oshc') throw new Response('Not found', { status: 404 })
  const parsed = AmendmentListQuerySchema.safeParse(listParams(request))
  if (!parsed.success) throw new Response(parsed.error.issues[0]?.message ?? 'Bad filter', { status: 400 })
  const r = await findAmendments({ actor, input: parsed.data }).catch(throwAsResponse)
  return {
    rows: r.items.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
    pageInfo: r.pageInfo,
    type: parsed.data.type,
    tab: parsed.data.tab ?? null,
    sort: { key: parsed.data.sort_key, direction: parsed.data.sort_direction as 'asc' | 'desc' },
  }
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number]

export default function StaffAmendments() {
  const d = useLoaderData<typeof loader>()
  const href = (type: string, tab: string | null) => `?type=${type}${tab ? `&tab=${tab}` : ''}`
  return (
    <div className="space-y-6">
      <PageHeader
        title="Amendments"
        description="Changes to sold policies: premiums to confirm, payments, certificates."
      />
      <nav aria-label="Amendment lists" className="flex flex-wrap gap-3 text-sm">
        {Object.entries(TYPES).map(([k, label]) => (
          <Link
            key={k}
            to={href(k, d.tab)}
            aria-current={d.type === k ? 'page' : undefined}
            className="text-primary hover:underline"
          >
            {label}
          </Link>
        ))}
        <span aria-hidden="true">|</span>
        <Link
          to={href(d.type, null)}
          aria-current={!d.tab ? 'page' : undefined}
          className="text-primary hover:underline"
        >
          Every step
        </Link>
        {AMENDMENT_TABS.map((t) => (
          <Link
            key={t}
            to={href(d.type, t)}
            aria-current={d.tab === t ? 'page' : undefined}
            className="text-primary hover:underline"
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <ExportLinks href="/staff/policies/amendments/export" />
      <DataTable
        caption="Amendments"
        rows={d.rows}
        pageInfo={d.pageInfo}
        sortKey={d.sort.key}
        sortDirection={d.sort.direction}
        getRowKey={(a: Row) => a.id}
        emptyText="No amendment matches these filters."
        columns={[
          {
            key: 'id',
            header: '#',
            cell: (a: Row) => (
              <Link to={`/staff/policies/${a.policy_id}/amendment`} className="text-primary hover:underline">
                {a.id}
              </Link>
            ),
          },
          {
            key: 'policy',
            header: 'Policy',
            cell: (a: Row) => <PolicyRefLink portal="staff" id={a.policy_id} policyRef={a.policy_ref} />,
          },
          { key: 'student', header: 'Student', cell: (a: Row) => a.customer_name },
          { key: 'agency', header: 'Agency', cell: (a: Row) => a.agency_name },
          {
            key: 'status',
            header: 'Step',
            sortable: true,
            cell: (a: Row) => <StatusBadge status={a.phase} kind="request" label={a.phase_label} />,
          },
          {
            key: 'new_premium',
            header: 'Premium',
            sortable: true,
            className: 'text-right',
            cell: (a: Row) => `${formatMoney(a.prev_premium)} → ${formatMoney(a.new_premium)}`,
          },
          {
            key: 'changed_premium',
            header: 'Difference',
            sortable: true,
            className: 'text-right',
            cell: (a: Row) => `${a.payer === 'OSHC' ? 'refund ' : ''}${formatMoney(a.payable_amount)}`,
          },
          { key: 'created_at', header: 'Opened', sortable: true, cell: (a: Row) => formatDate(a.created_at) },
        ]}
      />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
