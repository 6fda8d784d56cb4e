CREATE TYPE "public"."amendment_document_type" AS ENUM('PAYMENT_DOCUMENT', 'SUPPORT_DOCUMENT');--> statement-breakpoint
CREATE TYPE "public"."amendment_next_step" AS ENUM('CONFIRM_PREMIUM_BY_AGENCY', 'CONFIRM_PREMIUM_BY_ADMIN', 'ISSUE_CERTIFICATE', 'DONE');--> statement-breakpoint
CREATE TYPE "public"."amendment_payer" AS ENUM('AGENCY', 'OSHC');--> statement-breakpoint
CREATE TYPE "public"."amendment_payment_status" AS ENUM('INITIATED', 'REQUESTED', 'REJECTED', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."amendment_status" AS ENUM('INITIATED', 'REQUESTED', 'REJECTED', 'COMPLETED', 'CERTIFICATE_UPLOADED');--> statement-breakpoint
CREATE TYPE "public"."full_refund_status" AS ENUM('REQUESTED', 'INITIATED', 'APPROVED', 'REJECTED', 'COMPLETED');--> statement-breakpoint
CREATE TABLE "amendment_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"amendment_id" integer NOT NULL,
	"ammendment_document_url" text NOT NULL,
	"addition_note" text,
	"rejection_reason" text,
	"document_type" "amendment_document_type" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendment_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"amendment_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"status" "amendment_payment_status" DEFAULT 'INITIATED' NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"amount" bigint NOT NULL,
	"bank_document" text,
	"rejection_reason" text,
	"invoice_payment_id" integer,
	"paid_on" date,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amendments" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"previous_data" jsonb,
	"status" "amendment_status" DEFAULT 'INITIATED' NOT NULL,
	"next_step" "amendment_next_step" DEFAULT 'CONFIRM_PREMIUM_BY_ADMIN' NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"initiated_agency_user_id" integer,
	"initiated_oshc_user_id" integer,
	"prev_premium" bigint NOT NULL,
	"prev_commission" bigint NOT NULL,
	"new_premium" bigint NOT NULL,
	"new_commission" bigint NOT NULL,
	"changed_premium" bigint NOT NULL,
	"payable_amount" bigint DEFAULT 0 NOT NULL,
	"allow_payment" boolean,
	"note" text,
	"payer" "amendment_payer",
	"invoice_id" integer,
	"is_premium_confirmed_by_admin" boolean DEFAULT false NOT NULL,
	"is_premium_confirmed_by_agency" boolean DEFAULT false NOT NULL,
	"is_personal_details_changed" boolean DEFAULT false NOT NULL,
	"is_policy_details_changed" boolean DEFAULT false NOT NULL,
	"is_premium_increase" boolean DEFAULT false NOT NULL,
	"is_certificate_uploaded" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurance_provider_id" integer,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "full_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"status" "full_refund_status" DEFAULT 'REQUESTED' NOT NULL,
	"reason" text NOT NULL,
	"refundable_premium_amount" bigint,
	"deductable_commission_amount" bigint,
	"is_full_refund" boolean,
	"payment_method" "payment_method",
	"payment_url" text,
	"rejection_reason" text,
	"refund_method" "refund_method",
	"invoice_id" integer,
	"clawback_id" integer,
	"receipt_id" text,
	"requested_by" integer,
	"initiated_by" integer,
	"decided_by" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_cancellation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"cancellation_step_id" integer NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"done_by" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "amendment_documents" ADD CONSTRAINT "amendment_documents_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_documents" ADD CONSTRAINT "amendment_documents_uploaded_by_identities_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_payments" ADD CONSTRAINT "amendment_payments_amendment_id_amendments_id_fk" FOREIGN KEY ("amendment_id") REFERENCES "public"."amendments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_payments" ADD CONSTRAINT "amendment_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_payments" ADD CONSTRAINT "amendment_payments_invoice_payment_id_invoice_payments_id_fk" FOREIGN KEY ("invoice_payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_payments" ADD CONSTRAINT "amendment_payments_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendment_payments" ADD CONSTRAINT "amendment_payments_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_steps" ADD CONSTRAINT "cancellation_steps_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_refunds" ADD CONSTRAINT "full_refunds_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_refunds" ADD CONSTRAINT "full_refunds_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_refunds" ADD CONSTRAINT "full_refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_refunds" ADD CONSTRAINT "full_refunds_requested_by_identities_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_refunds" ADD CONSTRAINT "full_refunds_initiated_by_identities_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "full_refunds" ADD CONSTRAINT "full_refunds_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_cancellation_steps" ADD CONSTRAINT "policy_cancellation_steps_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_cancellation_steps" ADD CONSTRAINT "policy_cancellation_steps_cancellation_step_id_cancellation_steps_id_fk" FOREIGN KEY ("cancellation_step_id") REFERENCES "public"."cancellation_steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_cancellation_steps" ADD CONSTRAINT "policy_cancellation_steps_done_by_identities_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "amendment_documents_amendment_idx" ON "amendment_documents" USING btree ("amendment_id");--> statement-breakpoint
CREATE INDEX "amendment_payments_amendment_idx" ON "amendment_payments" USING btree ("amendment_id","created_at");--> statement-breakpoint
CREATE INDEX "amendments_policy_idx" ON "amendments" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "amendments_agency_idx" ON "amendments" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "amendments_one_open_idx" ON "amendments" USING btree ("policy_id") WHERE "amendments"."is_open";--> statement-breakpoint
CREATE INDEX "full_refunds_policy_idx" ON "full_refunds" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "full_refunds_status_idx" ON "full_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "full_refunds_one_open_idx" ON "full_refunds" USING btree ("policy_id") WHERE "full_refunds"."status" in ('REQUESTED', 'INITIATED', 'APPROVED');--> statement-breakpoint
CREATE UNIQUE INDEX "policy_cancellation_steps_unique_idx" ON "policy_cancellation_steps" USING btree ("policy_id","cancellation_step_id");