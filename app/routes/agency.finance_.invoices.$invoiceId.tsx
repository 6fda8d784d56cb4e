import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { InvoiceDetail } from '../components/invoice-detail'
import { loadInvoice } from '../utils/invoice.server'
import { FINANCE_PAGES, requireAgency } from '../utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Invoice #${data?.invoice.id ?? ''} · Agency portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAgency(request, FINANCE_PAGES)
  return { invoice: await loadInvoice(actor, params.invoiceId) }
}

export default function AgencyInvoice() {
  const { invoice } = useLoaderData<typeof loader>()
  return <InvoiceDetail invoice={invoice} backHref="/agency/finance/invoices" />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
