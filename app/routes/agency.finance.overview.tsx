import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findBalanceTransactions } from '../../domain/finance/find-balance-transactions'
import { DataTable } from '../components/data-table'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { agencyListInput } from '../utils/finance-lists.server'
import { BALANCE_TRANSACTION_TYPE_LABELS, labelOf } from '../utils/labels'
import { formatDateTime, formatMoney } from '../utils/misc'
import { FINANCE_PAGES, requireAgency } from '../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const { page } = agencyListInput(request, 'overview')
  const r = await findBalanceTransactions({ actor, agencyId: actor.agencyId, page, perPage: 10 })
  return {
    rows: r.items.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
    pageInfo: r.pageInfo,
  }
}

export default function AgencyFinanceOverview() {
  const ledger = useLoaderData<typeof loader>()
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
