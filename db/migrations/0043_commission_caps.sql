-- Issue 25: commission cap compliance (ADR 0020): the cap per product line from an effective date, set by two people (proposed, confirmed), its audit, and the reference-cache trigger so quotes see a change at once.
CREATE TABLE "commission_cap_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"cap_id" integer NOT NULL,
	"kind" text NOT NULL,
	"identity_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_cap_events_kind_check" CHECK ("commission_cap_events"."kind" in ('PROPOSED', 'CONFIRMED', 'WITHDRAWN', 'SUPERSEDED'))
);
--> statement-breakpoint
CREATE TABLE "commission_caps" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_line" text NOT NULL,
	"max_rate" numeric(5, 2),
	"effective_from" date NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"note" text,
	"proposed_by_identity_id" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by_identity_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_caps_line_check" CHECK ("commission_caps"."product_line" in ('OSHC', 'OVHC')),
	CONSTRAINT "commission_caps_status_check" CHECK ("commission_caps"."status" in ('PROPOSED', 'ACTIVE', 'SUPERSEDED', 'WITHDRAWN')),
	CONSTRAINT "commission_caps_rate_check" CHECK ("commission_caps"."max_rate" is null or ("commission_caps"."max_rate" > 0 and "commission_caps"."max_rate" <= 100))
);
--> statement-breakpoint
ALTER TABLE "commission_cap_events" ADD CONSTRAINT "commission_cap_events_cap_id_commission_caps_id_fk" FOREIGN KEY ("cap_id") REFERENCES "public"."commission_caps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_cap_events" ADD CONSTRAINT "commission_cap_events_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_caps" ADD CONSTRAINT "commission_caps_proposed_by_identity_id_identities_id_fk" FOREIGN KEY ("proposed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_caps" ADD CONSTRAINT "commission_caps_confirmed_by_identity_id_identities_id_fk" FOREIGN KEY ("confirmed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_cap_events_cap_idx" ON "commission_cap_events" USING btree ("cap_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_caps_one_proposal_idx" ON "commission_caps" USING btree ("product_line") WHERE "commission_caps"."status" = 'PROPOSED';--> statement-breakpoint
CREATE UNIQUE INDEX "commission_caps_one_active_idx" ON "commission_caps" USING btree ("product_line","effective_from") WHERE "commission_caps"."status" = 'ACTIVE';--> statement-breakpoint
INSERT INTO cache_versions (name, version) VALUES ('commission_caps', 0) ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER commission_caps_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commission_caps FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
