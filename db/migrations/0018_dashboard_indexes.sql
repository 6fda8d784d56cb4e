CREATE INDEX "policies_purchased_idx" ON "policies" USING btree ("purchased_at");--> statement-breakpoint
CREATE INDEX "policy_certificates_issued_idx" ON "policy_certificates" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "clawbacks_completed_idx" ON "clawbacks" USING btree ("status","clawback_completed_at");--> statement-breakpoint
CREATE INDEX "commission_payouts_decided_idx" ON "commission_payouts" USING btree ("status","decided_at");--> statement-breakpoint
CREATE INDEX "full_refunds_completed_idx" ON "full_refunds" USING btree ("status","completed_at");