import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bnplPaymentRequests, invoices, policyPremiumPayments } from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { bnplMails } from '../../mail/bnpl-mails'
import { notify } from '../../notifications/notify'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { mailAgency } from '../agency-mail'
import { recordInvoiceHistory } from '../invoices/invoice-payments'
import { bnplSettlementKey, isReserved, postBalanceEntry } from '../ledger/ledger'
import {
  bnplRequestItems,
  bnplTaskId,
  lockBnplRequest,
  presentBnplRequest,
  recordBnplHistory,
} from './bnpl-requests'
import { agencyLinks } from '../../shared/links'

/**
 * rejectBuyNowPayLaterPaymentRequest (staff with finance): a REQUESTED settlement becomes REJECTED
 * with the reason; its premiums go to PENDING_CREDIT_PAYMENT_REJECTED (still owed, requestable
 * again), its BNPL_PAYMENT invoice is CANCELLED, a balance settlement is credited back (ledger
 * CREDIT_PAYMENT), the task closes and the agency is notified, then mailed. Not REQUESTED: 409.
 * The allowance does not move.
 */
export const rejectBnplPaymentRequest = defineUseCase(
  { staff: ['finance'] },
  async function rejectBnplPaymentRequest(opts: { actor: StaffActor; requestId: number; reason: string }) {
    const { actor, reason } = opts
    const request = await getDb().transaction(async (tx) => {
      const row = await lockBnplRequest(tx, opts.requestId)
      if (row.status !== 'REQUESTED')
        throw conflict(`This settlement request is ${row.status}; only a REQUESTED request can be rejected`)
      const now = clock.now()
      const [request] = await tx
        .update(bnplPaymentRequests)
        .set({
          status: 'REJECTED',
          rejection_reason: reason,
          decided_by: actor.identityId,
          decided_at: now,
          updated_at: now,
        })
        .where(eq(bnplPaymentRequests.id, row.id))
        .returning()
      const items = await bnplRequestItems(tx, row.id)
      await tx
        .update(policyPremiumPayments)
        .set({ status: 'PENDING_CREDIT_PAYMENT_REJECTED', rejection_reason: reason, updated_at: now })
        .where(
          and(
            inArray(
              policyPremiumPayments.id,
              items.map((i) => i.premium_payment_id),
            ),
            eq(policyPremiumPayments.status, 'PENDING_CREDIT_PAYMENT_REQUESTED'),
          ),
        )
      if (row.invoice_id) {
        const [inv] = await tx
          .update(invoices)
          .set({
            status: 'CANCELLED',
            cancellation_reasons: reason,
            total_outstanding_amount: 0,
            updated_at: now,
          })
          .where(eq(invoices.id, row.invoice_id))
          .returning({ id: invoices.id })
        if (inv)
          await recordInvoiceHistory(tx, {
            invoiceId: inv.id,
            action: 'STATUS_CHANGED',
            message: 'Invoice PENDING -> CANCELLED (settlement rejected)',
            note: reason,
            actor,
            fromStatus: 'PENDING',
            toStatus: 'CANCELLED',
          })
      }
      if (row.payment_type === 'AGENCY_BALANCE') {
        // No staff `decision` for the writer's maker-checker: this returns, from the agency's own
        // settlement account, exactly what the agency paid into it for this request; a rejection
        // creates no money and sets no figure, so one person with finance may give it back.
        // The reservation made when it was sent is voided (a request sent before reservations
        // existed posted its debit: it is credited back).
        const key = bnplSettlementKey(row.id)
        await postBalanceEntry(tx, {
          agencyId: row.agency_id,
          type: 'CREDIT_PAYMENT',
          amount: row.total_amount,
          actor,
          invoiceId: row.invoice_id,
          note: `Buy now, pay later settlement #${row.id} rejected: balance given back`,
          journal: (await isReserved(tx, key)) ? { release: key } : undefined,
        })
      }
      await recordBnplHistory(tx, {
        requestId: row.id,
        agencyId: row.agency_id,
        action: 'REJECTED',
        from: 'REQUESTED',
        to: 'REJECTED',
        actor,
        note: reason,
      })
      await closeWorkflowTasks(bnplTaskId(row.id), 'rejected', tx)
      await notify(
        tx,
        {
          eventType: 'BNPL_PAYMENT_REJECTED',
          title: 'Buy now, pay later settlement rejected',
          message: `Settlement #${row.id} of ${formatCents(row.total_amount)} was rejected: ${reason}`,
          link: agencyLinks.bnpl,
          meta: { bnpl_request_id: row.id },
        },
        { agencyId: row.agency_id },
      )
      return request
    })
    await mailAgency(
      request.agency_id,
      bnplMails.settlementRejected(request.id, request.total_amount, reason),
    )
    return presentBnplRequest(request)
  },
)
