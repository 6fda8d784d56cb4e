CREATE TYPE "public"."notification_delivery" AS ENUM('IMMEDIATE', 'DAILY', 'NONE');--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"identity_id" integer NOT NULL,
	"event_group" text NOT NULL,
	"delivery" "notification_delivery" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_identity_id_event_group_pk" PRIMARY KEY("identity_id","event_group")
);
--> statement-breakpoint
ALTER TABLE "notification_receivers" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_receivers_unmailed_idx" ON "notification_receivers" USING btree ("created_at") WHERE "notification_receivers"."mailed_at" is null;
--> statement-breakpoint
-- Notifications written before mails existed are not mailed now.
UPDATE "notification_receivers" SET "mailed_at" = now() WHERE "mailed_at" IS NULL;
