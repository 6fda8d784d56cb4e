import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { findBalanceTransactions } from '../../../domain/finance/ledger/find-balance-transactions'
import { findBnplTransactions } from '../../../domain/finance/bnpl/find-bnpl-transactions'
import { toStatementLine } from '../../../domain/finance/ledger/ledger-statement'
import type { StatementAccount } from '../../../domain/finance/finance-screens.schemas'
import { DataTable } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { TabLinks } from '../../components/tab-links'
import { PolicyRefLink } from '../../components/policies/policy-ref-link'
import { agencyListInput } from '../../utils/finance-lists.server'
import { formatDateTime, formatMoney } from '../../utils/misc'
import { FINANCE_PAGES, requireAgency } from '../../utils/session.server'

const ACCOUNTS: { value: StatementAccount; label: string }[] = [
  { value: 'balance', label: 'Agency balance' },
  { value: 'bnpl', label: 'Buy now, pay later allowance' },
]

/** The agency's statement of one account, newest first, with the running figure after each line. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const { page, account } = agencyListInput(request, 'overview')
  const opts = { actor, agencyId: actor.agencyId, page, perPage: 25 }
  const { lines, pageInfo } =
    account === 'balance'
      ? await findBalanceTransactions(opts).then((r) => ({
          lines: r.items.map(toStatementLine.balance),
          pageInfo: r.pageInfo,
        }))
      : await findBnplTransactions(opts).then((r) => ({
          lines: r.items.map(toStatementLine.bnpl),
          pageInfo: r.pageInfo,
        }))
  return {
    account,
    rows: lines.map((l, i) => ({ ...l, key: `${page}-${i}`, created_at: l.created_at.toISOString() })),
    pageInfo,
  }
}

export default function AgencyFinanceStatement() {
  const data = useLoaderData<typeof loader>()
  type Row = (typeof data.rows)[number]
  const balance = data.account === 'balance'
  return (
    <section aria-labelledby="statement-title" className="space-y-2">
      <h3 id="statement-title" className="text-lg font-semibold">
        Statement
      </h3>
      <TabLinks
        label="Account"
        items={ACCOUNTS}
        current={data.account}
        href={(a) => `/agency/finance/overview?account=${a}`}
      />
      <DataTable
        caption={`${balance ? 'Agency balance' : 'Buy now, pay later'} statement, newest first`}
        rows={data.rows}
        pageInfo={data.pageInfo}
        getRowKey={(l) => l.key}
        emptyText={
          balance
            ? 'No balance movement yet. Top up your balance to pay premiums from it.'
            : 'No buy-now-pay-later purchase yet.'
        }
        columns={[
          { key: 'created_at', header: 'Date', cell: (l: Row) => formatDateTime(l.created_at) },
          { key: 'type', header: 'Type', cell: (l: Row) => l.type },
          {
            key: 'policy',
            header: 'Policy',
            cell: (l: Row) => <PolicyRefLink portal="agency" id={l.policy_id} policyRef={l.policy_ref} />,
          },
          {
            key: 'amount',
            header: 'Amount',
            className: 'text-right',
            cell: (l: Row) => formatMoney(l.amount),
          },
          {
            key: 'after',
            header: balance ? 'Balance after' : 'Allowance left after',
            className: 'text-right',
            cell: (l: Row) => formatMoney(l.after),
          },
          { key: 'note', header: 'Note', cell: (l: Row) => l.note ?? '—' },
        ]}
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
