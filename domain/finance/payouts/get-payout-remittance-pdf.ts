import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { getCommissionPayout } from './get-commission-payout'
import { remittanceDocument } from './payout-documents'

/**
 * A paid commission payout's remittance advice as a PDF download (issue 29): the insurer's name and
 * ABN (as on its invoices), the agency paid, the payout's number, payment date (Sydney), payment
 * type and receipt, and each commission line with its policy reference and amounts. Whoever may
 * read the payout (getCommissionPayout: staff finance; the agency side, finance or purchase, for its
 * own) may download it; another agency's payout is 404. A payout not yet paid (requested or
 * rejected): 409. Production without INSURER_NAME and INSURER_ABN: 409 naming them. Reads only.
 */
export const getPayoutRemittancePdf = defineUseCase(
  getCommissionPayout.access,
  async function getPayoutRemittancePdf(opts: { actor: Actor; payoutId: number }) {
    return remittanceDocument(await getCommissionPayout({ actor: opts.actor, payoutId: opts.payoutId }))
  },
)
