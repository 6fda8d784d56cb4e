import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { getAgencyBalance } from '../../../../domain/finance/ledger/get-agency-balance'
import { getFinanceMetrics } from '../../../../domain/finance/get-finance-metrics'
import { AGENCY_FINANCE_PAGES, AGENCY_FINANCE_TABS } from '../../../../domain/finance/finance-screens.schemas'
import { PageHeader } from '../../../components/app-shell'
import { ExportLinks } from '../../../components/data-table'
import { GeneralErrorBoundary } from '../../../components/error-boundary'
import { AgencyFinanceSummary } from './agency-summary'
import { AGENCY_FINANCE_TAB_LABELS, tabOfPath } from '../../../components/finance/finance-tabs'
import { TabLinks } from '../../../components/tab-links'
import { FINANCE_PAGES, requireAgency } from '../../../utils/session.server'

export const meta: MetaFunction = () => [{ title: 'Finance · Agency portal' }]

/** The summary above every tab; each tab is its own route with its own loader, action and guard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const agencyId = actor.agencyId
  const [balance, metrics] = await Promise.all([
    getAgencyBalance({ actor, agencyId }),
    getFinanceMetrics({ actor, agencyId }),
  ])
  return {
    balance,
    metrics: { payable: metrics.payable, pendingApproval: metrics.pendingApproval, paid: metrics.paid },
  }
}

// Payout details (the verified bank account and its pending change) is an agency page of this
// area, not a finance list: it is added here rather than to the finance lists' tab names.
const FINANCE_PAGES_SHOWN = [...AGENCY_FINANCE_PAGES, 'payout-details'] as const
const FINANCE_PAGE_LABELS = { ...AGENCY_FINANCE_TAB_LABELS, 'payout-details': 'Payout details' }

export default function AgencyFinanceLayout() {
  const data = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const tab = tabOfPath(pathname, FINANCE_PAGES_SHOWN)
  // Only the lists export; the other pages (buy now, pay later) have none.
  const list = tabOfPath(pathname, AGENCY_FINANCE_TABS)
  return (
    <div className="space-y-4">
      <PageHeader
        title="Finance"
        description="Your balance, commission and buy-now-pay-later allowance, top-ups, invoices and payments."
        actions={list ? <ExportLinks href={`/agency/finance/export?list=${list}`} /> : null}
      />
      <AgencyFinanceSummary balance={data.balance} metrics={data.metrics} />
      <TabLinks
        label="Finance sections"
        items={FINANCE_PAGES_SHOWN.map((t) => ({ value: t, label: FINANCE_PAGE_LABELS[t] }))}
        current={tab}
        href={(t) => `/agency/finance/${t}`}
      />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
