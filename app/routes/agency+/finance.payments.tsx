import { type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { findPaymentPolicies } from '../../../domain/finance/policy-payments/find-payment-policies'
import { AGENCY_PAYMENT_TABS } from '../../../domain/finance/finance.rules'
import { DataTable } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { agencyListInput, sortOf } from '../../utils/finance-lists.server'
import { StatusBadge } from '../../components/status-badge'
import { TabLinks, useListHref } from '../../components/tab-links'
import { buttonVariants } from '../../components/ui/button'
import { formatMoney } from '../../utils/misc'
import { FINANCE_PAGES, requireAgency } from '../../utils/session.server'

const PAYMENT_TAB_LABELS: Record<(typeof AGENCY_PAYMENT_TABS)[number], string> = {
  Outstanding: 'Outstanding',
  Payment_Verification_Pending: 'Payment verification pending',
  All: 'All',
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const input = agencyListInput(request, 'payments')
  const r = await findPaymentPolicies({
    actor,
    list: { kind: 'pending', tab: input.tab },
    agencyId: actor.agencyId,
    input,
  })
  return {
    statusTab: input.tab,
    rows: r.items.map((p) => ({
      id: p.id,
      ref: p.ref,
      status: p.status,
      customer: p.customer.name,
      provider: p.provider?.name ?? null,
      premium: p.premium,
      received: p.payment_received,
      still_due: p.payment_still_due,
      payment_status: p.payment_status,
      rejection_reason: p.rejection_reason,
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
  }
}

export default function AgencyFinancePayments() {
  const payments = useLoaderData<typeof loader>()
  const href = useListHref('/agency/finance/payments')
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
            cell: (p: Row) => (
              <span>
                {formatMoney(p.premium)}
                {p.received && p.still_due !== null ? (
                  <span className="block text-xs text-muted-foreground">
                    {formatMoney(p.received)} received, {formatMoney(p.still_due)} still due
                  </span>
                ) : null}
              </span>
            ),
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
            action: true,
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
