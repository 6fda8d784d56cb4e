-- Issue 22 step 2 (ADR 0013): each process posts to its own accounts. New transfer codes, the
-- business figures the journal must equal (views the nightly reconciliation reads), the backfill
-- of the processes that did not post before (idempotent, keyed as the runtime keys them), and the
-- floors on a policy's premium received and an agency's commission payable.
ALTER TABLE "money_transfers" DROP CONSTRAINT "money_transfers_code";--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_code" CHECK ("money_transfers"."code" in ('OPENING', 'TOPUP', 'PREMIUM_PAID', 'REFUND', 'AMENDMENT_PAID', 'AMENDMENT_CREDIT', 'CLAWBACK', 'CLAWBACK_RETURNED', 'PAYOUT', 'INVOICE_PAYMENT', 'OVERPAYMENT', 'BNPL_USED', 'BNPL_SETTLED', 'BNPL_SETTLEMENT_PAID', 'BNPL_SETTLEMENT_RETURNED', 'ADJUSTMENT', 'COMMISSION_BANKED', 'GST'));--> statement-breakpoint
-- What a policy's premium received must hold (cents): premiums paid (PAID, or FULL_REFUNDED: paid
-- then returned below), a BNPL purchase's premium while owed (received on credit), NexPay parts
-- received of a payment still waiting, amendment payments completed; less amendment credits to the
-- balance and completed full refunds (their whole refundable premium). Surcharges are not premium.
CREATE VIEW money_expected_premium_received AS
SELECT policy_id, sum(cents)::bigint AS cents FROM (
  SELECT policy_id, amount AS cents FROM policy_premium_payments WHERE status IN ('PAID', 'FULL_REFUNDED')
  UNION ALL
  SELECT policy_id, amount FROM policy_premium_payments
  WHERE payment_type = 'BNPL'
    AND status IN ('PENDING_CREDIT_PAYMENT', 'PENDING_CREDIT_PAYMENT_REQUESTED', 'PENDING_CREDIT_PAYMENT_REJECTED')
  UNION ALL
  SELECT policy_id, least(received_amount, amount) FROM policy_premium_payments
  WHERE payment_type = 'NEXPAY' AND status = 'REQUESTED' AND received_amount > 0
  UNION ALL
  SELECT a.policy_id, p.amount FROM amendment_payments p JOIN amendments a ON a.id = p.amendment_id
  WHERE p.status = 'COMPLETED'
  UNION ALL
  SELECT policy_id, -transaction_amount FROM agency_balance_transactions
  WHERE type = 'AMENDMENT_PAYMENT_RECEIVED' AND policy_id IS NOT NULL
  UNION ALL
  SELECT policy_id, -coalesce(refundable_premium_amount, 0) FROM full_refunds WHERE status = 'COMPLETED'
) received GROUP BY policy_id;--> statement-breakpoint
-- What an agency's commission payable must hold (cents): its commission banked and not paid out
-- (COMMISSION_PAYABLE_STATUSES in domain/money/accounts.ts).
CREATE VIEW money_expected_commission_payable AS
SELECT agency_id, sum(amount)::bigint AS cents FROM commissions
WHERE status IN ('COMMISSION_BANKED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED', 'PAYOUT_REQUESTED')
GROUP BY agency_id;--> statement-breakpoint
CREATE FUNCTION money_journal_backfill_processes() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
CREATE TEMP TABLE money_backfill_moves (
  ord serial, key text, debit text, credit text, amount bigint, code text, agency_id integer,
  policy_id integer, invoice_id integer, payment_id integer, amendment_id integer, refund_id integer,
  clawback_id integer, payout_id integer, actor text, note text, created_at timestamptz
) ON COMMIT DROP;
-- NexPay parts received of a payment still waiting (policy history names the payment and delivery).
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, payment_id, actor, note, created_at)
SELECT 'premium-payment:' || pp.id || ':delivery:' || (h.meta->>'delivery_id'), 'clearing:nexpay',
  'policy:' || pp.policy_id || ':premium_received', (w.meta->>'aud_applied')::bigint, 'PREMIUM_PAID',
  pp.agency_id, pp.policy_id, pp.id, 'migration:0029', 'Partial NexPay delivery ' || (h.meta->>'delivery_id'), h.created_at
FROM policy_histories h
JOIN policy_premium_payments pp ON pp.id = (h.meta->>'payment_id')::integer
JOIN webhook_deliveries w ON w.provider = 'nexpay' AND w.delivery_id = h.meta->>'delivery_id'
WHERE h.action = 'NEXPAY_PARTIAL_PAYMENT' AND pp.status = 'REQUESTED'
  AND (w.meta->>'aud_applied')::bigint > 0;
-- Premiums paid by card, bank or NexPay: the premium (less parts the journal already holds) and the surcharge.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, payment_id, actor, note, created_at)
SELECT 'premium-payment:' || pp.id,
  'clearing:' || CASE pp.payment_type WHEN 'CARD' THEN 'card' WHEN 'BANK' THEN 'bank' ELSE 'nexpay' END,
  'policy:' || pp.policy_id || ':premium_received',
  pp.amount - coalesce((SELECT sum(t.amount) FROM money_transfers t
    WHERE t.idempotency_key LIKE 'premium-payment:' || pp.id || ':delivery:%' AND t.state = 'POSTED'), 0),
  'PREMIUM_PAID', pp.agency_id, pp.policy_id, pp.id, 'migration:0029',
  'Premium received (' || pp.payment_type || ')', coalesce(pp.paid_at, pp.updated_at)
FROM policy_premium_payments pp
WHERE pp.payment_type IN ('CARD', 'BANK', 'NEXPAY') AND pp.status IN ('PAID', 'FULL_REFUNDED');
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, payment_id, actor, note, created_at)
SELECT 'premium-payment:' || pp.id || ':surcharge',
  'clearing:' || CASE pp.payment_type WHEN 'CARD' THEN 'card' WHEN 'BANK' THEN 'bank' ELSE 'nexpay' END,
  'house:surcharge', pp.surcharge_amount, 'PREMIUM_PAID', pp.agency_id, pp.policy_id, pp.id, 'migration:0029',
  'Surcharge on the premium (' || pp.payment_type || ')', coalesce(pp.paid_at, pp.updated_at)
FROM policy_premium_payments pp
WHERE pp.payment_type IN ('CARD', 'BANK', 'NEXPAY') AND pp.status IN ('PAID', 'FULL_REFUNDED');
-- A NexPay delivery over the premium: the excess in suspense.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, payment_id, actor, note, created_at)
SELECT 'premium-payment:' || pp.id || ':excess:' || w.delivery_id, 'clearing:nexpay', 'suspense',
  (w.meta->>'suspense')::bigint, 'OVERPAYMENT', pp.agency_id, pp.policy_id, pp.id, 'migration:0029',
  'NexPay delivery ' || w.delivery_id || ' paid more than the premium', w.created_at
FROM webhook_deliveries w
JOIN LATERAL (SELECT * FROM policy_premium_payments p
  WHERE p.policy_id = (w.meta->>'policy_id')::integer AND p.payment_type = 'NEXPAY'
    AND p.status IN ('PAID', 'FULL_REFUNDED') ORDER BY p.id DESC LIMIT 1) pp ON true
WHERE w.provider = 'nexpay' AND w.outcome LIKE 'settled:%' AND (w.meta->>'suspense')::bigint > 0;
-- Amendment rises paid by card or bank.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, amendment_id, actor, note, created_at)
SELECT 'amendment-payment:' || p.id, CASE p.payment_method WHEN 'CARD' THEN 'clearing:card' ELSE 'clearing:bank' END,
  'policy:' || a.policy_id || ':premium_received', p.amount, 'AMENDMENT_PAID', a.agency_id, a.policy_id, a.id,
  'migration:0029', 'Amendment #' || a.id || ' paid (' || p.payment_method || ')', p.updated_at
FROM amendment_payments p JOIN amendments a ON a.id = p.amendment_id
WHERE p.status = 'COMPLETED' AND p.payment_method IN ('CARD', 'BANK');
-- Amendment reductions of a BNPL premium still owed: the premium received goes to the settlement account.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, amendment_id, actor, note, created_at)
SELECT 'amendment-credit:' || a.id || ':bnpl', 'policy:' || a.policy_id || ':premium_received',
  'agency:' || a.agency_id || ':bnpl_settlement', ip.payment_amount, 'AMENDMENT_CREDIT', a.agency_id, a.policy_id, a.id,
  'migration:0029', 'Amendment #' || a.id || ': premium lowered on credit', ip.created_at
FROM invoice_payments ip JOIN amendments a ON a.id = (ip.meta->>'amendment_id')::integer
WHERE ip.method = 'BNPL' AND ip.status = 'COMPLETED' AND ip.meta ? 'premium_payment_id';
-- Full refunds paid outside the balance, and the commission a refund kept back.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, refund_id, actor, note, created_at)
SELECT 'full-refund:' || r.id, 'policy:' || r.policy_id || ':premium_received',
  CASE r.payment_method WHEN 'CARD' THEN 'clearing:card' ELSE 'clearing:bank' END,
  greatest(0, coalesce(r.refundable_premium_amount, 0) - coalesce(r.deductable_commission_amount, 0)), 'REFUND',
  r.agency_id, r.policy_id, r.id, 'migration:0029', 'Full refund, receipt ' || coalesce(r.receipt_id, ''),
  coalesce(r.completed_at, r.updated_at)
FROM full_refunds r WHERE r.status = 'COMPLETED' AND r.payment_method <> 'AGENCY_BALANCE';
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, refund_id, actor, note, created_at)
SELECT 'full-refund:' || r.id || ':commission', 'policy:' || r.policy_id || ':premium_received', 'house:insurer',
  least(coalesce(r.deductable_commission_amount, 0), coalesce(r.refundable_premium_amount, 0)), 'CLAWBACK',
  r.agency_id, r.policy_id, r.id, 'migration:0029', 'Commission deducted from the full refund',
  coalesce(r.completed_at, r.updated_at)
FROM full_refunds r WHERE r.status = 'COMPLETED';
-- Commission banked at some point (banked, in a payout request, or paid out), at its amount today.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, actor, note, created_at)
SELECT 'commission-banked:' || c.id, 'house:insurer', 'agency:' || c.agency_id || ':commission_payable', c.amount,
  'COMMISSION_BANKED', c.agency_id, c.policy_id, 'migration:0029', 'Commission #' || c.id || ' banked', c.created_at
FROM commissions c
WHERE c.status IN ('COMMISSION_BANKED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED', 'PAYOUT_REQUESTED', 'PAID', 'PAID_AMENDMENT_ADJUSTED');
-- Approved payouts: GST added to what is payable, offsets against clawbacks, bank transfers out.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, invoice_id, payout_id, actor, note, created_at)
SELECT 'payout:' || p.id || ':gst', 'house:gst', 'agency:' || p.agency_id || ':commission_payable', p.gst_amount,
  'GST', p.agency_id, p.invoice_id, p.id, 'migration:0029', 'GST on commission payout #' || p.id,
  coalesce(p.decided_at, p.updated_at)
FROM commission_payouts p WHERE p.status = 'APPROVED';
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, clawback_id, payout_id, actor, note, created_at)
SELECT 'payout:' || (h.meta->>'payout_id') || ':clawback:' || c.id, 'agency:' || c.agency_id || ':commission_payable',
  'policy:' || c.policy_id || ':clawback', (h.meta->>'amount')::bigint, 'CLAWBACK', c.agency_id, c.policy_id, c.id,
  (h.meta->>'payout_id')::integer, 'migration:0029',
  'Clawback #' || c.id || ' offset by commission payout #' || (h.meta->>'payout_id'), h.created_at
FROM finance_request_histories h JOIN clawbacks c ON c.id = h.request_id
WHERE h.request_type = 'CLAWBACK' AND h.action = 'OFFSET_BY_PAYOUT';
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, invoice_id, payout_id, actor, note, created_at)
SELECT 'payout:' || p.id, 'agency:' || p.agency_id || ':commission_payable', 'clearing:bank',
  p.total_amount - p.clawback_offset_amount, 'PAYOUT', p.agency_id, p.invoice_id, p.id, 'migration:0029',
  'Commission payout #' || p.id || ' by bank transfer', coalesce(p.decided_at, p.updated_at)
FROM commission_payouts p WHERE p.status = 'APPROVED' AND p.payment_type = 'BANK';
DELETE FROM money_backfill_moves WHERE amount <= 0 OR amount IS NULL;
PERFORM money_backfill_post();
-- Where the records do not explain today's figure (history before the records, amounts changed
-- in place), an opening transfer from house:opening makes each account equal its business figure.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, actor, note, created_at)
SELECT 'opening:policy:' || f.policy_id || ':premium_received',
  CASE WHEN f.diff > 0 THEN 'house:opening' ELSE 'policy:' || f.policy_id || ':premium_received' END,
  CASE WHEN f.diff > 0 THEN 'policy:' || f.policy_id || ':premium_received' ELSE 'house:opening' END,
  abs(f.diff), 'OPENING', f.agency_id, f.policy_id, 'migration:0029',
  'Opening premium received: history before the journal', now()
FROM (
  SELECT coalesce(e.policy_id, m.policy_id) AS policy_id, pol.agency_id,
    coalesce(e.cents, 0) - coalesce(m.posted_credits - m.posted_debits, 0) AS diff
  FROM money_expected_premium_received e
  FULL JOIN (SELECT * FROM money_accounts WHERE kind = 'policy_premium_received') m ON m.policy_id = e.policy_id
  LEFT JOIN policies pol ON pol.id = coalesce(e.policy_id, m.policy_id)
) f WHERE f.diff <> 0;
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, actor, note, created_at)
SELECT 'opening:agency:' || f.agency_id || ':commission_payable',
  CASE WHEN f.diff > 0 THEN 'house:opening' ELSE 'agency:' || f.agency_id || ':commission_payable' END,
  CASE WHEN f.diff > 0 THEN 'agency:' || f.agency_id || ':commission_payable' ELSE 'house:opening' END,
  abs(f.diff), 'OPENING', f.agency_id, 'migration:0029',
  'Opening commission payable: history before the journal', now()
FROM (
  SELECT coalesce(e.agency_id, m.agency_id) AS agency_id,
    coalesce(e.cents, 0) - coalesce(m.posted_credits - m.posted_debits, 0) AS diff
  FROM money_expected_commission_payable e
  FULL JOIN (SELECT * FROM money_accounts WHERE kind = 'agency_commission_payable') m ON m.agency_id = e.agency_id
) f WHERE f.diff <> 0;
PERFORM money_backfill_post();
-- The floors, where the figures keep them (an account below its floor keeps none until corrected).
UPDATE money_accounts SET debits_must_not_exceed_credits = true
WHERE kind IN ('policy_premium_received', 'agency_commission_payable') AND NOT debits_must_not_exceed_credits
  AND posted_debits + pending_debits <= posted_credits;
DROP TABLE money_backfill_moves;
END
$$;--> statement-breakpoint
-- Posts what money_backfill_moves holds (and empties it): creates the missing accounts, inserts the
-- transfers whose keys are new (ON CONFLICT: a re-run adds nothing) and moves their accounts.
CREATE FUNCTION money_backfill_post() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
INSERT INTO money_accounts (code, kind, agency_id, policy_id, invoice_id)
SELECT c,
  CASE WHEN c ~ '^(agency|policy|invoice):[0-9]+:' THEN split_part(c, ':', 1) || '_' || split_part(c, ':', 3)
    WHEN c LIKE 'clearing:%' THEN 'clearing' WHEN c LIKE 'house:%' THEN 'house' ELSE c END,
  CASE WHEN c LIKE 'agency:%' THEN split_part(c, ':', 2)::integer END,
  CASE WHEN c LIKE 'policy:%' THEN split_part(c, ':', 2)::integer END,
  CASE WHEN c LIKE 'invoice:%' THEN split_part(c, ':', 2)::integer END
FROM (SELECT debit AS c FROM money_backfill_moves UNION SELECT credit FROM money_backfill_moves) codes
ORDER BY 1
ON CONFLICT (code) DO NOTHING;
WITH ins AS (
  INSERT INTO money_transfers (debit_account_id, credit_account_id, amount, code, state, idempotency_key,
    agency_id, policy_id, invoice_id, payment_id, amendment_id, refund_id, clawback_id, payout_id,
    actor, note, created_at, decided_at)
  SELECT d.id, c.id, b.amount, b.code, 'POSTED', b.key, b.agency_id, b.policy_id, b.invoice_id, b.payment_id,
    b.amendment_id, b.refund_id, b.clawback_id, b.payout_id, b.actor, b.note, b.created_at, b.created_at
  FROM money_backfill_moves b
  JOIN money_accounts d ON d.code = b.debit
  JOIN money_accounts c ON c.code = b.credit
  ORDER BY b.created_at, b.ord
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING debit_account_id, credit_account_id, amount
)
UPDATE money_accounts a SET posted_debits = a.posted_debits + s.debits, posted_credits = a.posted_credits + s.credits
FROM (
  SELECT account_id, sum(debit)::bigint AS debits, sum(credit)::bigint AS credits FROM (
    SELECT debit_account_id AS account_id, amount AS debit, 0 AS credit FROM ins
    UNION ALL SELECT credit_account_id, 0, amount FROM ins
  ) sides GROUP BY account_id
) s
WHERE s.account_id = a.id;
DELETE FROM money_backfill_moves;
END
$$;--> statement-breakpoint
SELECT money_journal_backfill_processes();
