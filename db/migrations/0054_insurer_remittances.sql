CREATE TABLE "insurer_bank_accounts" (
	"insurance_provider_id" integer PRIMARY KEY NOT NULL,
	"bsb" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"updated_by_identity_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurer_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"insurance_provider_id" integer NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"policy_count" integer NOT NULL,
	"premium_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bsb" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"proposed_by_identity_id" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"approved_by_identity_id" integer,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_by_identity_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurer_remittances_status_check" CHECK ("insurer_remittances"."status" in ('PROPOSED', 'APPROVED', 'PAID', 'CANCELLED')),
	CONSTRAINT "insurer_remittances_amount_check" CHECK ("insurer_remittances"."amount_cents" > 0 and "insurer_remittances"."amount_cents" = "insurer_remittances"."premium_cents" - "insurer_remittances"."commission_cents")
);
--> statement-breakpoint
ALTER TABLE "money_transfers" DROP CONSTRAINT "money_transfers_code";--> statement-breakpoint
ALTER TABLE "payout_batch_items" ALTER COLUMN "payout_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ALTER COLUMN "agency_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD COLUMN "remittance_id" integer;--> statement-breakpoint
ALTER TABLE "insurer_bank_accounts" ADD CONSTRAINT "insurer_bank_accounts_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurer_bank_accounts" ADD CONSTRAINT "insurer_bank_accounts_updated_by_identity_id_identities_id_fk" FOREIGN KEY ("updated_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurer_remittances" ADD CONSTRAINT "insurer_remittances_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurer_remittances" ADD CONSTRAINT "insurer_remittances_proposed_by_identity_id_identities_id_fk" FOREIGN KEY ("proposed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurer_remittances" ADD CONSTRAINT "insurer_remittances_approved_by_identity_id_identities_id_fk" FOREIGN KEY ("approved_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurer_remittances" ADD CONSTRAINT "insurer_remittances_cancelled_by_identity_id_identities_id_fk" FOREIGN KEY ("cancelled_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurer_remittances_status_idx" ON "insurer_remittances" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurer_remittances_live_key" ON "insurer_remittances" USING btree ("month","insurance_provider_id") WHERE "insurer_remittances"."status" <> 'CANCELLED';--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_remittance_id_insurer_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."insurer_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_items_live_remittance_key" ON "payout_batch_items" USING btree ("remittance_id") WHERE "payout_batch_items"."state" = 'INCLUDED';--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_code" CHECK ("money_transfers"."code" in ('OPENING', 'TOPUP', 'PREMIUM_PAID', 'REFUND', 'AMENDMENT_PAID', 'AMENDMENT_CREDIT', 'CLAWBACK', 'CLAWBACK_RETURNED', 'PAYOUT', 'INVOICE_PAYMENT', 'OVERPAYMENT', 'BNPL_USED', 'BNPL_SETTLED', 'BNPL_SETTLEMENT_PAID', 'BNPL_SETTLEMENT_RETURNED', 'ADJUSTMENT', 'COMMISSION_BANKED', 'GST', 'CHARGEBACK', 'INSURER_REMITTANCE'));--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_one_record" CHECK (("payout_batch_items"."payout_id" is null) <> ("payout_batch_items"."remittance_id" is null) and ("payout_batch_items"."payout_id" is null) = ("payout_batch_items"."agency_id" is null));