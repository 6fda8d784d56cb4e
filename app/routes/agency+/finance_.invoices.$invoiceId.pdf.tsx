import type { LoaderFunctionArgs } from '@remix-run/node'
import { getInvoicePdf } from '../../../domain/finance/invoices/get-invoice-pdf'
import { idFromParam } from '../../utils/forms.server'
import { invoicePdfResponse } from '../../utils/invoice.server'
import { requireAccess } from '../../utils/session.server'

/** The invoice's PDF, downloaded from the invoice page ("Download PDF"); reads only, so a GET. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getInvoicePdf.access, 'agency')
  return invoicePdfResponse(actor, idFromParam(params.invoiceId, 'Invoice'))
}
