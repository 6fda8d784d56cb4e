CREATE INDEX "agencies_name_idx" ON "agencies" USING btree ("full_company_name");--> statement-breakpoint
CREATE INDEX "agencies_created_idx" ON "agencies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agencies_name_trgm_idx" ON "agencies" USING gin ("full_company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agencies_email_trgm_idx" ON "agencies" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agencies_contact_trgm_idx" ON "agencies" USING gin ("contact_person" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "agencies_phone_trgm_idx" ON "agencies" USING gin ("contact_number" gin_trgm_ops);