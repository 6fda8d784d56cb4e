-- Issue 22: a clawback paid by bank transfer posts to the journal when staff approve it
-- (clearing:bank -> policy:P:clawback, key clawback:<id>:bank); one paid from the balance is
-- reserved until the decision. What a policy's clawback account must hold (cents): what was paid
-- back of each clawback, plus a balance payment made before reservations (posted when the agency
-- paid) still waiting for its decision. Backfills the completed bank-transfer clawbacks.
CREATE VIEW money_expected_clawback_collected AS
SELECT policy_id, sum(cents)::bigint AS cents FROM (
  SELECT policy_id, clawback_commission_amount - outstanding_amount AS cents FROM clawbacks
  UNION ALL
  SELECT c.policy_id, c.outstanding_amount FROM clawbacks c
  WHERE c.status = 'REQUESTED' AND c.clawback_method = 'AGENCY_BALANCE' AND NOT EXISTS (
    SELECT 1 FROM money_transfers t WHERE t.policy_id = c.policy_id AND t.clawback_id = c.id AND t.state = 'PENDING')
) collected GROUP BY policy_id;--> statement-breakpoint
CREATE FUNCTION money_journal_backfill_clawbacks() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
CREATE TEMP TABLE money_backfill_moves (
  ord serial, key text, debit text, credit text, amount bigint, code text, agency_id integer,
  policy_id integer, invoice_id integer, payment_id integer, amendment_id integer, refund_id integer,
  clawback_id integer, payout_id integer, actor text, note text, created_at timestamptz
) ON COMMIT DROP;
-- What was paid by bank of a completed clawback: all of it less what payouts offset.
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, policy_id, invoice_id, clawback_id, actor, note, created_at)
SELECT 'clawback:' || c.id || ':bank', 'clearing:bank', 'policy:' || c.policy_id || ':clawback',
  c.clawback_commission_amount - coalesce((SELECT sum(t.amount) FROM money_transfers t
    WHERE t.policy_id = c.policy_id AND t.clawback_id = c.id AND t.state = 'POSTED'), 0),
  'CLAWBACK', c.agency_id, c.policy_id, c.invoice_id, c.id, 'migration:0031',
  'Clawback #' || c.id || ' paid by bank transfer', coalesce(c.clawback_completed_at, c.updated_at)
FROM clawbacks c
WHERE c.status = 'COMPLETED' AND c.clawback_method = 'BANK';
DELETE FROM money_backfill_moves WHERE amount <= 0;
PERFORM money_backfill_post();
DROP TABLE money_backfill_moves;
END
$$;--> statement-breakpoint
SELECT money_journal_backfill_clawbacks();
