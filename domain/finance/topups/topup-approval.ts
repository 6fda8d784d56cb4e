// Approving a REQUESTED bank top-up in the caller's transaction (issue 25): by hand (approveTopup,
// the money from the bank's clearing account) or by a suspense decision that allocates money held
// in suspense to it (the money from `suspense`). One way to credit a top-up either way.
import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { agencyTopups, invoicePayments } from '../../../db/schema'
import { actorLabel, type StaffActor } from '../../shared/actor'
import { recordAgencyHistory } from '../../agencies/agency-history'
import { conflict, notFound } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { postBalanceEntry } from '../ledger/ledger'
import { completeInvoicePayment } from '../invoices/invoice-payments'

export type TopupRow = typeof agencyTopups.$inferSelect

/** The top-up locked: 404 when none; 409 unless a REQUESTED bank top-up (a card's gateway approves it). */
export async function lockRequestedTopup(tx: DbOrTx, topupId: number) {
  const [row] = await tx.select().from(agencyTopups).where(eq(agencyTopups.id, topupId)).for('update')
  if (!row) throw notFound('Top-up')
  if (row.status !== 'REQUESTED')
    throw conflict(`This top-up is ${row.status}; only a REQUESTED top-up can be approved`)
  if (row.payment_method === 'CARD')
    throw conflict('A card top-up is approved by the card gateway when the payment is confirmed')
  return row
}

/**
 * The locked top-up becomes APPROVED: the agency balance is credited through the ledger (one
 * AGENCY_TOPUP row with the balance after it; `from`: the account the money comes from when not
 * the bank's clearing account), its TOPUP invoice is paid from its PENDING receipt, the agency's
 * history says so and the `topup-<id>` task closes as approved. `makers`: who made or changed what
 * is decided (the money authority refuses them as the decider).
 */
export async function creditTopup(
  tx: DbOrTx,
  row: TopupRow,
  actor: StaffActor,
  opts: { makers: (number | null)[]; from?: string; note?: string },
) {
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
    note: opts.note ?? `Top-up #${row.id} approved`,
    from: opts.from,
    decision: { by: actor, makers: opts.makers },
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
    note: `Top-up #${row.id} of ${formatCents(row.amount)} credited${opts.from ? ' from money held in suspense' : ''}`,
    meta: { topup_id: row.id, ledger_id: entry.id, balance: entry.balance },
  })
  await closeWorkflowTasks(`topup-${row.id}`, 'approved', tx)
  return { topup, balance: entry.balance }
}
