import { and, eq, inArray } from 'drizzle-orm'
import { getDb } from '../../../db/client'
import { bnplPaymentRequestItems, bnplPaymentRequests } from '../../../db/schema'
import type { Actor } from '../../shared/actor'
import { defineUseCase } from '../../shared/authorize'
import { clock } from '../../shared/clock'
import { fromCents } from '../../shared/money'
import { assertAgencyAccess } from '../../agencies/agency-access'
import { daysLeft, isOverdue } from './bnpl.rules'
import { bnplBlockReason, settlementDays, unsettledBnplPayments } from './bnpl-deadlines'

/**
 * The agency's buy-now-pay-later purchases still to settle, oldest first, each with its
 * settlement deadline, days left, whether it is overdue and the open request it sits in; plus
 * whether new BNPL purchases are blocked and why. Agency side (its own) or staff with finance.
 */
export const findUnsettledBnplPolicies = defineUseCase(
  { staff: ['finance'], agency: ['finance', 'purchase'] },
  async function findUnsettledBnplPolicies(opts: { actor: Actor; agencyId: number }) {
    const agency = await assertAgencyAccess(opts.actor, opts.agencyId)
    const now = clock.now()
    const rows = await unsettledBnplPayments(getDb(), { agencyId: agency.id })
    const open = rows.length
      ? await getDb()
          .select({
            payment_id: bnplPaymentRequestItems.premium_payment_id,
            request_id: bnplPaymentRequests.id,
          })
          .from(bnplPaymentRequestItems)
          .innerJoin(bnplPaymentRequests, eq(bnplPaymentRequests.id, bnplPaymentRequestItems.request_id))
          .where(
            and(
              eq(bnplPaymentRequests.status, 'REQUESTED'),
              inArray(
                bnplPaymentRequestItems.premium_payment_id,
                rows.map((r) => r.payment_id),
              ),
            ),
          )
      : []
    return {
      agency_id: agency.id,
      settlement_days: settlementDays(),
      blocked_reason: await bnplBlockReason(getDb(), agency.id, now),
      total_owed: fromCents(rows.reduce((s, r) => s + r.amount, 0)),
      policies: rows.map((r) => ({
        policy_id: r.policy_id,
        ref: r.ref,
        student: r.student,
        policy_status: r.policy_status,
        premium_payment_id: r.payment_id,
        payment_status: r.status,
        rejection_reason: r.rejection_reason,
        amount: fromCents(r.amount),
        purchased_at: r.purchased_at,
        settlement_deadline: r.deadline,
        days_left: daysLeft(r.deadline, now),
        overdue: isOverdue(r.deadline, now),
        open_request_id: open.find((o) => o.payment_id === r.payment_id)?.request_id ?? null,
      })),
    }
  },
)
