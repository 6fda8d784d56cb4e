CREATE TYPE "public"."identity_kind" AS ENUM('Agency', 'agency_user', 'Oshc');--> statement-breakpoint
CREATE TYPE "public"."agency_status" AS ENUM('PENDING', 'SIGN_UP_REQUEST_SENT', 'LOGIN_CRED_CHANGED', 'COMPANY_DETAIL_STEP_ONE_DONE', 'COMPANY_DETAIL_STEP_TWO_DONE', 'COMPANY_DETAIL_DONE', 'CONFIGURATION_DONE', 'AGREEMENT_SENT', 'PORTAL_ACTIVATED', 'PORTAL_DEACTIVATED', 'AGREEMENT_SIGNED');--> statement-breakpoint
CREATE TYPE "public"."creation_type" AS ENUM('SELF_SIGNUP', 'INVITATION', 'REFERRAL');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('AUD', 'NPR', 'USD', 'INR');--> statement-breakpoint
CREATE TYPE "public"."payment_method_key" AS ENUM('nexpay', 'bank', 'card', 'agency_balance', 'bnpl');--> statement-breakpoint
CREATE TYPE "public"."policy_type" AS ENUM('SINGLE', 'FAMILY', 'SINGLE_PARENT', 'COUPLE');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('ACTIVE', 'PAID', 'PENDING');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('ENABLED', 'DISABLED');--> statement-breakpoint
CREATE TYPE "public"."file_folder" AS ENUM('private', 'public', 'feedback', 'admission');--> statement-breakpoint
CREATE TYPE "public"."notification_status" AS ENUM('UNREAD', 'READ', 'DISMISSED');--> statement-breakpoint
CREATE TYPE "public"."task_audience" AS ENUM('staff', 'agency');--> statement-breakpoint
CREATE TABLE "identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" "identity_kind" NOT NULL,
	"password_hash" text,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"identity_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"identity_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"numeric_code" text,
	"phone_code" text,
	"capital" text,
	"currency" text,
	"currency_name" text,
	"currency_symbol" text,
	"iso3" text,
	"iso2" text NOT NULL,
	"flag_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2")
);
--> statement-breakpoint
CREATE TABLE "gst_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"gst_rate" numeric(5, 2) NOT NULL,
	"card_surcharge_rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_providers" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"display_name" text NOT NULL,
	"logo" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_providers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state_code" text,
	"country_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer,
	"full_company_name" text,
	"full_company_address" text,
	"contact_person" text,
	"email" text NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_request_submitted" boolean DEFAULT false NOT NULL,
	"status" "agency_status" DEFAULT 'PENDING' NOT NULL,
	"creation_type" "creation_type" DEFAULT 'SELF_SIGNUP' NOT NULL,
	"policy_comms_email" text,
	"finance_comms_email" text,
	"contact_number" text,
	"profile_image" text,
	"street_address_1" text,
	"street_address_2" text,
	"country_id" integer,
	"state_id" integer,
	"city_id" integer,
	"post_code" text,
	"is_verfied" boolean DEFAULT false NOT NULL,
	"is_yourAdmission_active" boolean DEFAULT false NOT NULL,
	"is_card_surcharge_enabled" boolean DEFAULT false NOT NULL,
	"verification_date" timestamp with time zone,
	"main_branch_email" text,
	"invitation_token_hash" text,
	"referred_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_balances" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"due_amount" bigint DEFAULT 0 NOT NULL,
	"buy_now_pay_later_amount" bigint DEFAULT 0 NOT NULL,
	"buy_now_pay_later_remaining_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_bank_details" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"is_gst_registered" boolean DEFAULT false NOT NULL,
	"abn" text,
	"bsb" text,
	"swift_code" text,
	"bank" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"insurance_provider_id" integer NOT NULL,
	"is_buy_now_pay_later_enabled" boolean DEFAULT false NOT NULL,
	"commission_rate" numeric(5, 2) NOT NULL,
	"credit_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit_currency" "currency" DEFAULT 'AUD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_documents" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"agreement_id" text,
	"unsigned_agreement" text,
	"unsigned_agreement_date" date,
	"unsigned_agreement_filename" text,
	"signed_agreement" text,
	"signed_agreement_date" date,
	"signed_agreement_filename" text,
	"is_unsigned_agreement_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" "agency_status",
	"to_status" "agency_status",
	"actor" text NOT NULL,
	"note" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_otps" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"code_hmac" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_ovhc_commissions" (
	"agency_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"commission_rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_ovhc_commissions_agency_id_provider_id_pk" PRIMARY KEY("agency_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "agency_payment_method_configs" (
	"agency_id" integer NOT NULL,
	"insurance_provider_id" integer NOT NULL,
	"payment_method" "payment_method_key" NOT NULL,
	"is_payment_method_enabled" boolean DEFAULT true NOT NULL,
	"commission_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_payment_method_configs_agency_id_insurance_provider_id_payment_method_pk" PRIMARY KEY("agency_id","insurance_provider_id","payment_method")
);
--> statement-breakpoint
CREATE TABLE "agency_referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referred_to_agency_name" text NOT NULL,
	"referred_to_agency_email" text NOT NULL,
	"status" "referral_status" DEFAULT 'PENDING' NOT NULL,
	"is_referring_paid" boolean DEFAULT false NOT NULL,
	"referring_payment_document" text,
	"referring_paid_by" integer,
	"referring_paid_at" timestamp with time zone,
	"is_referred_paid" boolean DEFAULT false NOT NULL,
	"referred_payment_document" text,
	"referred_paid_by" integer,
	"referred_paid_at" timestamp with time zone,
	"referred_by_id" integer NOT NULL,
	"referred_agency_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"should_buy_insurance_provider_id" integer NOT NULL,
	"should_buy_policy_type" "policy_type" NOT NULL,
	"should_buy_quantity" integer NOT NULL,
	"can_buy_policy_type" "policy_type" NOT NULL,
	"can_buy_insurance_provider_id" integer NOT NULL,
	"has_bought_quantity" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "agency_role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "agency_role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "agency_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"agency_role_id" integer,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"status" "user_status" DEFAULT 'ENABLED' NOT NULL,
	"profile_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oshc_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oshc_permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "oshc_role_permissions" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "oshc_role_permissions_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "oshc_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oshc_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "oshc_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer NOT NULL,
	"status" "user_status" DEFAULT 'ENABLED' NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"profile_image" text,
	"role_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"folder" "file_folder" NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"agency_id" integer,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_receivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"identity_id" integer NOT NULL,
	"status" "notification_status" DEFAULT 'UNREAD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"audience" "task_audience" DEFAULT 'staff' NOT NULL,
	"subject" text NOT NULL,
	"agency_id" integer,
	"amount" bigint,
	"assignee_id" integer,
	"link" text NOT NULL,
	"workflow_id" text NOT NULL,
	"due_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_balances" ADD CONSTRAINT "agency_balances_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_bank_details" ADD CONSTRAINT "agency_bank_details_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_configurations" ADD CONSTRAINT "agency_configurations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_configurations" ADD CONSTRAINT "agency_configurations_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_documents" ADD CONSTRAINT "agency_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_histories" ADD CONSTRAINT "agency_histories_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_otps" ADD CONSTRAINT "agency_otps_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_ovhc_commissions" ADD CONSTRAINT "agency_ovhc_commissions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_ovhc_commissions" ADD CONSTRAINT "agency_ovhc_commissions_provider_id_insurance_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_payment_method_configs" ADD CONSTRAINT "agency_payment_method_configs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_payment_method_configs" ADD CONSTRAINT "agency_payment_method_configs_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_referrals" ADD CONSTRAINT "agency_referrals_referred_by_id_agencies_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_referrals" ADD CONSTRAINT "agency_referrals_referred_agency_id_agencies_id_fk" FOREIGN KEY ("referred_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_rules" ADD CONSTRAINT "purchase_rules_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_rules" ADD CONSTRAINT "purchase_rules_should_buy_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("should_buy_insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_rules" ADD CONSTRAINT "purchase_rules_can_buy_insurance_provider_id_insurance_providers_id_fk" FOREIGN KEY ("can_buy_insurance_provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_role_permissions" ADD CONSTRAINT "agency_role_permissions_role_id_agency_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."agency_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_role_permissions" ADD CONSTRAINT "agency_role_permissions_permission_id_agency_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."agency_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_roles" ADD CONSTRAINT "agency_roles_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_users" ADD CONSTRAINT "agency_users_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_users" ADD CONSTRAINT "agency_users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_users" ADD CONSTRAINT "agency_users_agency_role_id_agency_roles_id_fk" FOREIGN KEY ("agency_role_id") REFERENCES "public"."agency_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oshc_role_permissions" ADD CONSTRAINT "oshc_role_permissions_role_id_oshc_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."oshc_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oshc_role_permissions" ADD CONSTRAINT "oshc_role_permissions_permission_id_oshc_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."oshc_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oshc_users" ADD CONSTRAINT "oshc_users_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oshc_users" ADD CONSTRAINT "oshc_users_role_id_oshc_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."oshc_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_identities_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receivers" ADD CONSTRAINT "notification_receivers_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receivers" ADD CONSTRAINT "notification_receivers_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_identities_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_email_lower_idx" ON "identities" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_identity_idx" ON "sessions" USING btree ("identity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_name_idx" ON "cities" USING btree ("state_id","name");--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "states_country_name_idx" ON "states" USING btree ("country_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_email_lower_idx" ON "agencies" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "agencies_status_created_idx" ON "agencies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "agencies_country_idx" ON "agencies" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "agencies_creation_type_idx" ON "agencies" USING btree ("creation_type");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_configurations_agency_provider_idx" ON "agency_configurations" USING btree ("agency_id","insurance_provider_id");--> statement-breakpoint
CREATE INDEX "agency_histories_agency_idx" ON "agency_histories" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_otps_agency_idx" ON "agency_otps" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "agency_referrals_by_idx" ON "agency_referrals" USING btree ("referred_by_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_rules_agency_idx" ON "purchase_rules" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_roles_agency_name_idx" ON "agency_roles" USING btree ("agency_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_users_identity_idx" ON "agency_users" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "agency_users_agency_idx" ON "agency_users" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oshc_users_identity_idx" ON "oshc_users" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "oshc_users_created_idx" ON "oshc_users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_idx" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_agency_idx" ON "files" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "notification_receivers_identity_idx" ON "notification_receivers" USING btree ("identity_id","status");--> statement-breakpoint
CREATE INDEX "outbox_mails_to_idx" ON "outbox_mails" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "tasks_workflow_idx" ON "tasks" USING btree ("workflow_id");--> statement-breakpoint
CREATE INDEX "tasks_open_idx" ON "tasks" USING btree ("audience","closed_at","due_at");--> statement-breakpoint
CREATE INDEX "tasks_agency_idx" ON "tasks" USING btree ("agency_id");