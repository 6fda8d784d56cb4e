-- Issue 25: closed periods (ADR 0019): months of the journal proposed and closed by two people, their audit, and the trigger that freezes a closed month's transfers.
CREATE TABLE "accounting_period_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"kind" text NOT NULL,
	"identity_id" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_period_events_kind_check" CHECK ("accounting_period_events"."kind" in ('PROPOSED', 'CLOSED', 'REOPEN_REQUESTED', 'REOPENED'))
);
--> statement-breakpoint
CREATE TABLE "accounting_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"trial_balance" jsonb,
	"proposed_by_identity_id" integer,
	"proposed_at" timestamp with time zone,
	"closed_by_identity_id" integer,
	"closed_at" timestamp with time zone,
	"reopen_requested_by_identity_id" integer,
	"reopen_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_periods_month_key" UNIQUE("month"),
	CONSTRAINT "accounting_periods_status_check" CHECK ("accounting_periods"."status" in ('OPEN', 'PROPOSED', 'CLOSED', 'REOPEN_REQUESTED')),
	CONSTRAINT "accounting_periods_first_day" CHECK (extract(day from "accounting_periods"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_period_id_accounting_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."accounting_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_period_events" ADD CONSTRAINT "accounting_period_events_identity_id_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_proposed_by_identity_id_identities_id_fk" FOREIGN KEY ("proposed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_closed_by_identity_id_identities_id_fk" FOREIGN KEY ("closed_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_periods" ADD CONSTRAINT "accounting_periods_reopen_requested_by_identity_id_identities_id_fk" FOREIGN KEY ("reopen_requested_by_identity_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_period_events_period_idx" ON "accounting_period_events" USING btree ("period_id","id");--> statement-breakpoint
-- A month (Australia/Sydney) is frozen while accounting_periods says CLOSED or REOPEN_REQUESTED.
CREATE FUNCTION money_month_frozen(at timestamptz) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT at IS NOT NULL AND EXISTS (
    SELECT 1 FROM accounting_periods p
    WHERE p.month = date_trunc('month', at AT TIME ZONE 'Australia/Sydney')::date
      AND p.status IN ('CLOSED', 'REOPEN_REQUESTED'))
$$;--> statement-breakpoint
-- Nothing dated in a frozen month may be written: no transfer created or decided in it, no change of
-- a transfer created in it other than a pending one's decision (PENDING -> POSTED | VOIDED, decided
-- on a day of an open month). Refused with SQLSTATE PC001 and the month (YYYY-MM) as the HINT; the
-- journal writer answers it as a 409 naming the month.
CREATE FUNCTION money_transfers_closed_period() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  frozen timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF money_month_frozen(NEW.created_at) THEN
      frozen := NEW.created_at;
    ELSIF money_month_frozen(NEW.decided_at) THEN
      frozen := NEW.decided_at;
    END IF;
  ELSE
    IF (NEW.amount, NEW.debit_account_id, NEW.credit_account_id, NEW.code, NEW.created_at)
        IS DISTINCT FROM (OLD.amount, OLD.debit_account_id, OLD.credit_account_id, OLD.code, OLD.created_at) THEN
      IF money_month_frozen(OLD.created_at) THEN
        frozen := OLD.created_at;
      ELSIF money_month_frozen(NEW.created_at) THEN
        frozen := NEW.created_at;
      END IF;
    END IF;
    IF frozen IS NULL AND NEW.decided_at IS DISTINCT FROM OLD.decided_at THEN
      IF money_month_frozen(OLD.decided_at) THEN
        frozen := OLD.decided_at;
      ELSIF money_month_frozen(NEW.decided_at) THEN
        frozen := NEW.decided_at;
      END IF;
    END IF;
  END IF;
  IF frozen IS NOT NULL THEN
    RAISE EXCEPTION 'money_transfers: the month % is closed', to_char(frozen AT TIME ZONE 'Australia/Sydney', 'YYYY-MM')
      USING ERRCODE = 'PC001', HINT = to_char(frozen AT TIME ZONE 'Australia/Sydney', 'YYYY-MM');
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER money_transfers_closed_period BEFORE INSERT OR UPDATE ON money_transfers
  FOR EACH ROW EXECUTE FUNCTION money_transfers_closed_period();
