import { getDb } from '../../db/client'
import { policyMoneyTrail } from '../../domain/money/reads'
import type { MoneyTrailLine } from '../components/money/money-trail'

/**
 * The policy page's money trail section, JSON-safe. Call it only after the page loaded the policy
 * for its actor (getPolicyDetails), which is the tenant check.
 */
export async function moneyTrailView(policyId: number): Promise<MoneyTrailLine[]> {
  const lines = await policyMoneyTrail(getDb(), policyId)
  return lines.map((l) => ({
    id: l.id,
    created_at: l.created_at.toISOString(),
    decided_at: l.decided_at ? l.decided_at.toISOString() : null,
    label: l.label,
    state: l.state,
    state_label: l.state_label,
    amount: l.amount,
    from_label: l.from_label,
    to_label: l.to_label,
    actor_name: l.actor_name,
    note: l.note,
    approver: l.approver,
    policy_id: l.policy_id,
    invoice_id: l.invoice_id,
    payout_id: l.payout_id,
    refund_id: l.refund_id,
    clawback_id: l.clawback_id,
    amendment_id: l.amendment_id,
  }))
}
