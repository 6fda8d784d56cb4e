CREATE TABLE "dashboard_agency_days" (
	"agency_id" integer NOT NULL,
	"day" date NOT NULL,
	"provider_id" integer NOT NULL,
	"status" "policy_status" NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"premium" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"banked_commission" bigint DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"amended" integer DEFAULT 0 NOT NULL,
	"certificates" integer DEFAULT 0 NOT NULL,
	"paid_clawback" bigint DEFAULT 0 NOT NULL,
	"pending_clawback" bigint DEFAULT 0 NOT NULL,
	"refunded_premium" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_agency_days_agency_id_day_provider_id_status_pk" PRIMARY KEY("agency_id","day","provider_id","status")
);
--> statement-breakpoint
CREATE TABLE "dashboard_agency_months" (
	"month" date NOT NULL,
	"agency_id" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"premium" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_agency_months_month_agency_id_pk" PRIMARY KEY("month","agency_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_days" (
	"day" date NOT NULL,
	"provider_id" integer NOT NULL,
	"status" "policy_status" NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"premium" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"banked_commission" bigint DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"amended" integer DEFAULT 0 NOT NULL,
	"certificates" integer DEFAULT 0 NOT NULL,
	"paid_clawback" bigint DEFAULT 0 NOT NULL,
	"pending_clawback" bigint DEFAULT 0 NOT NULL,
	"refunded_premium" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_days_day_provider_id_status_pk" PRIMARY KEY("day","provider_id","status")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "dashboard_rollup_state_one_row" CHECK ("dashboard_rollup_state"."id")
);
--> statement-breakpoint
CREATE INDEX "dashboard_agency_days_sold_idx" ON "dashboard_agency_days" USING btree ("day","agency_id") WHERE "dashboard_agency_days"."sold" > 0;--> statement-breakpoint
-- ── The rollups' upkeep (docs/decisions/0011-dashboard-rollup.md) ────────────────────────────
-- A fact is what one source row adds to one rollup row; every trigger turns the rows a statement
-- wrote into facts (+1 for the new rows, -1 for the old ones) and dashboard_apply adds them up.
INSERT INTO dashboard_rollup_state (id, time_zone) VALUES (true, 'Australia/Sydney');
--> statement-breakpoint
CREATE TYPE dashboard_fact AS (
  day date, agency_id integer, provider_id integer, status policy_status,
  sold integer, premium bigint, commission bigint, banked_commission bigint,
  created integer, amended integer, certificates integer,
  paid_clawback bigint, pending_clawback bigint, refunded_premium bigint
);
--> statement-breakpoint
-- Adds facts to the three rollups, in key order (so that concurrent writers lock rows in one
-- order); facts that cancel out write nothing.
CREATE FUNCTION dashboard_apply(facts dashboard_fact[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_agency_days AS r (agency_id, day, provider_id, status, sold, premium, commission,
    banked_commission, created, amended, certificates, paid_clawback, pending_clawback, refunded_premium)
  SELECT agency_id, day, provider_id, status, sum(sold), sum(premium), sum(commission), sum(banked_commission),
         sum(created), sum(amended), sum(certificates), sum(paid_clawback), sum(pending_clawback), sum(refunded_premium)
  FROM unnest(facts) GROUP BY 1, 2, 3, 4
  HAVING (sum(sold), sum(premium), sum(commission), sum(banked_commission), sum(created), sum(amended),
          sum(certificates), sum(paid_clawback), sum(pending_clawback), sum(refunded_premium))
         <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (agency_id, day, provider_id, status) DO UPDATE SET
    sold = r.sold + excluded.sold, premium = r.premium + excluded.premium,
    commission = r.commission + excluded.commission, banked_commission = r.banked_commission + excluded.banked_commission,
    created = r.created + excluded.created, amended = r.amended + excluded.amended,
    certificates = r.certificates + excluded.certificates, paid_clawback = r.paid_clawback + excluded.paid_clawback,
    pending_clawback = r.pending_clawback + excluded.pending_clawback,
    refunded_premium = r.refunded_premium + excluded.refunded_premium;
  INSERT INTO dashboard_days AS r (day, provider_id, status, sold, premium, commission,
    banked_commission, created, amended, certificates, paid_clawback, pending_clawback, refunded_premium)
  SELECT day, provider_id, status, sum(sold), sum(premium), sum(commission), sum(banked_commission),
         sum(created), sum(amended), sum(certificates), sum(paid_clawback), sum(pending_clawback), sum(refunded_premium)
  FROM unnest(facts) GROUP BY 1, 2, 3
  HAVING (sum(sold), sum(premium), sum(commission), sum(banked_commission), sum(created), sum(amended),
          sum(certificates), sum(paid_clawback), sum(pending_clawback), sum(refunded_premium))
         <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (day, provider_id, status) DO UPDATE SET
    sold = r.sold + excluded.sold, premium = r.premium + excluded.premium,
    commission = r.commission + excluded.commission, banked_commission = r.banked_commission + excluded.banked_commission,
    created = r.created + excluded.created, amended = r.amended + excluded.amended,
    certificates = r.certificates + excluded.certificates, paid_clawback = r.paid_clawback + excluded.paid_clawback,
    pending_clawback = r.pending_clawback + excluded.pending_clawback,
    refunded_premium = r.refunded_premium + excluded.refunded_premium;
  INSERT INTO dashboard_agency_months AS r (month, agency_id, sold, premium, commission)
  SELECT date_trunc('month', day::timestamp)::date, agency_id, sum(sold), sum(premium), sum(commission)
  FROM unnest(facts) GROUP BY 1, 2
  HAVING (sum(sold), sum(premium), sum(commission)) <> (0, 0, 0)
  ORDER BY 1, 2
  ON CONFLICT (month, agency_id) DO UPDATE SET
    sold = r.sold + excluded.sold, premium = r.premium + excluded.premium, commission = r.commission + excluded.commission;
$$;
--> statement-breakpoint
-- The business day of an instant.
CREATE FUNCTION dashboard_day(instant timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (instant AT TIME ZONE (SELECT time_zone FROM dashboard_rollup_state))::date
$$;
--> statement-breakpoint
-- A fact under a policy's key with one figure set (the others 0).
CREATE FUNCTION dashboard_fact_of(p policies, instant timestamptz, sold integer DEFAULT 0, premium bigint DEFAULT 0,
  commission bigint DEFAULT 0, banked_commission bigint DEFAULT 0, created integer DEFAULT 0, amended integer DEFAULT 0,
  certificates integer DEFAULT 0, paid_clawback bigint DEFAULT 0, pending_clawback bigint DEFAULT 0,
  refunded_premium bigint DEFAULT 0) RETURNS dashboard_fact LANGUAGE sql STABLE AS $$
  SELECT ROW(dashboard_day(instant), p.agency_id, coalesce(p.insurance_provider_id, 0), p.status, sold, premium, commission,
             banked_commission, created, amended, certificates, paid_clawback, pending_clawback,
             refunded_premium)::dashboard_fact
$$;
--> statement-breakpoint
-- The facts of commissions, certificates, clawbacks and full refunds, under the given versions
-- of their policies (`pols`), times `sign`.
CREATE FUNCTION dashboard_commission_facts(rows commissions[], pols policies[], sign integer)
RETURNS SETOF dashboard_fact LANGUAGE sql STABLE AS $$
  SELECT dashboard_fact_of(p, p.purchased_at, commission => sign * c.amount,
           banked_commission => CASE WHEN c.status IN ('COMMISSION_BANKED', 'COMMISSION_BANKED_AMENDMENT_ADJUSTED')
                                     THEN sign * c.amount ELSE 0 END)
  FROM unnest(rows) c JOIN unnest(pols) p ON p.id = c.policy_id
  WHERE p.purchased_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_certificate_facts(rows policy_certificates[], pols policies[], sign integer)
RETURNS SETOF dashboard_fact LANGUAGE sql STABLE AS $$
  SELECT dashboard_fact_of(p, c.issued_at, certificates => sign)
  FROM unnest(rows) c JOIN unnest(pols) p ON p.id = c.policy_id
  WHERE c.certificate_type = 'new' AND c.issued_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_clawback_facts(rows clawbacks[], pols policies[], sign integer)
RETURNS SETOF dashboard_fact LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN c.status = 'COMPLETED'
              THEN dashboard_fact_of(p, c.clawback_completed_at, paid_clawback => sign * c.clawback_commission_amount)
              ELSE dashboard_fact_of(p, c.created_at, pending_clawback => sign * c.outstanding_amount) END
  FROM unnest(rows) c JOIN unnest(pols) p ON p.id = c.policy_id
  WHERE c.status <> 'COMPLETED' OR c.clawback_completed_at IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_full_refund_facts(rows full_refunds[], pols policies[], sign integer)
RETURNS SETOF dashboard_fact LANGUAGE sql STABLE AS $$
  SELECT dashboard_fact_of(p, r.completed_at, refunded_premium => sign * coalesce(r.refundable_premium_amount, 0))
  FROM unnest(rows) r JOIN unnest(pols) p ON p.id = r.policy_id
  WHERE r.status = 'COMPLETED' AND r.completed_at IS NOT NULL
$$;
--> statement-breakpoint
-- Whether a policy counts as amended in the status mix.
CREATE FUNCTION dashboard_amended(policy_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM amendments a WHERE a.policy_id = $1 AND a.status IN ('COMPLETED', 'CERTIFICATE_UPLOADED'))
$$;
--> statement-breakpoint
-- Everything the given versions of policies add (their sale, their creation, and the facts of
-- their commissions, certificates, clawbacks and full refunds as they stand), times `sign`.
CREATE FUNCTION dashboard_policy_facts(pols policies[], sign integer)
RETURNS SETOF dashboard_fact LANGUAGE sql STABLE AS $$
  SELECT f.* FROM unnest(pols) p,
    dashboard_fact_of(p, p.purchased_at, sold => sign, premium => sign * coalesce(p.premium, 0)) f
  WHERE p.purchased_at IS NOT NULL
  UNION ALL
  SELECT f.* FROM unnest(pols) p,
    dashboard_fact_of(p, p.created_at, created => sign, amended => sign * dashboard_amended(p.id)::integer) f
  UNION ALL
  SELECT * FROM dashboard_commission_facts(
    ARRAY(SELECT c FROM commissions c WHERE c.policy_id IN (SELECT id FROM unnest(pols))), pols, sign)
  UNION ALL
  SELECT * FROM dashboard_certificate_facts(
    ARRAY(SELECT c FROM policy_certificates c WHERE c.policy_id IN (SELECT id FROM unnest(pols))), pols, sign)
  UNION ALL
  SELECT * FROM dashboard_clawback_facts(
    ARRAY(SELECT c FROM clawbacks c WHERE c.policy_id IN (SELECT id FROM unnest(pols))), pols, sign)
  UNION ALL
  SELECT * FROM dashboard_full_refund_facts(
    ARRAY(SELECT r FROM full_refunds r WHERE r.policy_id IN (SELECT id FROM unnest(pols))), pols, sign)
$$;
--> statement-breakpoint
-- Empties the rollups and adds up every policy again (the backfill; after a change of
-- BUSINESS_TZ, with the new zone). Writers wait meanwhile.
CREATE FUNCTION dashboard_rebuild(zone text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dashboard_rollup_state, dashboard_days, dashboard_agency_days, dashboard_agency_months IN EXCLUSIVE MODE;
  IF zone IS NOT NULL THEN UPDATE dashboard_rollup_state SET time_zone = zone; END IF;
  DELETE FROM dashboard_days;
  DELETE FROM dashboard_agency_days;
  DELETE FROM dashboard_agency_months;
  PERFORM dashboard_apply(ARRAY(SELECT f FROM dashboard_policy_facts(ARRAY(SELECT p FROM policies p), 1) f));
END $$;
--> statement-breakpoint
-- policies: a new policy adds its facts; a change to what the dashboard reads of it takes away
-- its old facts and adds the new ones (its children's facts move with it).
CREATE FUNCTION dashboard_policies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added policies[];
  removed policies[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO added FROM new_rows n;
  ELSE
    SELECT array_agg(n), array_agg(o) INTO added, removed
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.agency_id, n.insurance_provider_id, n.status, n.purchased_at, n.created_at, n.premium)
          IS DISTINCT FROM (o.agency_id, o.insurance_provider_id, o.status, o.purchased_at, o.created_at, o.premium);
  END IF;
  IF added IS NOT NULL OR removed IS NOT NULL THEN
    PERFORM dashboard_apply(ARRAY(
      SELECT f FROM dashboard_policy_facts(coalesce(added, '{}'), 1) f
      UNION ALL SELECT f FROM dashboard_policy_facts(coalesce(removed, '{}'), -1) f));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted policy takes its facts away while its children still exist (their cascaded deletes
-- then find no policy and take nothing).
CREATE FUNCTION dashboard_policy_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_apply(ARRAY(SELECT f FROM dashboard_policy_facts(ARRAY[OLD], -1) f));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- The current versions of the policies some rows belong to.
CREATE FUNCTION dashboard_policies_of(ids integer[]) RETURNS policies[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(p), '{}') FROM policies p WHERE p.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_commissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added commissions[] := '{}'; removed commissions[] := '{}'; pols policies[];
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows n; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows o; END IF;
  pols := dashboard_policies_of(ARRAY(SELECT policy_id FROM unnest(added) UNION SELECT policy_id FROM unnest(removed)));
  PERFORM dashboard_apply(ARRAY(
    SELECT f FROM dashboard_commission_facts(added, pols, 1) f
    UNION ALL SELECT f FROM dashboard_commission_facts(removed, pols, -1) f));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_certificates_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added policy_certificates[] := '{}'; removed policy_certificates[] := '{}'; pols policies[];
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows n; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows o; END IF;
  pols := dashboard_policies_of(ARRAY(SELECT policy_id FROM unnest(added) UNION SELECT policy_id FROM unnest(removed)));
  PERFORM dashboard_apply(ARRAY(
    SELECT f FROM dashboard_certificate_facts(added, pols, 1) f
    UNION ALL SELECT f FROM dashboard_certificate_facts(removed, pols, -1) f));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_clawbacks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added clawbacks[] := '{}'; removed clawbacks[] := '{}'; pols policies[];
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows n; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows o; END IF;
  pols := dashboard_policies_of(ARRAY(SELECT policy_id FROM unnest(added) UNION SELECT policy_id FROM unnest(removed)));
  PERFORM dashboard_apply(ARRAY(
    SELECT f FROM dashboard_clawback_facts(added, pols, 1) f
    UNION ALL SELECT f FROM dashboard_clawback_facts(removed, pols, -1) f));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dashboard_full_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added full_refunds[] := '{}'; removed full_refunds[] := '{}'; pols policies[];
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows n; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows o; END IF;
  pols := dashboard_policies_of(ARRAY(SELECT policy_id FROM unnest(added) UNION SELECT policy_id FROM unnest(removed)));
  PERFORM dashboard_apply(ARRAY(
    SELECT f FROM dashboard_full_refund_facts(added, pols, 1) f
    UNION ALL SELECT f FROM dashboard_full_refund_facts(removed, pols, -1) f));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- amendments: a policy whose "amended" changed moves between its status and "amended" in the
-- status mix. Before the statement, the policy's amendments were the current ones less the
-- statement's new rows plus its old rows.
CREATE FUNCTION dashboard_amendments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added amendments[] := '{}'; removed amendments[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT coalesce(array_agg(n), '{}') INTO added FROM new_rows n; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT coalesce(array_agg(o), '{}') INTO removed FROM old_rows o; END IF;
  PERFORM dashboard_apply(ARRAY(
    SELECT dashboard_fact_of(p, p.created_at, amended => x.now_amended::integer - x.was_amended::integer)
    FROM unnest(dashboard_policies_of(ARRAY(
           SELECT policy_id FROM unnest(added) UNION SELECT policy_id FROM unnest(removed)))) p
    CROSS JOIN LATERAL (
      SELECT dashboard_amended(p.id) AS now_amended,
             EXISTS (SELECT 1 FROM (
                       SELECT a.status FROM amendments a
                       WHERE a.policy_id = p.id AND a.id NOT IN (SELECT id FROM unnest(added))
                       UNION ALL SELECT o.status FROM unnest(removed) o WHERE o.policy_id = p.id) s
                     WHERE s.status IN ('COMPLETED', 'CERTIFICATE_UPLOADED')) AS was_amended) x
    WHERE x.now_amended <> x.was_amended));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_policies_inserted AFTER INSERT ON policies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_policies_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_policies_updated AFTER UPDATE ON policies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_policies_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_policies_deleted BEFORE DELETE ON policies FOR EACH ROW EXECUTE FUNCTION dashboard_policy_deleted();
--> statement-breakpoint
CREATE TRIGGER dashboard_commissions_inserted AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_commissions_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_commissions_updated AFTER UPDATE ON commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_commissions_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_commissions_deleted AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_commissions_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_certificates_inserted AFTER INSERT ON policy_certificates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_certificates_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_certificates_updated AFTER UPDATE ON policy_certificates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_certificates_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_certificates_deleted AFTER DELETE ON policy_certificates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_certificates_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_clawbacks_inserted AFTER INSERT ON clawbacks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_clawbacks_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_clawbacks_updated AFTER UPDATE ON clawbacks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_clawbacks_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_clawbacks_deleted AFTER DELETE ON clawbacks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_clawbacks_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_full_refunds_inserted AFTER INSERT ON full_refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_full_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_full_refunds_updated AFTER UPDATE ON full_refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_full_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_full_refunds_deleted AFTER DELETE ON full_refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_full_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_amendments_inserted AFTER INSERT ON amendments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_amendments_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_amendments_updated AFTER UPDATE ON amendments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_amendments_changed();
--> statement-breakpoint
CREATE TRIGGER dashboard_amendments_deleted AFTER DELETE ON amendments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_amendments_changed();
--> statement-breakpoint
-- A truncated source leaves nothing to add up incrementally: start again from what is left.
CREATE FUNCTION dashboard_source_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dashboard_rebuild();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dashboard_policies_truncated AFTER TRUNCATE ON policies FOR EACH STATEMENT EXECUTE FUNCTION dashboard_source_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_commissions_truncated AFTER TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION dashboard_source_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_certificates_truncated AFTER TRUNCATE ON policy_certificates FOR EACH STATEMENT EXECUTE FUNCTION dashboard_source_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_clawbacks_truncated AFTER TRUNCATE ON clawbacks FOR EACH STATEMENT EXECUTE FUNCTION dashboard_source_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_full_refunds_truncated AFTER TRUNCATE ON full_refunds FOR EACH STATEMENT EXECUTE FUNCTION dashboard_source_truncated();
--> statement-breakpoint
CREATE TRIGGER dashboard_amendments_truncated AFTER TRUNCATE ON amendments FOR EACH STATEMENT EXECUTE FUNCTION dashboard_source_truncated();
--> statement-breakpoint
-- The backfill: the rollups of the rows already there.
SELECT dashboard_rebuild();
