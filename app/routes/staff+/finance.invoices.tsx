import { type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { INVOICE_TYPES } from '../../../db/schema/enums'
import { INVOICE_TABS } from '../../../domain/finance/finance.rules'
import { findInvoices } from '../../../domain/finance/invoices/find-invoices'
import { GeneralErrorBoundary } from '../../components/error-boundary'
import { InvoiceList } from '../../components/finance/invoice-list'
import { sortOf, staffFilterChoices, staffListInput } from '../../utils/finance-lists.server'
import { requireAccess } from '../../utils/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, findInvoices.access, 'staff')
  const input = staffListInput(request, 'invoices')
  const [{ agencies }, r] = await Promise.all([staffFilterChoices(actor), findInvoices({ actor, input })])
  return {
    agencies,
    invoiceTab: input.tab,
    rows: r.items.map((i) => ({
      id: i.id,
      agency: i.agency.name ?? i.agency.email,
      invoice_type: i.invoice_type,
      status: i.status,
      from: i.from,
      to: i.to,
      total_amount_due: i.total_amount_due,
      total_outstanding_amount: i.total_outstanding_amount,
      pending_approval: i.pending_approval,
      invoice_date: i.invoice_date,
      policy: i.policy,
    })),
    pageInfo: r.pageInfo,
    sort: sortOf(input),
    perPage: String(input.perPage),
  }
}

export default function StaffFinanceInvoices() {
  const data = useLoaderData<typeof loader>()
  return (
    <InvoiceList base="/staff/finance" invoiceTabs={INVOICE_TABS} invoiceTypes={INVOICE_TYPES} {...data} />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
