import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { INVOICE_TYPES } from '../../../db/schema/enums'
import { INVOICE_TABS } from '../../../domain/finance/finance.rules'
import { findInvoices } from '../../../domain/finance/invoices/find-invoices'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { InvoiceList } from '../../components/finance/invoice-list'
import { agencyListInput, sortOf } from '../../utils/finance-lists.server'
import { FINANCE_PAGES, requireAgency } from '../../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  const input = agencyListInput(request, 'invoices')
  const r = await findInvoices({ actor, input })
  return {
    invoiceTab: input.tab,
    rows: r.items.map((i) => ({
      id: i.id,
      invoice_type: i.invoice_type,
      status: i.status,
      pending_approval: i.pending_approval,
      total_amount_due: i.total_amount_due,
      total_outstanding_amount: i.total_outstanding_amount,
      invoice_date: i.invoice_date,
      policy: i.policy,
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
  }
}

export default function AgencyFinanceInvoices() {
  const data = useLoaderData<typeof loader>()
  return (
    <InvoiceList base="/agency/finance" invoiceTabs={INVOICE_TABS} invoiceTypes={INVOICE_TYPES} {...data} />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
