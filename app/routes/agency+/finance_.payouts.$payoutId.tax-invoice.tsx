import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPayoutRctiPdf } from '../../../domain/finance/payouts/get-payout-rcti-pdf'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { pdfAttachment } from '../../utils/pdf.server'
import { requireAccess } from '../../utils/session.server'

/** A paid payout's recipient created tax invoice (PDF), from the payout page; reads only, so a GET. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPayoutRctiPdf.access, 'agency')
  const payoutId = idFromParam(params.payoutId, 'Commission payout')
  return pdfAttachment(await getPayoutRctiPdf({ actor, payoutId }).catch(throwAsResponse))
}
