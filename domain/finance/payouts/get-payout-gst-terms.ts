import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBankDetails } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { currentGst } from '../../quotes/price-policy'
import { basisPoints } from '../../quotes/pricing.rules'
import { scope } from './payout-listing'

/**
 * The GST a payout request of this agency would carry: whether the agency is GST registered and
 * the current rate (percent and basis points, for the request screen's running total). Staff with
 * finance for any agency; the agency side for itself.
 */
export const getPayoutGstTerms = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function getPayoutGstTerms(opts: { actor: Actor; agencyId: number }) {
    const agencyId = (await scope(opts.actor, {}, opts.agencyId))!
    const [bank] = await getDb()
      .select({ gst: agencyBankDetails.is_gst_registered })
      .from(agencyBankDetails)
      .where(eq(agencyBankDetails.agency_id, agencyId))
    const registered = bank?.gst ?? false
    const rate = registered ? (await currentGst()).gst_rate : '0'
    return { gst_registered: registered, gst_rate: Number(rate), gst_basis_points: basisPoints(rate) }
  },
)
