import { and, eq, inArray, notInArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import {
  bnplPaymentRequests,
  commissions,
  invoiceLineItems,
  invoicePayments,
  invoices,
  policyPremiumPayments,
} from '../../../db/schema'
import type { StaffActor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { conflict } from '../../shared/errors'
import { formatCents } from '../../shared/format'
import { bnplMails } from '../../mail/bnpl-mails'
import { notify } from '../../notifications/notify'
import { closeWorkflowTasks } from '../../tasks/workflow-tasks'
import { mailAgency } from '../agency-mail'
import { assertNotMaker } from '../finance-guards'
import { CLOSED_INVOICE_STATUSES, completeInvoicePayment, recordInvoicePayment } from '../invoices/invoice-payments'
import { bnplSettlementKey, isReserved, postBnplEntry } from '../ledger/ledger'
import { account, premiumChannel } from '../../money/accounts'
import { decidePending, postTransfers } from '../../money/journal'
import { postCommissionBanked } from '../../payments/money-postings'
import {
  bnplRequestItems,
  bnplTaskId,
  lockBnplRequest,
  presentBnplRequest,
  recordBnplHistory,
} from './bnpl-requests'
import { agencyLinks } from '../../shared/links'

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
  { staff: ['finance'] },
  async function approveBnplPaymentRequest(opts: { actor: StaffActor; requestId: number }) {
    const { actor } = opts
    const { request, refs } = await getDb().transaction(async (tx) => {
      const row = await lockBnplRequest(tx, opts.requestId)
      if (row.status !== 'REQUESTED')
        throw conflict(`This settlement request is ${row.status}; only a REQUESTED request can be approved`)
      assertNotMaker(actor.identityId, row)
      const now = clock.now()
      const [request] = await tx
        .update(bnplPaymentRequests)
        .set({
          status: 'APPROVED',
          decided_by: actor.identityId,
          decided_at: now,
          receipt_id: `BNPL-${row.id}`,
          updated_at: now,
        })
        .where(eq(bnplPaymentRequests.id, row.id))
        .returning()
      const items = await bnplRequestItems(tx, row.id)
      const paymentIds = items.map((i) => i.premium_payment_id)
      const moved = await tx
        .update(policyPremiumPayments)
        .set({ status: 'PAID', paid_at: now, decided_by: actor.identityId, updated_at: now })
        .where(
          and(
            inArray(policyPremiumPayments.id, paymentIds),
            eq(policyPremiumPayments.status, 'PENDING_CREDIT_PAYMENT_REQUESTED'),
          ),
        )
        .returning({ id: policyPremiumPayments.id })
      if (moved.length !== items.length)
        throw conflict('A premium of this request is no longer waiting for this settlement')
      // A settlement paid from the balance was reserved when sent: the approval posts it.
      if (row.payment_type === 'AGENCY_BALANCE' && (await isReserved(tx, bnplSettlementKey(row.id))))
        await decidePending(tx, bnplSettlementKey(row.id), 'post')
      // Paid from outside (a bank transfer): the money arrives through its clearing account.
      const channel = premiumChannel(row.payment_type)
      if (channel)
        await postTransfers(tx, [
          {
            key: `${bnplSettlementKey(row.id)}:${channel}`,
            debit: account.clearing(channel),
            credit: account.agencyBnplSettlement(row.agency_id),
            amount: items.reduce((sum, i) => sum + i.amount, 0),
            code: 'BNPL_SETTLEMENT_PAID',
            actor,
            note: `Buy now, pay later settlement #${row.id} received`,
            agencyId: row.agency_id,
          },
        ])
      for (const i of items) {
        await postBnplEntry(tx, {
          agencyId: row.agency_id,
          amount: i.amount,
          actor,
          policyId: i.policy_id,
          note: `Settled by buy now, pay later request #${row.id}`,
          // The writer's backstop of the checks above: giving the allowance back is a credit.
          decision: { by: actor, makers: [row.created_by] },
        })
      }
      const policyIds = items.map((i) => i.policy_id)
      const banked = await tx
        .update(commissions)
        .set({ status: 'COMMISSION_BANKED', updated_at: now })
        .where(and(inArray(commissions.policy_id, policyIds), eq(commissions.status, 'PENDING')))
        .returning({
          id: commissions.id,
          agency_id: commissions.agency_id,
          policy_id: commissions.policy_id,
          amount: commissions.amount,
        })
      // The journal banks it too (commission payable), in this transaction (issue 22).
      await postCommissionBanked(tx, banked, actor, { by: actor, makers: [row.created_by] })
      // The premium invoices the purchase left open are paid by this settlement.
      const premiumInvoices = await tx
        .selectDistinct({ id: invoices.id, outstanding: invoices.total_outstanding_amount })
        .from(invoices)
        .innerJoin(invoiceLineItems, eq(invoiceLineItems.invoice_id, invoices.id))
        .where(
          and(
            inArray(invoiceLineItems.policy_id, policyIds),
            eq(invoices.invoice_type, 'PREMIUM'),
            notInArray(invoices.status, [...CLOSED_INVOICE_STATUSES]),
          ),
        )
      for (const inv of premiumInvoices) {
        if (inv.outstanding <= 0) continue
        await recordInvoicePayment(tx, {
          invoiceId: inv.id,
          method: 'BNPL',
          amount: inv.outstanding,
          status: 'COMPLETED',
          actor,
          ref: `BNPL-${row.id}`,
          notes: `Paid by buy now, pay later settlement #${row.id}`,
          meta: { bnpl_request_id: row.id },
        })
      }
      await tx
        .update(invoiceLineItems)
        .set({ is_commission_banked: true })
        .where(
          and(
            inArray(invoiceLineItems.policy_id, policyIds),
            inArray(invoiceLineItems.line_item_type, ['PREMIUM', 'OFFER_PREMIUM']),
          ),
        )
      if (row.invoice_id) {
        const pending = await tx
          .select({ id: invoicePayments.id })
          .from(invoicePayments)
          .where(and(eq(invoicePayments.invoice_id, row.invoice_id), eq(invoicePayments.status, 'PENDING')))
        for (const p of pending) await completeInvoicePayment(tx, p.id, actor)
      }
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
      await notify(
        tx,
        {
          eventType: 'BNPL_PAYMENT_APPROVED',
          title: 'Buy now, pay later settlement approved',
          message: `Settlement #${row.id} of ${formatCents(row.total_amount)} was approved`,
          link: agencyLinks.bnpl,
          meta: { bnpl_request_id: row.id },
        },
        { agencyId: row.agency_id },
      )
      return { request, refs: items.map((i) => i.ref) }
    })
    await mailAgency(request.agency_id, bnplMails.settlementApproved(request.id, request.total_amount, refs))
    return presentBnplRequest(request)
  },
)
