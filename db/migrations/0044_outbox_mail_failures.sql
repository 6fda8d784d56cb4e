-- Issue 28: failed mails in the outbox (a business gauge): a mail's sending attempts, when it was sent, when its last attempt failed and why (no secrets). Every mail already here went out: sent when it was stored.
ALTER TABLE "outbox_mails" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "last_error" text;--> statement-breakpoint
UPDATE "outbox_mails" SET "sent_at" = "created_at";--> statement-breakpoint
CREATE INDEX "outbox_mails_unsent_idx" ON "outbox_mails" USING btree ("created_at") WHERE "outbox_mails"."sent_at" is null;