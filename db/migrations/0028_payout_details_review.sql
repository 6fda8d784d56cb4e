ALTER TABLE "policy_premium_payments" ADD COLUMN "received_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "meta" jsonb;--> statement-breakpoint
CREATE TABLE "agency_bank_detail_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_bank_detail_changes_status_check" CHECK ("agency_bank_detail_changes"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'SUPERSEDED'))
);
--> statement-breakpoint
ALTER TABLE "agency_bank_detail_changes" ADD CONSTRAINT "agency_bank_detail_changes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_bank_detail_changes" ADD CONSTRAINT "agency_bank_detail_changes_requested_by_identities_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_bank_detail_changes" ADD CONSTRAINT "agency_bank_detail_changes_decided_by_identities_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_bank_detail_changes_one_pending_idx" ON "agency_bank_detail_changes" USING btree ("agency_id") WHERE "agency_bank_detail_changes"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "agency_bank_detail_changes_status_idx" ON "agency_bank_detail_changes" USING btree ("status","created_at");
