import { type LoaderFunctionArgs } from '@remix-run/node'
import { STAFF_FINANCE_TABS } from '../../../domain/finance/finance-screens.schemas'
import { redirectToTab } from '../../utils/finance-lists.server'
import { requireStaff } from '../../utils/session.server'

/** /staff/finance (and the old /staff/finance?tab=… links) opens the tab's own address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, 'finance')
  return redirectToTab(request, '/staff/finance', STAFF_FINANCE_TABS, 'verification')
}
