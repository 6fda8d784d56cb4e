import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PAYMENT_METHODS } from '../../../db/schema/enums'
import { OUTSTANDING_TABS } from '../../../domain/finance/finance.rules'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { STAFF_FINANCE_TAB_LABELS } from '../../components/finance/finance-tabs'
import { loadStaffPaymentTab } from '../../utils/finance-lists.server'
import { StaffPaymentList } from '../../components/finance/staff-payment-list'
import { requireStaff } from '../../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadStaffPaymentTab(await requireStaff(request, 'finance'), request, 'outstanding')
}

export default function StaffFinanceOutstanding() {
  const data = useLoaderData<typeof loader>()
  return (
    <StaffPaymentList
      list="outstanding"
      caption={STAFF_FINANCE_TAB_LABELS.outstanding}
      rows={data.rows}
      pageInfo={data.pageInfo}
      sort={data.sort}
      statusTab={data.statusTab}
      agencies={data.agencies}
      providers={data.providers}
      perPage={data.perPage}
      methods={PAYMENT_METHODS}
      outstandingTabs={OUTSTANDING_TABS}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
