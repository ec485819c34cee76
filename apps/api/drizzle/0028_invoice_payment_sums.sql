ALTER TABLE "invoices" ADD COLUMN "paid_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pending_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance" bigint GENERATED ALWAYS AS (amount_to_transfer - paid_amount - pending_amount) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_unpaid_request_idx" ON "invoices" USING btree ("request_id","due_date","created_at","balance") WHERE status = 'issued' and balance > 0;--> statement-breakpoint
CREATE INDEX "invoices_unpaid_firm_idx" ON "invoices" USING btree ("firm_id","due_date") WHERE status = 'issued' and balance > 0;--> statement-breakpoint
-- The payment sums are kept by the database itself, so no code path can let them drift from the
-- allocations: every allocation written, changed or removed (also by a payment's cascade) and
-- every payment whose status changes recomputes the sums of the invoices concerned, in the same
-- transaction. They may change on an issued invoice, as its status and payment columns may
-- (docs/adr/0042-invoice-payment-sums.md).
CREATE OR REPLACE FUNCTION ipportal_invoice_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- `balance` is generated: a BEFORE trigger sees it unset in NEW, so it is left out of the
  -- comparison like the sums it follows from.
  mutable text[] := ARRAY['status', 'paid_at', 'void_reason', 'voided_at', 'voided_by',
    'overdue_notified_at', 'paid_amount', 'pending_amount', 'balance', 'updated_at', 'updated_by'];
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
CREATE OR REPLACE FUNCTION ipportal_refresh_invoice_payment_sums(invoice_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE "invoices" AS i
     SET "paid_amount" = sums.paid, "pending_amount" = sums.pending
    FROM (
      SELECT ids.id,
             coalesce(sum(pa."amount") FILTER (WHERE p."status" = 'confirmed'), 0)::bigint AS paid,
             coalesce(sum(pa."amount") FILTER (WHERE p."status" = 'recorded'), 0)::bigint AS pending
        FROM (SELECT DISTINCT unnest(invoice_ids) AS id) AS ids
        LEFT JOIN "payment_allocations" AS pa ON pa."invoice_id" = ids.id
        LEFT JOIN "payments" AS p ON p."id" = pa."payment_id"
       GROUP BY ids.id
    ) AS sums
   WHERE i."id" = sums.id
     AND (i."paid_amount", i."pending_amount") IS DISTINCT FROM (sums.paid, sums.pending);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ipportal_allocation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ipportal_refresh_invoice_payment_sums(ARRAY[NEW.invoice_id]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ipportal_refresh_invoice_payment_sums(ARRAY[OLD.invoice_id]);
  ELSE
    PERFORM ipportal_refresh_invoice_payment_sums(ARRAY[OLD.invoice_id, NEW.invoice_id]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_allocations_sums AFTER INSERT OR UPDATE OR DELETE ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION ipportal_allocation_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ipportal_payment_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ipportal_refresh_invoice_payment_sums(
    ARRAY(SELECT "invoice_id" FROM "payment_allocations" WHERE "payment_id" = NEW.id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_status_sums AFTER UPDATE OF "status" ON "payments"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION ipportal_payment_status_changed();
--> statement-breakpoint
-- Only the sums the allocations give may be written: a manual statement with other figures is
-- refused, so the lists can trust what they read.
CREATE OR REPLACE FUNCTION ipportal_invoice_sums_checked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  pending bigint;
BEGIN
  SELECT coalesce(sum(pa."amount") FILTER (WHERE p."status" = 'confirmed'), 0),
         coalesce(sum(pa."amount") FILTER (WHERE p."status" = 'recorded'), 0)
    INTO paid, pending
    FROM "payment_allocations" AS pa JOIN "payments" AS p ON p."id" = pa."payment_id"
   WHERE pa."invoice_id" = NEW.id;
  IF NEW.paid_amount <> paid OR NEW.pending_amount <> pending THEN
    RAISE EXCEPTION 'invoice %: its payment sums are kept from its allocations (% paid, % pending)',
      NEW.id, paid, pending USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_sums_checked BEFORE UPDATE OF "paid_amount", "pending_amount" ON "invoices"
  FOR EACH ROW WHEN (OLD.paid_amount IS DISTINCT FROM NEW.paid_amount
                     OR OLD.pending_amount IS DISTINCT FROM NEW.pending_amount)
  EXECUTE FUNCTION ipportal_invoice_sums_checked();
--> statement-breakpoint
SELECT ipportal_refresh_invoice_payment_sums(ARRAY(SELECT DISTINCT "invoice_id" FROM "payment_allocations"));
