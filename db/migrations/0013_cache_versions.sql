CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cache_versions (name, version) VALUES (TG_TABLE_NAME, 1)
  ON CONFLICT (name) DO UPDATE SET version = cache_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO cache_versions (name, version) VALUES
  ('insurance_providers', 0), ('provider_rates', 0), ('gst_rates', 0), ('offers', 0),
  ('agency_configurations', 0), ('purchase_rules', 0);
--> statement-breakpoint
CREATE TRIGGER insurance_providers_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON insurance_providers FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER provider_rates_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_rates FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER gst_rates_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gst_rates FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER offers_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER agency_configurations_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agency_configurations FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER purchase_rules_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON purchase_rules FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
