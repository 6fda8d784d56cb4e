import { eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies } from '../../../db/schema'
import { suspenseClearings } from '../../../db/schema/suspense'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflictOnDuplicate, notFound } from '../../shared/errors'
import { toCents } from '../../shared/money.rules'
import { allocationTarget } from './allocate-suspense'
import { topupTarget } from './allocate-to-topup'
import { assertPlaceable, lockSuspenseItem } from './suspense-store'
import { clearingTaskId, SUSPENSE_ACTION_LABELS, SUSPENSE_MESSAGES } from './suspense.rules'
import { openTask } from '../../tasks/workflow-tasks'
import { staffLinks } from '../../shared/links'
import { clock } from '../../shared/clock'
import { formatCents } from '../../shared/format'
import { ProposeSuspenseClearingSchema, type ProposeSuspenseClearingInput } from './suspense.schemas'

/**
 * Proposes what to do with money held in suspense (staff with finance; issue 25): allocate it to a
 * policy's premium waiting for a bank transfer (no more than it still needs) or to a bank top-up
 * waiting for its money (exactly its amount), refund it to the
 * payer, credit it to an agency's balance, or write it off (at most SUSPENSE_WRITE_OFF_LIMIT_CENTS),
 * `amount` of it (AUD) with a reason. Nothing moves until another person with finance approves it
 * (decideSuspenseClearing); the staff inbox shows it waiting until then. 404 for an unknown item,
 * policy, top-up or agency; 409 over what the item still holds,
 * for a refund of money that came by no channel, or while a proposal on it waits; 400 on bad input.
 */
export const proposeSuspenseClearing = defineUseCase(
  { staff: ['finance'] },
  async function proposeSuspenseClearing(opts: { actor: StaffActor; input: ProposeSuspenseClearingInput }) {
    const input = ProposeSuspenseClearingSchema.parse(opts.input)
    const cents = toCents(input.amount)
    return getDb()
      .transaction(async (tx) => {
        const item = await lockSuspenseItem(tx, input.transfer_id)
        assertPlaceable(item, input.action, cents)
        const allocate = input.action === 'ALLOCATE'
        const topupId = allocate && input.topup_id ? await topupTarget(tx, input.topup_id, cents) : null
        const policyId = allocate && !topupId ? await allocationTarget(tx, input.policy_ref!, cents) : null
        const agencyId = input.action === 'CREDIT_AGENCY' ? input.agency_id! : null
        if (agencyId !== null) {
          const [agency] = await tx
            .select({ id: agencies.id })
            .from(agencies)
            .where(eq(agencies.id, agencyId))
          if (!agency) throw notFound('Agency')
        }
        const [row] = await tx
          .insert(suspenseClearings)
          .values({
            transfer_id: item.id,
            action: input.action,
            amount: cents,
            agency_id: agencyId,
            policy_id: policyId,
            topup_id: topupId,
            reason: input.reason,
            proposed_by_identity_id: opts.actor.identityId,
          })
          .returning()
        await openTask(tx, clearingTaskId(row.id), {
          kind: 'suspense_clearing',
          audience: 'staff',
          subject: `Approve or reject: ${SUSPENSE_ACTION_LABELS[row.action].toLowerCase()}, ${formatCents(cents)} held in suspense (proposed by ${opts.actor.email})`,
          agencyId: item.agency_id,
          link: staffLinks.suspense,
          dueAt: new Date(clock.now().getTime() + 48 * 3_600_000),
          amount: cents,
        })
        return row
      })
      .catch(conflictOnDuplicate(SUSPENSE_MESSAGES.waiting))
  },
)
