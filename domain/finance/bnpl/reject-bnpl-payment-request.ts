import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { formatCents } from '../../shared/format'
import { bnplMails } from '../../mail/bnpl-mails'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { mailAgency } from '../agency-mail'
import { cancelSettlementInvoice } from '../invoices/premium-invoice-settlement'
import { markBnplPremiumsRejected } from '../policy-payments/bnpl-premiums'
import {
  assertRequested,
  bnplRequestItems,
  bnplTaskId,
  decideBnplRequest,
  lockBnplRequest,
  notifyAgencyOfDecision,
  presentBnplRequest,
  recordBnplHistory,
} from './bnpl-requests'
import { giveBackSettlement } from './bnpl-settlement-money'

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
      assertRequested(row, 'rejected')
      const request = await decideBnplRequest(tx, row.id, {
        status: 'REJECTED',
        rejection_reason: reason,
        decided_by: actor.identityId,
      })
      const items = await bnplRequestItems(tx, row.id)
      await markBnplPremiumsRejected(
        tx,
        items.map((i) => i.premium_payment_id),
        reason,
      )
      if (row.invoice_id)
        await cancelSettlementInvoice(tx, row.invoice_id, { reason, actor, why: 'settlement rejected' })
      await giveBackSettlement(tx, { row, actor })
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
      await notifyAgencyOfDecision(tx, row, {
        eventType: 'BNPL_PAYMENT_REJECTED',
        title: 'Buy now, pay later settlement rejected',
        message: `Settlement #${row.id} of ${formatCents(row.total_amount)} was rejected: ${reason}`,
      })
      return request
    })
    await mailAgency(
      request.agency_id,
      bnplMails.settlementRejected(request.id, request.total_amount, reason),
    )
    return presentBnplRequest(request)
  },
)
