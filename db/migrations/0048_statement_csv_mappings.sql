CREATE TABLE "statement_csv_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_account" text NOT NULL,
	"header_key" text NOT NULL,
	"columns" jsonb NOT NULL,
	"saved_by_identity_id" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_csv_mappings_account_key" UNIQUE("bank_account")
);
--> statement-breakpoint
ALTER TABLE "statement_csv_mappings" ADD CONSTRAINT "statement_csv_mappings_saved_by_identity_id_identities_id_fk" FOREIGN KEY ("saved_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_csv_mappings_header_idx" ON "statement_csv_mappings" USING btree ("header_key");