CREATE TYPE "public"."clawback_method" AS ENUM('BANKED_COMMISSION', 'AGENCY_BALANCE', 'COMMISSION', 'BANK');--> statement-breakpoint
CREATE TYPE "public"."clawback_status" AS ENUM('INITIATED', 'REQUESTED', 'COMPLETED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."finance_request_type" AS ENUM('COMMISSION_PAYOUT', 'BNPL_PAYMENT', 'CLAWBACK');--> statement-breakpoint
CREATE TYPE "public"."payment_document_status" AS ENUM('UNVERIFIED', 'VERIFIED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."payout_payment_type" AS ENUM('BANK', 'AGENCY_BALANCE', 'SETTLED_WITH_CLAWBACK');--> statement-breakpoint
CREATE TABLE "bnpl_payment_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"premium_payment_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bnpl_payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"status" "request_status" DEFAULT 'REQUESTED' NOT NULL,
	"payment_type" "payment_method" NOT NULL,
	"bank_document" text,
	"rejection_reason" text,
	"invoice_id" integer,
	"total_amount" bigint NOT NULL,
	"receipt_id" text,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clawbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"clawback_premium_amount" bigint NOT NULL,
	"clawback_commission_amount" bigint NOT NULL,
	"outstanding_amount" bigint NOT NULL,
	"clawback_payment_id" integer,
	"receipt_id" text,
	"status" "clawback_status" DEFAULT 'INITIATED' NOT NULL,
	"clawback_method" "clawback_method",
	"bank_document_url" text,
	"clawback_document" text,
	"clawback_document_name" text,
	"commission_rate" numeric(5, 2),
	"rejection_reason" text,
	"invoice_id" integer,
	"clawback_completed_at" timestamp with time zone,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_payout_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"payout_id" integer NOT NULL,
	"commission_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"invoice_line_item_id" integer,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"status" "request_status" DEFAULT 'REQUESTED' NOT NULL,
	"payment_type" "payout_payment_type",
	"bank_document" text,
	"rejection_reason" text,
	"invoice_id" integer,
	"external_invoice_id" text NOT NULL,
	"receipt_id" text,
	"payment_date" timestamp with time zone,
	"commission_amount" bigint NOT NULL,
	"gst_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"gst_amount" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint NOT NULL,
	"clawback_offset_amount" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_request_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_type" "finance_request_type" NOT NULL,
	"request_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor" text NOT NULL,
	"actor_id" integer,
	"note" text,
	"agency_visible" boolean DEFAULT true NOT NULL,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"invoice_payment_id" integer,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"note" text,
	"note_title" text,
	"from_status" text,
	"to_status" text,
	"actor" text NOT NULL,
	"actor_id" integer,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payment_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"status" "payment_document_status" DEFAULT 'UNVERIFIED' NOT NULL,
	"rejection_reason" text,
	"uploaded_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"agencies_checked" integer DEFAULT 0 NOT NULL,
	"invoices_checked" integer DEFAULT 0 NOT NULL,
	"mismatch_count" integer DEFAULT 0 NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger" text DEFAULT 'schedule' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "balance_due" bigint;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "balance_owed" bigint;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "bnpl_payment_request_items" ADD CONSTRAINT "bnpl_payment_request_items_request_id_bnpl_payment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bnpl_payment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_payment_request_items" ADD CONSTRAINT "bnpl_payment_request_items_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_payment_requests" ADD CONSTRAINT "bnpl_payment_requests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_payment_requests" ADD CONSTRAINT "bnpl_payment_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_payment_requests" ADD CONSTRAINT "bnpl_payment_requests_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_payment_requests" ADD CONSTRAINT "bnpl_payment_requests_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clawbacks" ADD CONSTRAINT "clawbacks_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payout_items" ADD CONSTRAINT "commission_payout_items_payout_id_commission_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."commission_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payout_items" ADD CONSTRAINT "commission_payout_items_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payout_items" ADD CONSTRAINT "commission_payout_items_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payout_items" ADD CONSTRAINT "commission_payout_items_invoice_line_item_id_invoice_line_items_id_fk" FOREIGN KEY ("invoice_line_item_id") REFERENCES "public"."invoice_line_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_request_histories" ADD CONSTRAINT "finance_request_histories_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_request_histories" ADD CONSTRAINT "finance_request_histories_actor_id_identities_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_histories" ADD CONSTRAINT "invoice_histories_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_histories" ADD CONSTRAINT "invoice_histories_invoice_payment_id_invoice_payments_id_fk" FOREIGN KEY ("invoice_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_histories" ADD CONSTRAINT "invoice_histories_actor_id_identities_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_documents" ADD CONSTRAINT "invoice_payment_documents_invoice_payment_id_invoice_payments_id_fk" FOREIGN KEY ("invoice_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_documents" ADD CONSTRAINT "invoice_payment_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_documents" ADD CONSTRAINT "invoice_payment_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_documents" ADD CONSTRAINT "invoice_payment_documents_uploaded_by_identities_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_documents" ADD CONSTRAINT "invoice_payment_documents_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bnpl_payment_request_items_unique_idx" ON "bnpl_payment_request_items" USING btree ("request_id","policy_id");--> statement-breakpoint
CREATE INDEX "bnpl_payment_request_items_policy_idx" ON "bnpl_payment_request_items" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "bnpl_payment_requests_agency_idx" ON "bnpl_payment_requests" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "bnpl_payment_requests_status_idx" ON "bnpl_payment_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "clawbacks_agency_idx" ON "clawbacks" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "clawbacks_policy_idx" ON "clawbacks" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_payout_items_unique_idx" ON "commission_payout_items" USING btree ("payout_id","commission_id");--> statement-breakpoint
CREATE INDEX "commission_payout_items_commission_idx" ON "commission_payout_items" USING btree ("commission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_payouts_external_invoice_idx" ON "commission_payouts" USING btree ("agency_id","external_invoice_id");--> statement-breakpoint
CREATE INDEX "commission_payouts_agency_idx" ON "commission_payouts" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "commission_payouts_status_idx" ON "commission_payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "finance_request_histories_request_idx" ON "finance_request_histories" USING btree ("request_type","request_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_histories_invoice_idx" ON "invoice_histories" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payment_documents_payment_idx" ON "invoice_payment_documents" USING btree ("invoice_payment_id");--> statement-breakpoint
CREATE INDEX "invoice_payment_documents_invoice_idx" ON "invoice_payment_documents" USING btree ("invoice_id","status");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_agency_idx" ON "invoice_payments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","status");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","id");