CREATE TYPE "public"."policy_source" AS ENUM('PORTAL', 'WIDGET');--> statement-breakpoint
CREATE TYPE "public"."public_client_type" AS ENUM('IFRAME', 'IN_APP');--> statement-breakpoint
CREATE TABLE "public_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"agency_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" "public_client_type" NOT NULL,
	"whitelist_url" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_secret_expires_at" timestamp with time zone,
	"theme_color" text,
	"logo_url" text,
	"created_by" integer,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "source" "policy_source" DEFAULT 'PORTAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "public_client_id" integer;--> statement-breakpoint
ALTER TABLE "public_clients" ADD CONSTRAINT "public_clients_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_clients" ADD CONSTRAINT "public_clients_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_clients_client_id_idx" ON "public_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "public_clients_agency_idx" ON "public_clients" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "public_clients_whitelist_idx" ON "public_clients" USING gin ("whitelist_url");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_public_client_id_public_clients_id_fk" FOREIGN KEY ("public_client_id") REFERENCES "public"."public_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_public_client_idx" ON "policies" USING btree ("public_client_id","created_at");