-- Sessions and audit (issue 24): each session remembers the browser (User-Agent) and IP it was
-- opened from, for the "Signed-in devices" page; security_events is the append-only security log
-- (sign-ins, refusals, second-factor changes, recovery code use, ended sessions), read by staff
-- with user_management, newest first, optionally for one person.
CREATE TABLE "security_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_id" integer,
	"email" text,
	"kind" text NOT NULL,
	"method" text,
	"ip" text,
	"user_agent" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD CONSTRAINT "security_events_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_identity_created_idx" ON "security_events" USING btree ("identity_id","created_at");