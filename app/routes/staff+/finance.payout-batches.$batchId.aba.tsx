import { type ActionFunctionArgs } from '@remix-run/node'
import { downloadPayoutBatchFile } from '../../../domain/finance/payout-batches/download-payout-batch-file'
import { idFromParam, throwAsResponse } from '../../utils/forms.server'
import { requireAccess } from '../../utils/session.server'

/**
 * The batch's ABA file, answered to the batch page's native form (a POST: the first download marks
 * the batch sent, so no link a browser may prefetch). A refusal is its error page (409).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, downloadPayoutBatchFile.access, 'staff')
  const batchId = idFromParam(params.batchId, 'Payout batch')
  const file = await downloadPayoutBatchFile({ actor, batchId }).catch(throwAsResponse)
  return new Response(file.content, {
    headers: {
      'Content-Type': 'text/plain; charset=us-ascii',
      'Content-Disposition': `attachment; filename="${file.file_name}"`,
      'Cache-Control': 'no-store',
    },
  })
}
