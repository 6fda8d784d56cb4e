import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, agencyBankDetailChanges, agencyBankDetails } from '../../../db/schema'
import { actorLabel, type StaffActor } from '../../shared/actor'
import { clock } from '../../shared/clock'
import { conflict, notFound } from '../../shared/errors'
import { assertNotMaker } from '../../finance/finance-guards'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { recordAgencyHistory } from '../agency-history'
import { mailBankChange, presentBankChange } from './request-bank-change'
import { bankChangeTaskId, maskAccount, payoutDetailsOf } from './payout-details.rules'

// The reason's rule lives with the page's form (a browser-safe *.schemas file).
export { RejectBankChangeSchema } from './bank-changes.schemas'

/**
 * The decision of approveAgencyBankChange / rejectAgencyBankChange (staff with finance): decides a PENDING change
 * of payout details. Approve writes it to agency_bank_details (what payouts read); reject keeps the
 * verified account. Maker-checker: whoever requested it may not decide it (403). Not PENDING: 409.
 * The task closes in the same transaction; the agency's owner and finance addresses are mailed.
 */
export async function decideBankChange(
  decider: StaffActor,
  changeId: number,
  decision: 'APPROVED' | 'REJECTED',
  reason: string | null,
) {
  const { change, agency } = await getDb().transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(agencyBankDetailChanges)
      .where(eq(agencyBankDetailChanges.id, changeId))
      .for('update')
    if (!c) throw notFound('Bank details change')
    if (c.status !== 'PENDING')
      throw conflict(`This change is ${c.status}; only a PENDING change can be decided`)
    assertNotMaker(decider.identityId, { created_by: c.requested_by })
    const [decided] = await tx
      .update(agencyBankDetailChanges)
      .set({
        status: decision,
        decided_by: decider.identityId,
        decided_at: clock.now(),
        rejection_reason: reason,
      })
      .where(eq(agencyBankDetailChanges.id, c.id))
      .returning()
    if (decision === 'APPROVED') {
      const after = payoutDetailsOf(c.after)
      await tx
        .insert(agencyBankDetails)
        .values({ agency_id: c.agency_id, ...after })
        .onConflictDoUpdate({ target: agencyBankDetails.agency_id, set: after })
    }
    await recordAgencyHistory(tx, {
      agencyId: c.agency_id,
      action: decision === 'APPROVED' ? 'BANK_DETAILS_CHANGE_APPROVED' : 'BANK_DETAILS_CHANGE_REJECTED',
      actor: actorLabel(decider),
      note: reason ?? undefined,
      meta: { change_id: c.id },
    })
    await closeWorkflowTasks(bankChangeTaskId(c.id), decision === 'APPROVED' ? 'approved' : 'rejected', tx)
    const [a] = await tx.select().from(agencies).where(eq(agencies.id, c.agency_id))
    return { change: decided, agency: a }
  })
  await mailBankDecision(agency, change, decision, reason)
  return presentBankChange(change)
}

/** After commit: the agency's owner and finance addresses hear the decision. */
async function mailBankDecision(
  agency: Parameters<typeof mailBankChange>[0],
  change: typeof agencyBankDetailChanges.$inferSelect,
  decision: 'APPROVED' | 'REJECTED',
  reason: string | null,
) {
  const after = payoutDetailsOf(change.after)
  await mailBankChange(
    agency,
    change.id,
    decision === 'APPROVED'
      ? {
          subject: 'Your new payout bank details are verified',
          text: `Payouts now go to ${after.bank}, account ${maskAccount(after.account_number)}.`,
        }
      : {
          subject: 'Your payout bank details change was not accepted',
          text: `The change was rejected: ${reason}.\nPayouts keep going to the account we verified before.`,
        },
    decision.toLowerCase(),
  )
}
