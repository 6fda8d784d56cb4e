import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyTopups, invoices } from '../../../db/schema'
import { actorLabel, type StaffActor } from '../../shared/actor'
import { recordAgencyHistory } from '../../agencies/agency-history'
import { conflict, notFound } from '../../shared/errors'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { financeMails } from '../../mail/finance-mails'
import { mailAgency } from '../agency-mail'
import { presentTopup } from './topup-listing'
import { defineUseCase } from '../../shared/authorize'

/**
 * Which top-up topUpReject means: `topUpId` when given (and, with `agencyId`, it must be that
 * agency's), otherwise the agency's single REQUESTED top-up (409 when it has none or several).
 */
async function resolveTopupId(agencyId: number | undefined, topUpId: number | undefined) {
  if (topUpId !== undefined) return topUpId
  if (agencyId === undefined) throw notFound('Top-up')
  const waiting = await getDb()
    .select({ id: agencyTopups.id })
    .from(agencyTopups)
    .where(
      and(
        eq(agencyTopups.agency_id, agencyId),
        eq(agencyTopups.status, 'REQUESTED'),
        eq(agencyTopups.payment_method, 'BANK'),
      ),
    )
  if (waiting.length === 0) throw conflict('This agency has no requested top-up')
  if (waiting.length > 1)
    throw conflict('This agency has several requested top-ups: send top_up_id to choose one')
  return waiting[0].id
}

/**
 * topUpReject (staff with finance): a REQUESTED top-up becomes REJECTED with the reason, its
 * TOPUP invoice is CANCELLED and the `topup-<id>` task closes as rejected; the agency is mailed.
 * Not REQUESTED: 409. The balance never moves.
 */
export const rejectTopup = defineUseCase(
  { staff: ['finance'] },
  async function rejectTopup(opts: {
    actor: StaffActor
    agencyId?: number
    topUpId?: number
    reason: string
  }) {
    const { actor, reason } = opts
    const id = await resolveTopupId(opts.agencyId, opts.topUpId)
    const topup = await getDb().transaction(async (tx) => {
      const [row] = await tx.select().from(agencyTopups).where(eq(agencyTopups.id, id)).for('update')
      if (!row || (opts.agencyId !== undefined && row.agency_id !== opts.agencyId)) throw notFound('Top-up')
      if (row.status !== 'REQUESTED')
        throw conflict(`This top-up is ${row.status}; only a REQUESTED top-up can be rejected`)
      if (row.payment_method === 'CARD')
        throw conflict('A card top-up is decided by the card gateway, not rejected by staff')
      const [topup] = await tx
        .update(agencyTopups)
        .set({ status: 'REJECTED', rejection_reason: reason, decided_by: actor.identityId })
        .where(eq(agencyTopups.id, row.id))
        .returning()
      if (row.invoice_id) {
        await tx
          .update(invoices)
          .set({ status: 'CANCELLED', cancellation_reasons: reason, total_outstanding_amount: 0 })
          .where(eq(invoices.id, row.invoice_id))
      }
      await recordAgencyHistory(tx, {
        agencyId: row.agency_id,
        action: 'TOPUP_REJECTED',
        actor: actorLabel(actor),
        note: reason,
        meta: { topup_id: row.id },
      })
      await closeWorkflowTasks(`topup-${row.id}`, 'rejected', tx)
      return topup
    })
    await mailAgency(topup.agency_id, financeMails.topupRejected(topup.amount, reason))
    return presentTopup(topup)
  },
)
