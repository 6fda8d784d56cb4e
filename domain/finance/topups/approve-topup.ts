import { and, eq } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { agencyTopups, invoicePayments } from '../../../db/schema'
import { actorLabel, type StaffActor } from '../../shared/actor'
import { recordAgencyHistory } from '../../agencies/agency-history'
import { conflict, notFound } from '../../shared/errors'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { financeMails } from '../../mail/finance-mails'
import { postBalanceEntry } from '../ledger/ledger'
import { completeInvoicePayment } from '../invoices/invoice-payments'
import { assertNotMaker } from '../finance-guards'
import { mailAgency } from '../agency-mail'
import { presentTopup } from './topup-listing'
import { defineUseCase } from '../../shared/authorize'
import { formatCents } from '../../shared/format'

/**
 * topUpApprove (staff with finance): a REQUESTED top-up becomes APPROVED and, in the same
 * transaction, the agency balance is credited through the ledger (one AGENCY_TOPUP row with the
 * balance after it), its TOPUP invoice is paid and the `topup-<id>` task closes as approved. The
 * agency is mailed after commit. Maker-checker: its creator gets 403. Not REQUESTED: 409.
 */
export const approveTopup = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveTopup(opts: { actor: StaffActor; topupId: number }) {
    const { actor } = opts
    const { topup, balance } = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(agencyTopups)
        .where(eq(agencyTopups.id, opts.topupId))
        .for('update')
      if (!row) throw notFound('Top-up')
      if (row.status !== 'REQUESTED')
        throw conflict(`This top-up is ${row.status}; only a REQUESTED top-up can be approved`)
      if (row.payment_method === 'CARD')
        throw conflict('A card top-up is approved by the card gateway when the payment is confirmed')
      assertNotMaker(actor.identityId, row)
      const [topup] = await tx
        .update(agencyTopups)
        .set({ status: 'APPROVED', decided_by: actor.identityId })
        .where(eq(agencyTopups.id, row.id))
        .returning()
      const entry = await postBalanceEntry(tx, {
        agencyId: row.agency_id,
        type: 'AGENCY_TOPUP',
        amount: row.amount,
        actor,
        topupId: row.id,
        invoiceId: row.invoice_id,
        note: `Top-up #${row.id} approved`,
        // The writer's backstop of the checks above (the agency made the request).
        decision: { by: actor, makers: [row.created_by] },
      })
      if (row.invoice_id) {
        // The receipt's PENDING invoice payment is verified: the invoice settles from it.
        const pending = await tx
          .select({ id: invoicePayments.id })
          .from(invoicePayments)
          .where(and(eq(invoicePayments.invoice_id, row.invoice_id), eq(invoicePayments.status, 'PENDING')))
        for (const p of pending) await completeInvoicePayment(tx, p.id, actor)
      }
      await recordAgencyHistory(tx, {
        agencyId: row.agency_id,
        action: 'TOPUP_APPROVED',
        actor: actorLabel(actor),
        note: `Top-up #${row.id} of ${formatCents(row.amount)} credited`,
        meta: { topup_id: row.id, ledger_id: entry.id, balance: entry.balance },
      })
      await closeWorkflowTasks(`topup-${row.id}`, 'approved', tx)
      return { topup, balance: entry.balance }
    })
    await mailAgency(topup.agency_id, financeMails.topupApproved(topup.amount, balance))
    return presentTopup(topup)
  },
)
