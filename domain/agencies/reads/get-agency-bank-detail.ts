import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBankDetails } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { assertAgencyAccess } from '../agency-access'
import { defineUseCase } from '../../shared/authorize'
import { pendingBankChangeOf } from '../bank-details/find-agency-bank-changes'

/**
 * getAgencyBankDetail: staff, or the agency itself. The verified details (what payouts use) and,
 * when a change waits for staff verification, `pending_change`.
 */
export const getAgencyBankDetail = defineUseCase(
  { staff: ['agency_management'], agency: ['finance', 'purchase', 'quote', 'user_management'] },
  async function getAgencyBankDetail(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const [bank] = await getDb()
      .select()
      .from(agencyBankDetails)
      .where(eq(agencyBankDetails.agency_id, opts.agencyId))
    if (!bank) return null
    return { ...bank, pending_change: await pendingBankChangeOf(opts.agencyId) }
  },
)
