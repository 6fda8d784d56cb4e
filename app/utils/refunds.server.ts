import { awaitsBatch } from '../../domain/refunds/refunds.rules'
import type { Actor, AgencyActor, StaffActor } from '../../domain/shared/actor'
import { canTransition } from '../../domain/policies/policies.rules'
import { isStaff } from '../../domain/shared/actor'
import { getFullRefundDetails } from '../../domain/refunds/get-full-refund-details'
import { getPolicyCancellationDetails } from '../../domain/refunds/get-policy-cancellation-details'
import { withActorNames } from '../../domain/shared/actor-names'

/**
 * What the refund sections of both policy pages show: the newest refund with its amounts (AUD),
 * what was paid, the documents, the cancellation and its steps, and the refund timeline.
 */
export async function loadRefundView(actor: Actor, policyId: number) {
  const [details, cancellation] = await Promise.all([
    getFullRefundDetails({ actor, policyId }),
    getPolicyCancellationDetails({ actor, policyId }),
  ])
  const history = await withActorNames(details.history)
  const refund = details.full_refund
  return {
    policyId,
    ref: details.policy.ref,
    policyStatus: details.policy.status,
    premiumPaid: details.premium_paid,
    /** What a refund may return: received and not yet returned (amendment credits, refunds). */
    premiumRefundable: details.premium_refundable,
    commission: details.commission,
    refund: refund && {
      id: refund.id,
      status: refund.status,
      reason: refund.full_refund_requested_reason,
      refundable: refund.refundable_premium_amount,
      deducted: refund.deductable_commission_amount,
      net: refund.refund_amount,
      paymentMethod: refund.payment_method,
      /** Approved to be paid in a payout batch, not paid yet. */
      awaitingBatch: awaitsBatch(refund),
      rejectionReason: refund.rejection_reason,
      receiptId: refund.receipt_id,
      invoiceId: refund.invoice_id,
      clawbackId: refund.clawback_id,
      completedAt: refund.completed_at ? refund.completed_at.toISOString() : null,
      /** Maker-checker: this staff member set the amounts and may not approve them. */
      initiatedByMe: isStaff(actor) && refund.initiated_by === actor.identityId,
    },
    files: details.files.map((f) => ({ id: f.id, name: f.name, url: f.url, refundId: f.full_refund_id })),
    cancellation: {
      status: cancellation.cancellation_request_status,
      label: cancellation.cancellation_request_status_label,
      date: cancellation.policy_cancellation_date,
      refundMethod: cancellation.refund_method,
      refundMethodLabel: cancellation.refund_method_label,
      pending: cancellation.is_payment_verification_pending,
      steps: cancellation.steps.map((s) => ({
        id: s.id,
        name: s.name,
        done: s.is_done,
        doneAt: s.done_at ? s.done_at.toISOString() : null,
      })),
    },
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      note: h.note,
      actor: h.actor,
      at: h.created_at.toISOString(),
    })),
  }
}

export type RefundView = Awaited<ReturnType<typeof loadRefundView>>

/** The staff refund section's data: the view and what this staff member may do. */
export async function staffRefundData(actor: StaffActor, policyId: number) {
  return {
    view: await loadRefundView(actor, policyId),
    canFinance: actor.permissions.has('finance'),
    canManage: actor.permissions.has('policy_management'),
  }
}

/** The refund view of an agency's policy, and whether a refund may be asked for now. */
export async function agencyRefundData(actor: AgencyActor, policyId: number) {
  const view = await loadRefundView(actor, policyId)
  const open = view.refund && ['REQUESTED', 'INITIATED', 'APPROVED'].includes(view.refund.status)
  const mayAct = actor.permissions.has('finance') || actor.permissions.has('purchase')
  const canRequest =
    mayAct && !open && view.premiumPaid > 0 && canTransition('requestFullRefund', view.policyStatus)
  return { view, canRequest }
}
