ALTER TYPE "public"."balance_transaction_type" ADD VALUE 'SUSPENSE_CREDIT';--> statement-breakpoint
CREATE TABLE "suspense_clearings" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"action" text NOT NULL,
	"amount" integer NOT NULL,
	"policy_id" integer,
	"agency_id" integer,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"proposed_by_identity_id" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_identity_id" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "suspense_clearings_action_check" CHECK ("suspense_clearings"."action" in ('ALLOCATE', 'REFUND', 'CREDIT_AGENCY', 'WRITE_OFF')),
	CONSTRAINT "suspense_clearings_status_check" CHECK ("suspense_clearings"."status" in ('PROPOSED', 'APPROVED', 'REJECTED')),
	CONSTRAINT "suspense_clearings_amount_check" CHECK ("suspense_clearings"."amount" > 0),
	CONSTRAINT "suspense_clearings_agency_check" CHECK (("suspense_clearings"."action" = 'CREDIT_AGENCY') = ("suspense_clearings"."agency_id" is not null)),
	CONSTRAINT "suspense_clearings_policy_check" CHECK (("suspense_clearings"."action" = 'ALLOCATE') = ("suspense_clearings"."policy_id" is not null)),
	CONSTRAINT "suspense_clearings_decided_check" CHECK (("suspense_clearings"."status" = 'PROPOSED') = ("suspense_clearings"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "suspense_clearings" ADD CONSTRAINT "suspense_clearings_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_clearings" ADD CONSTRAINT "suspense_clearings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_clearings" ADD CONSTRAINT "suspense_clearings_proposed_by_identity_id_identities_id_fk" FOREIGN KEY ("proposed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspense_clearings" ADD CONSTRAINT "suspense_clearings_decided_by_identity_id_identities_id_fk" FOREIGN KEY ("decided_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suspense_clearings_one_proposal_idx" ON "suspense_clearings" USING btree ("transfer_id") WHERE "suspense_clearings"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "suspense_clearings_transfer_idx" ON "suspense_clearings" USING btree ("transfer_id","status");--> statement-breakpoint
-- The frozen copy of BALANCE_ENTRY_ACCOUNTS (0027, 0033) gains SUSPENSE_CREDIT (journal.test.ts proves they agree).
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
    WHEN 'SUSPENSE_CREDIT' THEN 'suspense'
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
    WHEN 'SUSPENSE_CREDIT' THEN 'ADJUSTMENT'
  END
$$;
