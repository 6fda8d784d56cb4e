-- Issue 25: bank statements and their lines, each line stored once (line_hash), with its match state.
CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"line_hash" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"balance_cents" bigint,
	"state" text DEFAULT 'unmatched' NOT NULL,
	"matched_kind" text,
	"matched_id" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_identity_id" integer,
	CONSTRAINT "bank_statement_lines_hash_key" UNIQUE("line_hash"),
	CONSTRAINT "bank_statement_lines_state_check" CHECK ("bank_statement_lines"."state" in ('unmatched', 'exact', 'proposed', 'confirmed', 'not_ours')),
	CONSTRAINT "bank_statement_lines_kind_check" CHECK ("bank_statement_lines"."matched_kind" is null or "bank_statement_lines"."matched_kind" in ('policy_payment', 'topup'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"uploaded_by_identity_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"new_line_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_confirmed_by_identity_id_identities_id_fk" FOREIGN KEY ("confirmed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_identity_id_identities_id_fk" FOREIGN KEY ("uploaded_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_state_idx" ON "bank_statement_lines" USING btree ("state");