import { type LoaderFunctionArgs } from '@remix-run/node'
import { AGENCY_FINANCE_TABS } from '../../../domain/finance/finance-screens.schemas'
import { redirectToTab } from '../../utils/finance-lists.server'
import { FINANCE_PAGES, requireAgency } from '../../utils/session.server'

/** /agency/finance (and the old /agency/finance?tab=… links) opens the tab's own address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgency(request, FINANCE_PAGES)
  return redirectToTab(request, '/agency/finance', AGENCY_FINANCE_TABS, 'overview')
}
