-- Issue 22: the BNPL accounts keep floors. An agency's BNPL credit used (debits raise it) never
-- gives back more than was used; its settlement account never passes on more than the agency paid
-- into it. A settlement paid from outside (bank) now arrives through its clearing account when
-- approved (key bnpl-settlement:<id>:<channel>); the approved ones before it are backfilled.
-- The floors are set on existing accounts where the figures keep them (an account past its floor
-- keeps none until corrected).
CREATE FUNCTION money_journal_backfill_bnpl_settlements() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
CREATE TEMP TABLE money_backfill_moves (
  ord serial, key text, debit text, credit text, amount bigint, code text, agency_id integer,
  policy_id integer, invoice_id integer, payment_id integer, amendment_id integer, refund_id integer,
  clawback_id integer, payout_id integer, actor text, note text, created_at timestamptz
) ON COMMIT DROP;
INSERT INTO money_backfill_moves (key, debit, credit, amount, code, agency_id, actor, note, created_at)
SELECT 'bnpl-settlement:' || r.id || ':' || lower(r.payment_type::text), 'clearing:' || lower(r.payment_type::text),
  'agency:' || r.agency_id || ':bnpl_settlement',
  (SELECT coalesce(sum(i.amount), 0) FROM bnpl_payment_request_items i WHERE i.request_id = r.id),
  'BNPL_SETTLEMENT_PAID', r.agency_id, 'migration:0032',
  'Buy now, pay later settlement #' || r.id || ' received', coalesce(r.decided_at, r.updated_at)
FROM bnpl_payment_requests r
WHERE r.status = 'APPROVED' AND r.payment_type::text IN ('BANK', 'CARD', 'NEXPAY');
DELETE FROM money_backfill_moves WHERE amount <= 0;
PERFORM money_backfill_post();
DROP TABLE money_backfill_moves;
END
$$;--> statement-breakpoint
SELECT money_journal_backfill_bnpl_settlements();--> statement-breakpoint
UPDATE money_accounts SET credits_must_not_exceed_debits = true
WHERE kind = 'agency_bnpl_used' AND NOT debits_must_not_exceed_credits AND NOT credits_must_not_exceed_debits
  AND posted_credits + pending_credits <= posted_debits;--> statement-breakpoint
UPDATE money_accounts SET debits_must_not_exceed_credits = true
WHERE kind = 'agency_bnpl_settlement' AND NOT debits_must_not_exceed_credits AND NOT credits_must_not_exceed_debits
  AND posted_debits + pending_debits <= posted_credits;
