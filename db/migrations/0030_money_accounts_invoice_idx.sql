-- The trial balance page lists an agency's invoice accounts by joining on invoice_id.
CREATE INDEX IF NOT EXISTS "money_accounts_invoice_idx" ON "money_accounts" USING btree ("invoice_id") WHERE "money_accounts"."invoice_id" is not null;
