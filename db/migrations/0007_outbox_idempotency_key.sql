ALTER TABLE "outbox_mails" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_mails_idempotency_key_idx" ON "outbox_mails" USING btree ("idempotency_key");