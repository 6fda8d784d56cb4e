import { type MetaFunction } from '@remix-run/node'
import { Outlet, useLocation } from '@remix-run/react'
import { STAFF_FINANCE_PAGES, STAFF_FINANCE_TABS } from '../../../domain/finance/finance-screens.schemas'
import { PageHeader } from '../../components/app-shell'
import { ExportLinks } from '../../components/data-table'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { STAFF_FINANCE_TAB_LABELS, tabOfPath } from '../../components/finance/finance-tabs'
import { TabLinks } from '../../components/tab-links'

export const meta: MetaFunction = () => [{ title: 'Finance · OSHC Back Office' }]

/**
 * The finance page: a header and the tab links; each tab is its own route with its own loader,
 * action and guard (this layout loads nothing, so it protects nothing).
 */
export default function StaffFinanceLayout() {
  const { pathname } = useLocation()
  const tab = tabOfPath(pathname, STAFF_FINANCE_PAGES)
  // Only the lists export; the other pages (reconciliation) have no list to export.
  const list = tabOfPath(pathname, STAFF_FINANCE_TABS)
  return (
    <div className="space-y-4">
      <PageHeader
        title="Finance"
        description="Verify bank payments, follow outstanding and purchased policies, decide top-ups and read invoices."
        actions={list ? <ExportLinks href={`/staff/finance/export?list=${list}`} /> : null}
      />
      <TabLinks
        label="Finance lists"
        items={STAFF_FINANCE_PAGES.map((t) => ({ value: t, label: STAFF_FINANCE_TAB_LABELS[t] }))}
        current={tab}
        href={(t) => `/staff/finance/${t}`}
      />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
