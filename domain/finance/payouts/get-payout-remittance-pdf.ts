import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBankDetails } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { config } from '../../shared/config'
import { conflict } from '../../shared/errors'
import { insurerDetails } from '../pdf-writer'
import { getCommissionPayout } from './get-commission-payout'
import { writeRemittancePdf } from './remittance-pdf'

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
    const payout = await getCommissionPayout({ actor: opts.actor, payoutId: opts.payoutId })
    if (payout.status !== 'APPROVED')
      throw conflict(`Payout #${payout.id} is not paid: a remittance advice is written once it is approved`)
    const insurer = insurerDetails(config(), 'remittance advice')
    const [bank] = await getDb()
      .select({ abn: agencyBankDetails.abn })
      .from(agencyBankDetails)
      .where(eq(agencyBankDetails.agency_id, payout.agency_id))
    const content = await writeRemittancePdf({ payout, agencyAbn: bank?.abn ?? null, insurer })
    return { file_name: `remittance-${payout.id}.pdf`, content }
  },
)
