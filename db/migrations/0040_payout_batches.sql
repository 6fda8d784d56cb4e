-- Issue 25: payout batches paid by one ABA file, their items (one live item per payout), and statement lines matched to a batch's debit.
CREATE TABLE "payout_batch_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"payout_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bsb" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"lodgement_reference" text NOT NULL,
	"state" text DEFAULT 'INCLUDED' NOT NULL,
	"return_reason" text,
	"returned_by_identity_id" integer,
	"returned_at" timestamp with time zone,
	CONSTRAINT "payout_batch_items_state_check" CHECK ("payout_batch_items"."state" in ('INCLUDED', 'RETURNED', 'RELEASED')),
	CONSTRAINT "payout_batch_items_amount_check" CHECK ("payout_batch_items"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"processing_date" date NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"created_by_identity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by_identity_id" integer,
	"approved_at" timestamp with time zone,
	"sent_by_identity_id" integer,
	"sent_at" timestamp with time zone,
	"statement_line_id" integer,
	"paid_by_identity_id" integer,
	"paid_at" timestamp with time zone,
	"cancelled_by_identity_id" integer,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_status_check" CHECK ("payout_batches"."status" in ('DRAFT', 'APPROVED', 'SENT', 'PAID', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" DROP CONSTRAINT "bank_statement_lines_kind_check";--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_payout_id_commission_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."commission_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_returned_by_identity_id_identities_id_fk" FOREIGN KEY ("returned_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_identity_id_identities_id_fk" FOREIGN KEY ("created_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_approved_by_identity_id_identities_id_fk" FOREIGN KEY ("approved_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_sent_by_identity_id_identities_id_fk" FOREIGN KEY ("sent_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_statement_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_identity_id_identities_id_fk" FOREIGN KEY ("paid_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_cancelled_by_identity_id_identities_id_fk" FOREIGN KEY ("cancelled_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batch_items_batch_idx" ON "payout_batch_items" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_items_live_payout_key" ON "payout_batch_items" USING btree ("payout_id") WHERE "payout_batch_items"."state" = 'INCLUDED';--> statement-breakpoint
CREATE INDEX "payout_batches_status_idx" ON "payout_batches" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_statement_line_key" ON "payout_batches" USING btree ("statement_line_id");--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_kind_check" CHECK ("bank_statement_lines"."matched_kind" is null or "bank_statement_lines"."matched_kind" in ('policy_payment', 'topup', 'payout_batch'));