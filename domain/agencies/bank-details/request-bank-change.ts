import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencies, agencyBankDetailChanges, agencyBankDetails } from '../../../db/schema'
import { actorLabel, assertPermission, isAgencySide, type Actor } from '../../shared/actor'
import { clock } from '../../shared/clock'
import { formatDateTime } from '../../shared/format'
import { logError } from '../../shared/log'
import { sendMail } from '../../mail/mailer'
import { closeWorkflowTasks, syncWorkflowTasks } from '../../tasks/workflow-tasks'
import { recordAgencyHistory } from '../agency-history'
import { presentAgency } from '../agency-presenter'
import {
  bankChangeTaskId,
  changedFields,
  FIELD_LABELS,
  maskAccount,
  payoutDetailsOf,
  type PayoutDetails,
} from './payout-details.rules'
import { staffLinks } from '../../shared/links'

/**
 * A change of payout details after activation (called by updateAgencyBank): on the agency side it
 * needs `finance` (403 otherwise). The verified row is left as it is (payouts keep paying it); the
 * request is stored PENDING (an older pending one is SUPERSEDED), written to the agency history,
 * and after commit opens the staff inbox task `bank-change-<id>` and mails the agency's owner and
 * finance addresses at once. Nothing changed: nothing is stored. Answers the agency and the change.
 */
export async function requestBankChange(opts: { actor: Actor; agencyId: number; input: PayoutDetails }) {
  const { actor } = opts
  if (isAgencySide(actor)) assertPermission(actor, 'finance')
  const requestedBy = 'identityId' in actor ? actor.identityId : null
  const result = await getDb().transaction(async (tx) => {
    const [agency] = await tx.select().from(agencies).where(eq(agencies.id, opts.agencyId)).for('update')
    const [row] = await tx.select().from(agencyBankDetails).where(eq(agencyBankDetails.agency_id, agency.id))
    const before = row ? payoutDetailsOf(row) : null
    const after = payoutDetailsOf(opts.input)
    const fields = changedFields(before, after)
    if (!fields.length) return { agency, change: null, superseded: [] as number[] }
    const superseded = await tx
      .update(agencyBankDetailChanges)
      .set({ status: 'SUPERSEDED', decided_at: clock.now() })
      .where(
        and(eq(agencyBankDetailChanges.agency_id, agency.id), eq(agencyBankDetailChanges.status, 'PENDING')),
      )
      .returning({ id: agencyBankDetailChanges.id })
    const [change] = await tx
      .insert(agencyBankDetailChanges)
      .values({ agency_id: agency.id, before, after, requested_by: requestedBy })
      .returning()
    await recordAgencyHistory(tx, {
      agencyId: agency.id,
      action: 'BANK_DETAILS_CHANGE_REQUESTED',
      actor: actorLabel(actor),
      note: `Payout details change waiting for staff verification: ${fields.map((f) => FIELD_LABELS[f]).join(', ')}`,
      meta: { change_id: change.id, fields },
    })
    return { agency, change, superseded: superseded.map((s) => s.id) }
  })
  const { agency, change } = result
  if (change) {
    for (const id of result.superseded) await closeWorkflowTasks(bankChangeTaskId(id), 'superseded')
    const name = agency.full_company_name ?? agency.email
    await syncWorkflowTasks(bankChangeTaskId(change.id), {
      kind: 'bank_change',
      audience: 'staff',
      subject: `Verify new payout details of ${name}`,
      agencyId: agency.id,
      link: staffLinks.bankChanges,
      dueAt: new Date(clock.now().getTime() + 24 * 3_600_000),
    })
    await mailBankChange(agency, change.id, {
      subject: 'Your payout bank details were changed',
      text: [
        `Hello ${name},`,
        `A change of the bank details we pay your commission to was requested by ${'email' in actor ? actor.email : actorLabel(actor)} on ${formatDateTime(change.created_at)}.`,
        `New account: ${payoutDetailsOf(change.after).bank}, account ${maskAccount(payoutDetailsOf(change.after).account_number)}, GST registered: ${payoutDetailsOf(change.after).is_gst_registered ? 'yes' : 'no'}.`,
        'Payouts keep going to the account we verified before until our finance team verifies this change.',
        'If you did not ask for this change, contact us at once.',
      ].join('\n'),
    })
  }
  return { ...presentAgency(agency), bank_change: change ? presentBankChange(change) : null }
}

export type BankChangeRow = typeof agencyBankDetailChanges.$inferSelect

export function presentBankChange(c: BankChangeRow) {
  const before = c.before ? payoutDetailsOf(c.before) : null
  const after = payoutDetailsOf(c.after)
  return {
    id: c.id,
    agency_id: c.agency_id,
    status: c.status,
    before,
    after,
    changed_fields: changedFields(before, after),
    requested_by: c.requested_by,
    decided_by: c.decided_by,
    decided_at: c.decided_at,
    rejection_reason: c.rejection_reason,
    created_at: c.created_at,
  }
}

/** Mails the agency's owner and finance addresses (each once per change); never undoes anything. */
export async function mailBankChange(
  agency: { id: number; email: string; finance_comms_email: string | null },
  changeId: number,
  mail: { subject: string; text: string },
  step = 'requested',
) {
  const to = [
    ...new Set(
      [agency.email, agency.finance_comms_email].filter((a): a is string => !!a).map((a) => a.toLowerCase()),
    ),
  ]
  for (const address of to) {
    try {
      await sendMail(
        { to: address, ...mail },
        { idempotencyKey: `bank-change-${changeId}-${step}-${address}` },
      )
    } catch (err) {
      logError('bank-change-mail', err, { agencyId: agency.id, changeId })
    }
  }
}
