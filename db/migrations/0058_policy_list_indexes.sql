DROP INDEX "policies_provider_status_start_idx";--> statement-breakpoint
CREATE INDEX "policies_provider_start_idx" ON "policies" USING btree ("insurance_provider_id","is_archived","start_date","id");--> statement-breakpoint
CREATE INDEX "policies_provider_status_start_idx" ON "policies" USING btree ("insurance_provider_id","status","start_date","is_archived");