// The provider's cancellation steps as one policy has ticked them, shared by the cancellation
// reads and the tick use case.
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import { getDb, type DbOrTx } from '../../db/client'
import {
  amendmentPayments,
  amendments,
  cancellationSteps,
  clawbacks,
  policyCancellationSteps,
  policyPremiumPayments,
} from '../../db/schema'
import { REFUND_METHOD_LABELS, CANCELLATION_REQUEST_STATUS_LABELS } from '../shared/labels'
import type { PolicyRow } from '../policies/policy-loading'

/** The steps that apply to a policy (its provider's, and those of every provider), in order, with their tick. */
export async function stepsOf(
  policy: { id: number; insurance_provider_id: number | null },
  tx: DbOrTx = getDb(),
) {
  const provider = policy.insurance_provider_id
  const rows = await tx
    .select({
      id: cancellationSteps.id,
      name: cancellationSteps.name,
      position: cancellationSteps.position,
      insurance_provider_id: cancellationSteps.insurance_provider_id,
      done_at: policyCancellationSteps.done_at,
      done_by: policyCancellationSteps.done_by,
    })
    .from(cancellationSteps)
    .leftJoin(
      policyCancellationSteps,
      and(
        eq(policyCancellationSteps.cancellation_step_id, cancellationSteps.id),
        eq(policyCancellationSteps.policy_id, policy.id),
      ),
    )
    .where(
      provider === null
        ? isNull(cancellationSteps.insurance_provider_id)
        : or(
            isNull(cancellationSteps.insurance_provider_id),
            eq(cancellationSteps.insurance_provider_id, provider),
          ),
    )
    .orderBy(asc(cancellationSteps.position), asc(cancellationSteps.id))
  return rows.map((r) => ({ ...r, is_done: r.done_at !== null }))
}

/**
 * Whether a payment of the policy waits for staff verification: a premium payment REQUESTED, an
 * amendment payment REQUESTED, or a clawback paid and not verified (REQUESTED).
 */
export async function hasUnverifiedPayment(policyId: number, tx: DbOrTx = getDb()) {
  const [row] = await tx
    .execute<{ pending: boolean }>(
      sql`
    select exists (
      select 1 from ${policyPremiumPayments}
      where ${policyPremiumPayments.policy_id} = ${policyId} and ${policyPremiumPayments.status} = 'REQUESTED'
    ) or exists (
      select 1 from ${amendmentPayments} join ${amendments} on ${amendments.id} = ${amendmentPayments.amendment_id}
      where ${amendments.policy_id} = ${policyId} and ${amendmentPayments.status} = 'REQUESTED'
    ) or exists (
      select 1 from ${clawbacks} where ${clawbacks.policy_id} = ${policyId} and ${clawbacks.status} = 'REQUESTED'
    ) as pending`,
    )
    .then((r) => r.rows)
  return !!row?.pending
}

/** The cancellation fields of a policy as the API answers them. */
export function presentCancellation(p: PolicyRow) {
  return {
    policy_id: p.id,
    ref: p.ref,
    status: p.status,
    cancellation_request_status: p.cancellation_request_status,
    cancellation_request_status_label: CANCELLATION_REQUEST_STATUS_LABELS[p.cancellation_request_status],
    policy_cancellation_date: p.policy_cancellation_date,
    refund_method: p.refund_method,
    refund_method_label: p.refund_method ? REFUND_METHOD_LABELS[p.refund_method] : null,
    no_refund: p.refund_method === 'NO_REFUND',
  }
}
