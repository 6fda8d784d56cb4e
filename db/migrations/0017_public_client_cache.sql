-- A public API call finds its client (and the client's agency) in the in-process reference cache;
-- writes to either table move its version (bump_cache_version, migration 0013), so a switched-off
-- client or a deactivated agency is refused by every process within a second.
INSERT INTO cache_versions (name, version) VALUES ('public_clients', 0), ('agencies', 0)
ON CONFLICT (name) DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER public_clients_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public_clients FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
--> statement-breakpoint
CREATE TRIGGER agencies_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version();
