-- A bank payment waiting for verification may hold part of its premium (a statement line short of
-- it, issue 25): what it received counts as received for the policy, as NexPay's part payments do.
CREATE OR REPLACE VIEW money_expected_premium_received AS
SELECT policy_id, sum(cents)::bigint AS cents FROM (
  SELECT policy_id, amount AS cents FROM policy_premium_payments WHERE status IN ('PAID', 'FULL_REFUNDED')
  UNION ALL
  SELECT policy_id, amount FROM policy_premium_payments
  WHERE payment_type = 'BNPL'
    AND status IN ('PENDING_CREDIT_PAYMENT', 'PENDING_CREDIT_PAYMENT_REQUESTED', 'PENDING_CREDIT_PAYMENT_REJECTED')
  UNION ALL
  SELECT policy_id, least(received_amount, amount) FROM policy_premium_payments
  WHERE payment_type IN ('NEXPAY', 'BANK') AND status = 'REQUESTED' AND received_amount > 0
  UNION ALL
  SELECT a.policy_id, p.amount FROM amendment_payments p JOIN amendments a ON a.id = p.amendment_id
  WHERE p.status = 'COMPLETED'
  UNION ALL
  SELECT policy_id, -transaction_amount FROM agency_balance_transactions
  WHERE type = 'AMENDMENT_PAYMENT_RECEIVED' AND policy_id IS NOT NULL
  UNION ALL
  SELECT policy_id, -coalesce(refundable_premium_amount, 0) FROM full_refunds WHERE status = 'COMPLETED'
  UNION ALL
  SELECT policy_id, -held_amount FROM card_disputes
  WHERE status = 'LOST' AND policy_id IS NOT NULL AND held_account = 'policy:' || policy_id || ':premium_received'
) received GROUP BY policy_id;
