ALTER TABLE "amendments" ADD COLUMN "premium_set_by" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "amendments" ADD CONSTRAINT "amendments_premium_set_by_identities_id_fk" FOREIGN KEY ("premium_set_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_updated_by_identities_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;
