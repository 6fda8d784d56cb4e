CREATE TABLE "money_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"agency_id" integer,
	"policy_id" integer,
	"invoice_id" integer,
	"posted_debits" bigint DEFAULT 0 NOT NULL,
	"posted_credits" bigint DEFAULT 0 NOT NULL,
	"pending_debits" bigint DEFAULT 0 NOT NULL,
	"pending_credits" bigint DEFAULT 0 NOT NULL,
	"debits_must_not_exceed_credits" boolean DEFAULT false NOT NULL,
	"credits_must_not_exceed_debits" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_accounts_code_key" UNIQUE("code"),
	CONSTRAINT "money_accounts_kind" CHECK ("money_accounts"."kind" in ('agency_balance', 'agency_bnpl_used', 'agency_bnpl_settlement', 'agency_commission_payable', 'policy_premium_received', 'policy_clawback', 'invoice_payments', 'clearing', 'house', 'suspense')),
	CONSTRAINT "money_accounts_columns_nonnegative" CHECK ("money_accounts"."posted_debits" >= 0 and "money_accounts"."posted_credits" >= 0 and "money_accounts"."pending_debits" >= 0 and "money_accounts"."pending_credits" >= 0),
	CONSTRAINT "money_accounts_one_floor" CHECK (not ("money_accounts"."debits_must_not_exceed_credits" and "money_accounts"."credits_must_not_exceed_debits")),
	CONSTRAINT "money_accounts_debit_floor" CHECK (not "money_accounts"."debits_must_not_exceed_credits" or "money_accounts"."posted_debits" + "money_accounts"."pending_debits" <= "money_accounts"."posted_credits"),
	CONSTRAINT "money_accounts_credit_floor" CHECK (not "money_accounts"."credits_must_not_exceed_debits" or "money_accounts"."posted_credits" + "money_accounts"."pending_credits" <= "money_accounts"."posted_debits")
);
--> statement-breakpoint
CREATE TABLE "money_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'POSTED' NOT NULL,
	"idempotency_key" text NOT NULL,
	"agency_id" integer,
	"policy_id" integer,
	"invoice_id" integer,
	"topup_id" integer,
	"payment_id" integer,
	"amendment_id" integer,
	"refund_id" integer,
	"clawback_id" integer,
	"payout_id" integer,
	"actor" text NOT NULL,
	"note" text,
	"paid_currency" char(3),
	"paid_amount" bigint,
	"rate" numeric(20, 10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "money_transfers_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "money_transfers_amount_positive" CHECK ("money_transfers"."amount" > 0),
	CONSTRAINT "money_transfers_two_accounts" CHECK ("money_transfers"."debit_account_id" <> "money_transfers"."credit_account_id"),
	CONSTRAINT "money_transfers_code" CHECK ("money_transfers"."code" in ('OPENING', 'TOPUP', 'PREMIUM_PAID', 'REFUND', 'AMENDMENT_PAID', 'AMENDMENT_CREDIT', 'CLAWBACK', 'CLAWBACK_RETURNED', 'PAYOUT', 'INVOICE_PAYMENT', 'OVERPAYMENT', 'BNPL_USED', 'BNPL_SETTLED', 'BNPL_SETTLEMENT_PAID', 'BNPL_SETTLEMENT_RETURNED', 'ADJUSTMENT')),
	CONSTRAINT "money_transfers_state" CHECK ("money_transfers"."state" in ('PENDING', 'POSTED', 'VOIDED')),
	CONSTRAINT "money_transfers_decided" CHECK (("money_transfers"."state" = 'PENDING') = ("money_transfers"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_debit_account_id_money_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_credit_account_id_money_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_accounts_agency_idx" ON "money_accounts" USING btree ("agency_id") WHERE "money_accounts"."agency_id" is not null;--> statement-breakpoint
CREATE INDEX "money_accounts_policy_idx" ON "money_accounts" USING btree ("policy_id") WHERE "money_accounts"."policy_id" is not null;--> statement-breakpoint
CREATE INDEX "money_transfers_debit_idx" ON "money_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "money_transfers_credit_idx" ON "money_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "money_transfers_agency_idx" ON "money_transfers" USING btree ("agency_id","created_at") WHERE "money_transfers"."agency_id" is not null;--> statement-breakpoint
CREATE INDEX "money_transfers_policy_idx" ON "money_transfers" USING btree ("policy_id","id") WHERE "money_transfers"."policy_id" is not null;--> statement-breakpoint
CREATE INDEX "money_transfers_pending_idx" ON "money_transfers" USING btree ("created_at") WHERE "money_transfers"."state" = 'PENDING';--> statement-breakpoint
-- The journal is append-only: no DELETE or TRUNCATE, and the only UPDATE is a pending transfer's
-- decision (PENDING -> POSTED | VOIDED with decided_at), every other column unchanged.
CREATE FUNCTION money_transfers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'money_transfers is append-only: it cannot be truncated' USING ERRCODE = '55000';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'money_transfers is append-only: transfer % cannot be deleted', OLD.id USING ERRCODE = '55000';
  END IF;
  IF OLD.state = 'PENDING' AND NEW.state IN ('POSTED', 'VOIDED') AND NEW.decided_at IS NOT NULL
    AND (to_jsonb(NEW) - 'state' - 'decided_at') = (to_jsonb(OLD) - 'state' - 'decided_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'money_transfers is append-only: transfer % is % and may only go from PENDING to POSTED or VOIDED', OLD.id, OLD.state
    USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER money_transfers_append_only BEFORE UPDATE OR DELETE ON money_transfers
  FOR EACH ROW EXECUTE FUNCTION money_transfers_append_only();--> statement-breakpoint
CREATE TRIGGER money_transfers_no_truncate BEFORE TRUNCATE ON money_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION money_transfers_append_only();--> statement-breakpoint
-- The backfill's frozen copy of BALANCE_ENTRY_ACCOUNTS (domain/money/accounts.ts): the account on
-- the other side of an agency balance entry, and the transfer code by the entry's sign.
-- tests/integration/journal.test.ts proves both agree with the writer's table.
CREATE FUNCTION money_balance_counter(entry_type text, agency integer, policy integer, invoice integer, topup_method text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE entry_type
    WHEN 'AGENCY_TOPUP' THEN CASE WHEN topup_method = 'CARD' THEN 'clearing:card' ELSE 'clearing:bank' END
    WHEN 'POLICY_PURCHASED' THEN coalesce('policy:' || policy || ':premium_received', 'suspense')
    WHEN 'POLICY_PREMIUM_REFUNDED' THEN coalesce('policy:' || policy || ':premium_received', 'suspense')
    WHEN 'AMENDMENT_PAYMENT' THEN coalesce('policy:' || policy || ':premium_received', 'suspense')
    WHEN 'AMENDMENT_PAYMENT_RECEIVED' THEN coalesce('policy:' || policy || ':premium_received', 'suspense')
    WHEN 'CLAWBACK_PAYMENT' THEN coalesce('policy:' || policy || ':clawback', 'suspense')
    WHEN 'COMMISSION_RECEIVED' THEN 'agency:' || agency || ':commission_payable'
    WHEN 'CREDIT_PAYMENT' THEN 'agency:' || agency || ':bnpl_settlement'
    WHEN 'INVOICE_PAYMENT' THEN coalesce('invoice:' || invoice || ':payments', 'suspense')
  END
$$;--> statement-breakpoint
CREATE FUNCTION money_balance_code(entry_type text, amount bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE entry_type
    WHEN 'AGENCY_TOPUP' THEN 'TOPUP'
    WHEN 'POLICY_PURCHASED' THEN CASE WHEN amount > 0 THEN 'REFUND' ELSE 'PREMIUM_PAID' END
    WHEN 'POLICY_PREMIUM_REFUNDED' THEN CASE WHEN amount > 0 THEN 'REFUND' ELSE 'PREMIUM_PAID' END
    WHEN 'AMENDMENT_PAYMENT' THEN CASE WHEN amount > 0 THEN 'AMENDMENT_CREDIT' ELSE 'AMENDMENT_PAID' END
    WHEN 'AMENDMENT_PAYMENT_RECEIVED' THEN CASE WHEN amount > 0 THEN 'AMENDMENT_CREDIT' ELSE 'AMENDMENT_PAID' END
    WHEN 'CLAWBACK_PAYMENT' THEN CASE WHEN amount > 0 THEN 'CLAWBACK_RETURNED' ELSE 'CLAWBACK' END
    WHEN 'COMMISSION_RECEIVED' THEN 'PAYOUT'
    WHEN 'CREDIT_PAYMENT' THEN CASE WHEN amount > 0 THEN 'BNPL_SETTLEMENT_RETURNED' ELSE 'BNPL_SETTLEMENT_PAID' END
    WHEN 'INVOICE_PAYMENT' THEN CASE WHEN amount > 0 THEN 'OVERPAYMENT' ELSE 'INVOICE_PAYMENT' END
  END
$$;--> statement-breakpoint
-- Backfill (run once below; idempotent, so a test can run it over rows written behind the writer):
-- every balance and BNPL ledger row becomes its transfer (keyed as the writer keys it),
-- and where the ledger does not explain today's figure an opening transfer from house:opening
-- makes the journal equal agency_balances (balance; BNPL used = allowance - remaining).
CREATE FUNCTION money_journal_backfill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
CREATE TEMP TABLE money_backfill AS
WITH ledger AS (
  SELECT agency_id, sum(transaction_amount)::bigint AS total FROM agency_balance_transactions GROUP BY agency_id
), bnpl AS (
  SELECT agency_id, sum(transaction_amount)::bigint AS total FROM bnpl_transactions GROUP BY agency_id
), moves AS (
  SELECT 1 AS src, t.id AS ord, 'balance-entry:' || t.id AS key, 'agency:' || t.agency_id || ':balance' AS mine,
    money_balance_counter(t.type::text, t.agency_id, t.policy_id, t.invoice_id, tp.payment_method::text) AS other,
    t.transaction_amount AS signed, money_balance_code(t.type::text, t.transaction_amount) AS code,
    t.agency_id, t.policy_id, t.invoice_id, t.topup_id, t.actor, t.note, t.created_at
  FROM agency_balance_transactions t LEFT JOIN agency_topups tp ON tp.id = t.topup_id
  WHERE t.transaction_amount <> 0
  UNION ALL
  -- BNPL: using credit (< 0) debits bnpl_used ("mine" is debited when signed < 0); giving it back credits it.
  SELECT 2, n.id, 'bnpl-entry:' || n.id, 'agency:' || n.agency_id || ':bnpl_used',
    CASE WHEN n.transaction_amount < 0 THEN coalesce('policy:' || n.policy_id || ':premium_received', 'suspense')
      ELSE 'agency:' || n.agency_id || ':bnpl_settlement' END,
    n.transaction_amount, CASE WHEN n.transaction_amount < 0 THEN 'BNPL_USED' ELSE 'BNPL_SETTLED' END,
    n.agency_id, n.policy_id, NULL::integer, NULL::integer, n.actor, n.note, n.created_at
  FROM bnpl_transactions n WHERE n.transaction_amount <> 0
  UNION ALL
  SELECT 3, b.agency_id, 'opening:agency:' || b.agency_id || ':balance', 'agency:' || b.agency_id || ':balance',
    'house:opening', b.balance - coalesce(l.total, 0), 'OPENING',
    b.agency_id, NULL, NULL, NULL, 'migration:0027', 'Opening balance: history before the ledger', now()
  FROM agency_balances b LEFT JOIN ledger l ON l.agency_id = b.agency_id
  WHERE b.balance - coalesce(l.total, 0) <> 0
  UNION ALL
  -- "mine" is debited when signed < 0; for bnpl_used a positive opening (more used) is a debit.
  SELECT 4, b.agency_id, 'opening:agency:' || b.agency_id || ':bnpl_used', 'agency:' || b.agency_id || ':bnpl_used',
    'house:opening',
    -((b.buy_now_pay_later_amount - b.buy_now_pay_later_remaining_amount) + coalesce(n.total, 0)), 'OPENING',
    b.agency_id, NULL, NULL, NULL, 'migration:0027', 'Opening BNPL credit used: history before the ledger', now()
  FROM agency_balances b LEFT JOIN bnpl n ON n.agency_id = b.agency_id
  WHERE (b.buy_now_pay_later_amount - b.buy_now_pay_later_remaining_amount) + coalesce(n.total, 0) <> 0
)
SELECT src, ord, key, CASE WHEN signed > 0 THEN other ELSE mine END AS debit,
  CASE WHEN signed > 0 THEN mine ELSE other END AS credit, abs(signed) AS amount, code,
  agency_id, policy_id, invoice_id, topup_id, actor, note, created_at
FROM moves;
INSERT INTO money_accounts (code, kind, agency_id, policy_id, invoice_id)
SELECT c,
  CASE WHEN c ~ '^(agency|policy|invoice):[0-9]+:' THEN split_part(c, ':', 1) || '_' || split_part(c, ':', 3)
    WHEN c LIKE 'clearing:%' THEN 'clearing' WHEN c LIKE 'house:%' THEN 'house' ELSE c END,
  CASE WHEN c LIKE 'agency:%' THEN split_part(c, ':', 2)::integer END,
  CASE WHEN c LIKE 'policy:%' THEN split_part(c, ':', 2)::integer END,
  CASE WHEN c LIKE 'invoice:%' THEN split_part(c, ':', 2)::integer END
FROM (SELECT debit AS c FROM money_backfill UNION SELECT credit FROM money_backfill) codes
ORDER BY 1
ON CONFLICT (code) DO NOTHING;
WITH ins AS (
  INSERT INTO money_transfers (debit_account_id, credit_account_id, amount, code, state, idempotency_key,
    agency_id, policy_id, invoice_id, topup_id, actor, note, created_at, decided_at)
  SELECT d.id, c.id, b.amount, b.code, 'POSTED', b.key, b.agency_id, b.policy_id, b.invoice_id, b.topup_id,
    b.actor, b.note, b.created_at, b.created_at
  FROM money_backfill b
  JOIN money_accounts d ON d.code = b.debit
  JOIN money_accounts c ON c.code = b.credit
  ORDER BY b.created_at, b.src, b.ord
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
-- The balance floor, where the migrated figures keep it (an account that migrated below zero
-- keeps none until staff correct it: the writer's guard on agency_balances still holds).
UPDATE money_accounts SET debits_must_not_exceed_credits = true
WHERE kind = 'agency_balance' AND NOT debits_must_not_exceed_credits AND posted_debits <= posted_credits;
DROP TABLE money_backfill;
END
$$;--> statement-breakpoint
SELECT money_journal_backfill();
