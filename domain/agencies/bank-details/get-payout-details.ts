import { and, desc, eq, ne } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyBankDetailChanges, agencyBankDetails, identities } from '../../../db/schema'
import { hasPermission, isAgencySide, type Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { assertAgencyAccess } from '../agency-access'
import { getAgencyBankDetail } from '../reads/get-agency-bank-detail'
import { changedFields, maskAccount, payoutDetailsOf, type PayoutDetails } from './payout-details.rules'

/**
 * The agency side's permission to request a change of payout details after activation. The
 * authority stays requestBankChange (it refuses anyone else with 403); this only tells a screen
 * whether to offer the form, and a test holds the two together.
 */
export const PAYOUT_CHANGE_PERMISSION = 'finance'

/** Payout details as a screen shows them: the account number masked to its last 3 characters. */
function shown(d: PayoutDetails) {
  const { account_number, ...rest } = d
  return { ...rest, account_number_masked: maskAccount(account_number) }
}

/**
 * getPayoutDetails (who may read getAgencyBankDetail; another agency's is NOT_FOUND): the
 * verified payout account (what payouts pay), the change waiting for staff verification if any,
 * and the reason when the latest decided change was rejected. Account numbers leave masked, so
 * a screen never sends the full number to the browser. `can_request_change`: whether the caller
 * may request a change (agency side: PAYOUT_CHANGE_PERMISSION).
 */
export const getPayoutDetails = defineUseCase(
  getAgencyBankDetail.access,
  async function getPayoutDetails(opts: { actor: Actor; agencyId: number }) {
    await assertAgencyAccess(opts.actor, opts.agencyId)
    const db = getDb()
    const [[bank], [latest]] = await Promise.all([
      db.select().from(agencyBankDetails).where(eq(agencyBankDetails.agency_id, opts.agencyId)),
      // The latest change that was not replaced by a newer request: PENDING, APPROVED or REJECTED.
      db
        .select({ change: agencyBankDetailChanges, requested_by_email: identities.email })
        .from(agencyBankDetailChanges)
        .leftJoin(identities, eq(identities.id, agencyBankDetailChanges.requested_by))
        .where(
          and(
            eq(agencyBankDetailChanges.agency_id, opts.agencyId),
            ne(agencyBankDetailChanges.status, 'SUPERSEDED'),
          ),
        )
        .orderBy(desc(agencyBankDetailChanges.id))
        .limit(1),
    ])
    const verified = bank ? payoutDetailsOf(bank) : null
    const c = latest?.change
    const requested = c ? payoutDetailsOf(c.after) : null
    return {
      verified: verified ? shown(verified) : null,
      pending:
        c && requested && c.status === 'PENDING'
          ? {
              id: c.id,
              requested_at: c.created_at,
              requested_by: latest.requested_by_email,
              details: shown(requested),
              changed_fields: changedFields(verified, requested),
            }
          : null,
      last_rejected:
        c && requested && c.status === 'REJECTED'
          ? {
              id: c.id,
              requested_at: c.created_at,
              decided_at: c.decided_at,
              rejection_reason: c.rejection_reason,
              details: shown(requested),
            }
          : null,
      can_request_change: !isAgencySide(opts.actor) || hasPermission(opts.actor, PAYOUT_CHANGE_PERMISSION),
    }
  },
)
