import { getDb } from '../../../db/client'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { conflict } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { bnplMails } from '../../mail/bnpl-mails'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { mailAgency } from '../agency-mail'
import { assertNotMaker } from '../finance-guards'
import {
  completePendingInvoicePayments,
  markPremiumLinesCommissionBanked,
  payOpenPremiumInvoices,
} from '../invoices/premium-invoice-settlement'
import { bankPendingCommissions } from '../payouts/commission-banking'
import { markBnplPremiumsPaid } from '../policy-payments/bnpl-premiums'
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
import { receiveSettlement } from './bnpl-settlement-money'

/**
 * approveBuyNowPayLaterPaymentRequest (staff with finance): a REQUESTED settlement becomes APPROVED
 * and, in the same transaction (the request row locked, so concurrent approvals have one effect):
 * its premiums PENDING_CREDIT_PAYMENT_REQUESTED -> PAID, the allowance restored through the BNPL
 * ledger (one positive entry per policy), the commissions banked, each policy's open PREMIUM
 * invoice paid by this settlement (method BNPL), the settlement invoice's pending payment
 * completed, the history row, the inbox task closed and the agency notified; the agency is
 * mailed after commit. Its sender gets 403 (maker-checker); not REQUESTED: 409.
 */
export const approveBnplPaymentRequest = defineUseCase(
  { staff: ['finance'], stepUp: true },
  async function approveBnplPaymentRequest(opts: { actor: StaffActor; requestId: number }) {
    const { actor } = opts
    const { request, refs } = await getDb().transaction(async (tx) => {
      const row = await lockBnplRequest(tx, opts.requestId)
      assertRequested(row, 'approved')
      assertNotMaker(actor.identityId, row)
      const request = await decideBnplRequest(tx, row.id, {
        status: 'APPROVED',
        decided_by: actor.identityId,
        receipt_id: `BNPL-${row.id}`,
      })
      const items = await bnplRequestItems(tx, row.id)
      const moved = await markBnplPremiumsPaid(
        tx,
        items.map((i) => i.premium_payment_id),
        actor.identityId,
      )
      if (moved !== items.length)
        throw conflict('A premium of this request is no longer waiting for this settlement')
      await receiveSettlement(tx, { row, items, actor })
      const policyIds = items.map((i) => i.policy_id)
      // The journal banks the commission too (commission payable), in this transaction (issue 22).
      await bankPendingCommissions(tx, {
        policyIds,
        actor,
        decision: { by: actor, makers: [row.created_by] },
      })
      // The premium invoices the purchase left open are paid by this settlement.
      await payOpenPremiumInvoices(tx, policyIds, {
        method: 'BNPL',
        actor,
        ref: `BNPL-${row.id}`,
        notes: `Paid by buy now, pay later settlement #${row.id}`,
        meta: { bnpl_request_id: row.id },
      })
      await markPremiumLinesCommissionBanked(tx, policyIds)
      if (row.invoice_id) await completePendingInvoicePayments(tx, { invoiceId: row.invoice_id, actor })
      await recordBnplHistory(tx, {
        requestId: row.id,
        agencyId: row.agency_id,
        action: 'APPROVED',
        from: 'REQUESTED',
        to: 'APPROVED',
        actor,
        note: `Settlement of ${formatCents(row.total_amount)} approved; allowance restored`,
      })
      await closeWorkflowTasks(bnplTaskId(row.id), 'approved', tx)
      await notifyAgencyOfDecision(tx, row, {
        eventType: 'BNPL_PAYMENT_APPROVED',
        title: 'Buy now, pay later settlement approved',
        message: `Settlement #${row.id} of ${formatCents(row.total_amount)} was approved`,
      })
      return { request, refs: items.map((i) => i.ref) }
    })
    await mailAgency(request.agency_id, bnplMails.settlementApproved(request.id, request.total_amount, refs))
    return presentBnplRequest(request)
  },
)
