CREATE TABLE "client_error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer,
	"error" text NOT NULL,
	"meta" jsonb,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_error_reports" ADD CONSTRAINT "client_error_reports_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_error_reports_created_idx" ON "client_error_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_receivers_notification_idx" ON "notification_receivers" USING btree ("notification_id");