-- Issued invoices and sent estimates are evidence: what the client received must be producible
-- unchanged. The API never changes them; these triggers make sure no code path (or a manual
-- statement) can either (docs/adr/0018-invoice-numbers-and-freezing.md).
--
-- An invoice that is no longer a draft may change only its status (issued -> paid or void), its
-- payment and void columns, the overdue notice stamp and the audit columns; it is never deleted.
CREATE OR REPLACE FUNCTION ipportal_invoice_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mutable text[] := ARRAY['status', 'paid_at', 'void_reason', 'voided_at', 'voided_by',
    'overdue_notified_at', 'updated_at', 'updated_by'];
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is %: it cannot be deleted', OLD.id, OLD.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NOT (OLD.status = 'issued' AND NEW.status IN ('paid', 'void')) THEN
    RAISE EXCEPTION 'invoice % cannot move from % to %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - mutable) IS DISTINCT FROM (to_jsonb(OLD) - mutable) THEN
    RAISE EXCEPTION 'invoice % is %: its content is frozen', OLD.id, OLD.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION ipportal_invoice_frozen();
--> statement-breakpoint
-- An estimate that is no longer a draft may change only its status (sent -> accepted, declined,
-- withdrawn or superseded; declined -> superseded), the decision and reasons, and the audit
-- columns; it is never deleted.
CREATE OR REPLACE FUNCTION ipportal_deal_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mutable text[] := ARRAY['status', 'decline_reason', 'withdraw_reason', 'decided_at', 'decided_by',
    'updated_at', 'updated_by'];
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'estimate % is %: it cannot be deleted', OLD.id, OLD.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NOT (OLD.status = 'sent' AND NEW.status IN ('accepted', 'declined', 'withdrawn', 'superseded'))
     AND NOT (OLD.status = 'declined' AND NEW.status = 'superseded') THEN
    RAISE EXCEPTION 'estimate % cannot move from % to %', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - mutable) IS DISTINCT FROM (to_jsonb(OLD) - mutable) THEN
    RAISE EXCEPTION 'estimate % is %: its content is frozen', OLD.id, OLD.status
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deals_frozen BEFORE UPDATE OR DELETE ON "deals"
  FOR EACH ROW EXECUTE FUNCTION ipportal_deal_frozen();
--> statement-breakpoint
-- Lines change only while their document is a draft. A document already gone (the cascade of a
-- draft's DELETE) has no status to check.
CREATE OR REPLACE FUNCTION ipportal_billing_items_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_table text := TG_ARGV[0];
  parent_column text := TG_ARGV[1];
  ids uuid[];
  frozen text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ids := ARRAY[(to_jsonb(NEW) ->> parent_column)::uuid];
  ELSIF TG_OP = 'DELETE' THEN
    ids := ARRAY[(to_jsonb(OLD) ->> parent_column)::uuid];
  ELSE
    ids := ARRAY[(to_jsonb(OLD) ->> parent_column)::uuid, (to_jsonb(NEW) ->> parent_column)::uuid];
  END IF;
  EXECUTE format('SELECT status FROM %I WHERE id = ANY($1) AND status <> %L LIMIT 1', parent_table, 'draft')
    INTO frozen USING ids;
  IF frozen IS NOT NULL THEN
    RAISE EXCEPTION '% on %: its document is % and frozen', TG_OP, TG_TABLE_NAME, frozen
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_frozen BEFORE INSERT OR UPDATE OR DELETE ON "invoice_items"
  FOR EACH ROW EXECUTE FUNCTION ipportal_billing_items_frozen('invoices', 'invoice_id');
--> statement-breakpoint
CREATE TRIGGER deal_items_frozen BEFORE INSERT OR UPDATE OR DELETE ON "deal_items"
  FOR EACH ROW EXECUTE FUNCTION ipportal_billing_items_frozen('deals', 'deal_id');
