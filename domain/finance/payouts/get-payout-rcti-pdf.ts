import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { getCommissionPayout } from './get-commission-payout'
import { rctiDocument } from './payout-documents'

/**
 * A paid commission payout's recipient created tax invoice as a PDF download (issue 25), for an
 * agency registered for GST: both parties' names and ABNs, the date of issue, each commission line
 * with its GST, the totals and the RCTI agreement's statements. Read as the payout is
 * (getCommissionPayout; another agency's is 404). Not paid, or the agency not registered for GST:
 * 409. Reads only.
 */
export const getPayoutRctiPdf = defineUseCase(
  getCommissionPayout.access,
  async function getPayoutRctiPdf(opts: { actor: Actor; payoutId: number }) {
    return rctiDocument(await getCommissionPayout({ actor: opts.actor, payoutId: opts.payoutId }))
  },
)
