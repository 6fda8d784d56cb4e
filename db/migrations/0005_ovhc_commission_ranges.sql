CREATE TABLE "ovhc_commission_ranges" (
	"provider_id" integer PRIMARY KEY NOT NULL,
	"min_rate" numeric(5, 2) NOT NULL,
	"max_rate" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ovhc_commission_ranges_bounds" CHECK ("ovhc_commission_ranges"."min_rate" > 0 AND "ovhc_commission_ranges"."min_rate" <= "ovhc_commission_ranges"."max_rate" AND "ovhc_commission_ranges"."max_rate" < 100)
);
--> statement-breakpoint
ALTER TABLE "ovhc_commission_ranges" ADD CONSTRAINT "ovhc_commission_ranges_provider_id_insurance_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."insurance_providers"("id") ON DELETE no action ON UPDATE no action;