CREATE TYPE "public"."offer_type" AS ENUM('DISCOUNT');--> statement-breakpoint
CREATE TYPE "public"."cancellation_request_status" AS ENUM('NO_CANCELLATION', 'REQUESTED_FOR_CANCELLATION', 'READY_FOR_CANCELLATION', 'IN_CANCELLATION');--> statement-breakpoint
CREATE TYPE "public"."certificate_type" AS ENUM('old', 'new');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('CARD', 'BANK', 'NEXPAY', 'AGENCY_BALANCE', 'BNPL');--> statement-breakpoint
CREATE TYPE "public"."policy_status" AS ENUM('PERSONAL_INFORMATION_ADDED', 'PARTNER_DEPENDANTS_INFORMATION_ADDED', 'OTHER_DETAILS_ADDED', 'INITIATED', 'PURCHASED', 'PAYMENT_APPROVED', 'PAYMENT_REJECTED', 'PAYMENT_BY_BUY_NOW_PAY_LATER', 'CERTIFICATE_UPLOADED', 'CERTIFICATE_ISSUED', 'FULL_REFUND_REQUESTED', 'FULL_REFUND_REJECTED', 'FULL_REFUND_APPROVED', 'FULL_REFUND_INITIATED', 'FULL_REFUND_COMPLETED', 'CLAWBACK_INITIATED', 'CLAWBACK_REQUESTED', 'CLAWBACK_COMPLETED', 'CLAWBACK_REJECTED');--> statement-breakpoint
CREATE TYPE "public"."provider_payment_status" AS ENUM('BUY_NOW_PAY_LATER', 'PAID', 'BOTH', 'NOT_AVAILABLE');--> statement-breakpoint
CREATE TYPE "public"."refund_method" AS ENUM('GROSS_REFUND', 'NET_REFUND', 'NO_REFUND');--> statement-breakpoint
CREATE TYPE "public"."user_defined_status" AS ENUM('IN_PROGRESS', 'IN_PROCESSING_WITH_PROVIDER', 'INCORRECT_PERSONAL_DETAILS', 'AWAITING_RESPONSE_FROM_PROVIDER', 'ADDITIONAL_PAYMENT_REQUIRED', 'CURRENT_POLICY_REQUIRED', 'DO_NOT_CREATE', 'REQUEST_RECEIVED');--> statement-breakpoint
CREATE TYPE "public"."balance_transaction_type" AS ENUM('AGENCY_TOPUP', 'POLICY_PURCHASED', 'POLICY_PREMIUM_REFUNDED', 'CLAWBACK_PAYMENT', 'CREDIT_PAYMENT', 'COMMISSION_RECEIVED', 'AMENDMENT_PAYMENT', 'AMENDMENT_PAYMENT_RECEIVED', 'INVOICE_PAYMENT');--> statement-breakpoint
CREATE TYPE "public"."card_payment_status" AS ENUM('PENDING', 'PAID', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."commission_status" AS ENUM('PENDING', 'COMMISSION_BANKED', 'PAYOUT_REQUESTED', 'PAYOUT_REJECTED', 'PAID', 'FULL_REFUNDED', 'PAID_AMENDMENT_ADJUSTED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED');--> statement-breakpoint
CREATE TYPE "public"."invoice_payment_status" AS ENUM('COMPLETED', 'PENDING');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('DRAFT', 'PENDING', 'PAID', 'OVERDUE', 'PARTIALLY_PAID', 'OVER_PAID', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."invoice_type" AS ENUM('PREMIUM', 'COMMISSION', 'AMENDMENT_COMMISSION', 'TOPUP', 'BNPL_PAYMENT', 'FULL_REFUND', 'PARTIAL_REFUND');--> statement-breakpoint
CREATE TYPE "public"."line_item_type" AS ENUM('PREMIUM', 'COMMISSION', 'AMENDMENT_COMMISSION', 'TOPUP', 'BNPL_PREMIUM', 'OFFER_PREMIUM');--> statement-breakpoint
CREATE TYPE "public"."payment_link_status" AS ENUM('ACTIVE', 'PAID', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."premium_payment_status" AS ENUM('PENDING', 'PAID', 'PENDING_CREDIT_PAYMENT', 'PENDING_CREDIT_PAYMENT_REQUESTED', 'PENDING_CREDIT_PAYMENT_REJECTED', 'FULL_REFUNDED', 'REQUESTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('REQUESTED', 'REJECTED', 'APPROVED');--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" "currency" NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurance_provider_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"rate" integer NOT NULL,
	"type" "offer_type" DEFAULT 'DISCOUNT' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_documents" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"pds_key" text NOT NULL,
	"pds_filename" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"policy_type" "policy_type" NOT NULL,
	"monthly_rate" numeric(10, 2) NOT NULL,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_dependants" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text,
	"dob" date,
	"relationship" text,
	"passport_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_partners" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"title" text,
	"gender" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"dob" date,
	"passport_number" text,
	"country_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"dob" date,
	"gender" text,
	"passport_number" text,
	"passport_country_id" integer,
	"visa_sub_class" text,
	"education_institute" text,
	"student_number" text,
	"mobile_number" text,
	"has_australian_address" boolean DEFAULT false NOT NULL,
	"has_accepted_terms" boolean DEFAULT false NOT NULL,
	"is_primary_visa_holder_and_eligible_to_apply" boolean DEFAULT false NOT NULL,
	"street_address_1" text,
	"street_address_2" text,
	"state_id" integer,
	"city_id" integer,
	"post_code" text,
	"country" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"agency_id" integer NOT NULL,
	"insurance_provider_id" integer,
	"customer_id" integer NOT NULL,
	"start_date" date,
	"end_date" date,
	"policy_type" "policy_type",
	"premium" bigint,
	"premium_without_gst" bigint,
	"premium_before_discount" bigint,
	"premium_currency" "currency" DEFAULT 'AUD' NOT NULL,
	"gst_rate" numeric(5, 2),
	"commission_rate" numeric(5, 2),
	"no_of_adults" integer DEFAULT 1 NOT NULL,
	"no_of_dependents" integer DEFAULT 0 NOT NULL,
	"is_created_by_agency" boolean DEFAULT true NOT NULL,
	"is_assigned_by_agency" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"membership_number" text,
	"status" "policy_status" NOT NULL,
	"user_defined_status" "user_defined_status",
	"purchased_at" timestamp with time zone,
	"payment_method" "payment_method",
	"is_policy_number_available" boolean DEFAULT false NOT NULL,
	"policy_number" text,
	"provider_payment_status" "provider_payment_status" DEFAULT 'NOT_AVAILABLE' NOT NULL,
	"cancellation_request_status" "cancellation_request_status" DEFAULT 'NO_CANCELLATION' NOT NULL,
	"policy_cancellation_date" date,
	"assigned_to" integer,
	"assigned_by" integer,
	"assigned_to_agency_user" integer,
	"assigned_by_agency_user" integer,
	"full_refund_requested_reason" text,
	"full_refund_rejection_reason" text,
	"full_refund_payment_proof_url" text,
	"full_refundable_premium" bigint,
	"refund_method" "refund_method",
	"full_refund_payment_method" "payment_method",
	"clawback_amount" bigint,
	"surcharge_rate" numeric(5, 2),
	"surcharge_amount" bigint,
	"is_surcharge_applied" boolean DEFAULT false NOT NULL,
	"is_offer_applied" boolean DEFAULT false NOT NULL,
	"original_amount_before_offer" bigint,
	"offer_id" integer,
	"offer_rate" integer,
	"discount_rate" numeric(5, 2),
	"offer_end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"certificate_type" "certificate_type" DEFAULT 'new' NOT NULL,
	"certificate_url" text NOT NULL,
	"certificate_name" text NOT NULL,
	"membership_number" text NOT NULL,
	"policy_number" text,
	"issued_at" timestamp with time zone,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"file_type" text NOT NULL,
	"amendment_id" integer,
	"meta" jsonb,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" "policy_status",
	"status" "policy_status",
	"actor" text NOT NULL,
	"note" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_balance_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"type" "balance_transaction_type" NOT NULL,
	"transaction_amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"policy_id" integer,
	"topup_id" integer,
	"invoice_id" integer,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_topups" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"status" "request_status" DEFAULT 'REQUESTED' NOT NULL,
	"rejection_reason" text,
	"receipt_id" text,
	"topup_date" date NOT NULL,
	"receipt_url" text,
	"stripe_intent_id" text,
	"amount" bigint NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"invoice_id" integer,
	"created_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bnpl_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"policy_id" integer,
	"transaction_amount" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_session_id" text NOT NULL,
	"agency_id" integer NOT NULL,
	"policy_id" integer,
	"payment_link_id" integer,
	"topup_id" integer,
	"amount" bigint NOT NULL,
	"amount_paid" bigint,
	"surcharge_rate" numeric(5, 2),
	"surcharge_amount" bigint DEFAULT 0 NOT NULL,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"card_type" text,
	"status" "card_payment_status" DEFAULT 'PENDING' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"status" "commission_status" DEFAULT 'PENDING' NOT NULL,
	"amount" bigint NOT NULL,
	"commission_rate" numeric(5, 2) NOT NULL,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rate_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer,
	"currency_pair" text NOT NULL,
	"client_rate" numeric(18, 6) NOT NULL,
	"total_amount" bigint NOT NULL,
	"payment_amount" bigint NOT NULL,
	"payment_currency" "currency" NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"refresh_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"policy_id" integer,
	"invoice_id" integer,
	"line_item_type" "line_item_type" NOT NULL,
	"line_item_type_id" integer,
	"discount_rate" numeric(5, 2),
	"tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"net_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"is_tax_inclusive" boolean DEFAULT true NOT NULL,
	"description" text NOT NULL,
	"is_linked_to_invoice" boolean DEFAULT true NOT NULL,
	"link" text,
	"meta" jsonb,
	"payer" text NOT NULL,
	"receiver" text NOT NULL,
	"is_commission_banked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"ref" text,
	"paid_at" timestamp with time zone,
	"payment_amount" bigint NOT NULL,
	"status" "invoice_payment_status" DEFAULT 'PENDING' NOT NULL,
	"meta" jsonb,
	"notes" text,
	"card_payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"amendment_id" integer,
	"from" text NOT NULL,
	"to" text NOT NULL,
	"sub_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total_amount_due" bigint DEFAULT 0 NOT NULL,
	"total_amount_owed" bigint DEFAULT 0 NOT NULL,
	"total_outstanding_amount" bigint DEFAULT 0 NOT NULL,
	"status" "invoice_status" DEFAULT 'PENDING' NOT NULL,
	"cancellation_reasons" text,
	"notes" text,
	"external_invoice_id" text,
	"invoice_type" "invoice_type" NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"reference" text NOT NULL,
	"status" "payment_link_status" DEFAULT 'ACTIVE' NOT NULL,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_premium_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"surcharge_amount" bigint DEFAULT 0 NOT NULL,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"status" "premium_payment_status" NOT NULL,
	"payment_type" "payment_method" NOT NULL,
	"bank_document" text,
	"rejection_reason" text,
	"paid_at" timestamp with time zone,
	"receipt_id" text,
	"payment_link_id" integer,
	"created_by" integer,
	"updated_by" integer,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"delivery_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_documents" ADD CONSTRAINT "provider_documents_provider_id_insurance_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_documents" ADD CONSTRAINT "provider_documents_uploaded_by_identities_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_rates" ADD CONSTRAINT "provider_rates_provider_id_insurance_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_dependants" ADD CONSTRAINT "customer_dependants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_partners" ADD CONSTRAINT "customer_partners_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_partners" ADD CONSTRAINT "customer_partners_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_passport_country_id_countries_id_fk" FOREIGN KEY ("passport_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_country_countries_id_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_assigned_to_oshc_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."oshc_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_assigned_by_oshc_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."oshc_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_assigned_to_agency_user_agency_users_id_fk" FOREIGN KEY ("assigned_to_agency_user") REFERENCES "public"."agency_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_assigned_by_agency_user_agency_users_id_fk" FOREIGN KEY ("assigned_by_agency_user") REFERENCES "public"."agency_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_certificates" ADD CONSTRAINT "policy_certificates_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_certificates" ADD CONSTRAINT "policy_certificates_uploaded_by_identities_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_files" ADD CONSTRAINT "policy_files_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_files" ADD CONSTRAINT "policy_files_uploaded_by_identities_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_histories" ADD CONSTRAINT "policy_histories_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_balance_transactions" ADD CONSTRAINT "agency_balance_transactions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_balance_transactions" ADD CONSTRAINT "agency_balance_transactions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_balance_transactions" ADD CONSTRAINT "agency_balance_transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_topups" ADD CONSTRAINT "agency_topups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_topups" ADD CONSTRAINT "agency_topups_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_topups" ADD CONSTRAINT "agency_topups_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_topups" ADD CONSTRAINT "agency_topups_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_transactions" ADD CONSTRAINT "bnpl_transactions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bnpl_transactions" ADD CONSTRAINT "bnpl_transactions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rate_quotes" ADD CONSTRAINT "exchange_rate_quotes_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_premium_payments" ADD CONSTRAINT "policy_premium_payments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_premium_payments" ADD CONSTRAINT "policy_premium_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_premium_payments" ADD CONSTRAINT "policy_premium_payments_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_premium_payments" ADD CONSTRAINT "policy_premium_payments_updated_by_identities_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_premium_payments" ADD CONSTRAINT "policy_premium_payments_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_currency_idx" ON "exchange_rates" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "offers_provider_idx" ON "offers" USING btree ("insurance_provider_id","is_active","start_date");--> statement-breakpoint
CREATE INDEX "provider_rates_lookup_idx" ON "provider_rates" USING btree ("provider_id","policy_type","valid_from");--> statement-breakpoint
CREATE INDEX "customer_dependants_customer_idx" ON "customer_dependants" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_agency_idx" ON "customers" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("passport_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "policies_ref_idx" ON "policies" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "policies_agency_status_idx" ON "policies" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE INDEX "policies_status_created_idx" ON "policies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "policies_customer_idx" ON "policies" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "policies_provider_idx" ON "policies" USING btree ("insurance_provider_id");--> statement-breakpoint
CREATE INDEX "policies_start_idx" ON "policies" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "policies_end_idx" ON "policies" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "policies_archived_idx" ON "policies" USING btree ("is_archived","created_at");--> statement-breakpoint
CREATE INDEX "policy_certificates_policy_idx" ON "policy_certificates" USING btree ("policy_id","certificate_type");--> statement-breakpoint
CREATE INDEX "policy_files_policy_idx" ON "policy_files" USING btree ("policy_id","file_type");--> statement-breakpoint
CREATE INDEX "policy_histories_policy_idx" ON "policy_histories" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_balance_transactions_agency_idx" ON "agency_balance_transactions" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_topups_agency_idx" ON "agency_topups" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_topups_status_idx" ON "agency_topups" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bnpl_transactions_agency_idx" ON "bnpl_transactions" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_session_idx" ON "card_payments" USING btree ("gateway","gateway_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_ref_idx" ON "card_payments" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "card_payments_policy_idx" ON "card_payments" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_policy_idx" ON "commissions" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "commissions_agency_status_idx" ON "commissions" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "invoice_line_items_invoice_idx" ON "invoice_line_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_line_items_policy_idx" ON "invoice_line_items" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "invoice_line_items_agency_idx" ON "invoice_line_items" USING btree ("agency_id","line_item_type");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_agency_status_idx" ON "invoices" USING btree ("agency_id","status","created_at");--> statement-breakpoint
CREATE INDEX "invoices_type_status_idx" ON "invoices" USING btree ("invoice_type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_reference_idx" ON "payment_links" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_links_policy_idx" ON "payment_links" USING btree ("policy_id","status");--> statement-breakpoint
CREATE INDEX "policy_premium_payments_policy_idx" ON "policy_premium_payments" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_premium_payments_status_idx" ON "policy_premium_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "policy_premium_payments_agency_idx" ON "policy_premium_payments" USING btree ("agency_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_delivery_idx" ON "webhook_deliveries" USING btree ("provider","delivery_id");