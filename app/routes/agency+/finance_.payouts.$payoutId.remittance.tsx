import type { LoaderFunctionArgs } from '@remix-run/node'
import { getPayoutRemittancePdf } from '../../../domain/finance/payouts/get-payout-remittance-pdf'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { pdfAttachment } from '../../utils/pdf.server'
import { requireAccess } from '../../utils/session.server'

/** A paid payout's remittance advice (PDF), from the payouts list; reads only, so a GET. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireAccess(request, getPayoutRemittancePdf.access, 'agency')
  const payoutId = idFromParam(params.payoutId, 'Commission payout')
  return pdfAttachment(await getPayoutRemittancePdf({ actor, payoutId }).catch(throwAsResponse))
}
