import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '../components/error-boundary'
import { InvoiceDetail } from '../components/invoice-detail'
import { loadInvoice } from '../utils/invoice.server'
import { requireStaff } from '../utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Invoice #${data?.invoice.id ?? ''} · OSHC Back Office` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireStaff(request, 'finance')
  return { invoice: await loadInvoice(actor, params.invoiceId) }
}

export default function StaffInvoice() {
  const { invoice } = useLoaderData<typeof loader>()
  return <InvoiceDetail invoice={invoice} backHref="/staff/finance/invoices" />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
