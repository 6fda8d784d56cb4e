-- Card disputes (chargebacks) on the journal (issue 22, ADR 0013). A settled card payment records
-- the gateway's payment (Stripe's PaymentIntent), which a dispute names; card_disputes records each
-- dispute once with what the journal holds for it (PENDING CHARGEBACK transfers keyed
-- card-dispute:<id>, posted when lost, voided when won). A disputed card top-up is held on the
-- agency's balance through its ledger (CARD_DISPUTE, counter clearing:card). A lost dispute of a
-- policy's premium is no longer premium received: the business view subtracts it.
ALTER TYPE "public"."balance_transaction_type" ADD VALUE IF NOT EXISTS 'CARD_DISPUTE';--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
CREATE INDEX "card_payments_gateway_payment_idx" ON "card_payments" USING btree ("gateway","gateway_payment_id") WHERE "card_payments"."gateway_payment_id" is not null;--> statement-breakpoint
CREATE TABLE "card_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_payment_id" integer,
	"gateway" text NOT NULL,
	"gateway_dispute_id" text NOT NULL,
	"gateway_payment_id" text,
	"agency_id" integer,
	"policy_id" integer,
	"topup_id" integer,
	"invoice_id" integer,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"gateway_status" text,
	"held_account" text,
	"held_amount" bigint DEFAULT 0 NOT NULL,
	"held_surcharge" bigint DEFAULT 0 NOT NULL,
	"evidence_due_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_disputes_status" CHECK ("card_disputes"."status" in ('OPEN', 'WON', 'LOST')),
	CONSTRAINT "card_disputes_amounts" CHECK ("card_disputes"."amount" > 0 and "card_disputes"."held_amount" >= 0 and "card_disputes"."held_surcharge" >= 0),
	CONSTRAINT "card_disputes_closed" CHECK (("card_disputes"."status" = 'OPEN') = ("card_disputes"."closed_at" is null))
);--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_card_payment_id_card_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."card_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_disputes" ADD CONSTRAINT "card_disputes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_disputes_gateway_dispute_idx" ON "card_disputes" USING btree ("gateway_dispute_id");--> statement-breakpoint
CREATE INDEX "card_disputes_card_payment_idx" ON "card_disputes" USING btree ("card_payment_id");--> statement-breakpoint
CREATE INDEX "card_disputes_status_idx" ON "card_disputes" USING btree ("status","opened_at");--> statement-breakpoint
ALTER TABLE "money_transfers" DROP CONSTRAINT "money_transfers_code";--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_code" CHECK ("money_transfers"."code" in ('OPENING', 'TOPUP', 'PREMIUM_PAID', 'REFUND', 'AMENDMENT_PAID', 'AMENDMENT_CREDIT', 'CLAWBACK', 'CLAWBACK_RETURNED', 'PAYOUT', 'INVOICE_PAYMENT', 'OVERPAYMENT', 'BNPL_USED', 'BNPL_SETTLED', 'BNPL_SETTLEMENT_PAID', 'BNPL_SETTLEMENT_RETURNED', 'ADJUSTMENT', 'COMMISSION_BANKED', 'GST', 'CHARGEBACK'));--> statement-breakpoint
-- The frozen copy of BALANCE_ENTRY_ACCOUNTS (0027) gains CARD_DISPUTE (journal.test.ts proves they agree).
CREATE OR REPLACE FUNCTION money_balance_counter(entry_type text, agency integer, policy integer, invoice integer, topup_method text)
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
    WHEN 'CARD_DISPUTE' THEN 'clearing:card'
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_balance_code(entry_type text, amount bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
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
    WHEN 'CARD_DISPUTE' THEN 'CHARGEBACK'
  END
$$;--> statement-breakpoint
-- What a policy's premium received must hold (0029), less the premium of its lost card disputes
-- held from the policy's own account (a dispute held from suspense never left premium received).
CREATE OR REPLACE VIEW money_expected_premium_received AS
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
  UNION ALL
  SELECT policy_id, -held_amount FROM card_disputes
  WHERE status = 'LOST' AND policy_id IS NOT NULL AND held_account = 'policy:' || policy_id || ':premium_received'
) received GROUP BY policy_id;
