CREATE TABLE "invoice_list_counts" (
	"scope" text NOT NULL,
	"bucket" text NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	"balance_sum" bigint NOT NULL,
	CONSTRAINT "invoice_list_counts_scope_bucket_due_date_pk" PRIMARY KEY("scope","bucket","due_date")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "client_scope" text;--> statement-breakpoint
-- The money lists' first page and counts at any invoice count (docs/adr/0049-invoice-list-counts.md).
--
-- client_scope: whose matters hold the invoice, named as the matter list's counts name it (the
-- organization, or the owner of a matter without one: ipportal_project_home), null while the
-- request is deleted. A client who sees every matter of that scope (its administrator, or the owner)
-- sees exactly the non-draft invoices carrying it, as the request scope would give them.
CREATE OR REPLACE FUNCTION ipportal_invoice_client_scope(p_request_id uuid) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT ipportal_project_home(p.owner_user_id, p.organization_id)
    FROM requests r JOIN projects p ON p.id = r.project_id
   WHERE r.id = p_request_id AND r.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Whatever a statement writes, the stored scope is the one its request and matter give.
CREATE OR REPLACE FUNCTION ipportal_invoices_client_scope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.client_scope := ipportal_invoice_client_scope(NEW.request_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_client_scope BEFORE INSERT OR UPDATE OF "client_scope", "request_id" ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION ipportal_invoices_client_scope();
--> statement-breakpoint
-- A request deleted, restored or moved, or a matter whose organization or owner changes (a user
-- joining an organization brings their matters): the invoices concerned take their new scope.
CREATE OR REPLACE FUNCTION ipportal_requests_invoice_scope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoices" AS i SET "client_scope" = ipportal_invoice_client_scope(i."request_id")
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   WHERE i."request_id" = n.id
     AND (o.deleted_at IS NULL, o.project_id) IS DISTINCT FROM (n.deleted_at IS NULL, n.project_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER requests_invoice_scope AFTER UPDATE ON "requests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ipportal_requests_invoice_scope();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ipportal_projects_invoice_scope() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invoices" AS i SET "client_scope" = ipportal_invoice_client_scope(i."request_id")
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN "requests" AS r ON r."project_id" = n.id
   WHERE i."request_id" = r."id"
     AND (o.organization_id, o.owner_user_id) IS DISTINCT FROM (n.organization_id, n.owner_user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_invoice_scope AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ipportal_projects_invoice_scope();
--> statement-breakpoint
-- The scope may change on an issued invoice, as its status and payment sums may (0014, 0028).
CREATE OR REPLACE FUNCTION ipportal_invoice_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- `balance` is generated: a BEFORE trigger sees it unset in NEW, so it is left out of the
  -- comparison like the sums it follows from.
  mutable text[] := ARRAY['status', 'paid_at', 'void_reason', 'voided_at', 'voided_by',
    'overdue_notified_at', 'paid_amount', 'pending_amount', 'balance', 'client_scope',
    'updated_at', 'updated_by'];
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
-- Which list count an invoice is in; drafts are in none (a client never sees them, and an office's
-- few drafts are counted from the office's index).
CREATE OR REPLACE FUNCTION ipportal_invoice_bucket(p_status text, p_balance bigint) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'issued' AND p_balance > 0 THEN 'unpaid'
              WHEN p_status = 'issued' THEN 'settled'
              WHEN p_status IN ('paid', 'void') THEN p_status END
$$;
--> statement-breakpoint
-- Counts change by the rows a statement inserted (+1) and removed (-1), an update being both when
-- what is counted changed; rows are locked in key order, so two statements never wait on each
-- other's counters in a cycle. Each invoice counts for its office and for its client scope.
CREATE OR REPLACE FUNCTION ipportal_invoices_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_list_counts AS c (scope, bucket, due_date, n, balance_sum)
      SELECT s.scope, ipportal_invoice_bucket(r.status, r.balance), r.due_date, count(*)::int, sum(r.balance)::bigint
        FROM new_rows r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS s(scope)
       WHERE s.scope IS NOT NULL AND ipportal_invoice_bucket(r.status, r.balance) IS NOT NULL
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (scope, bucket, due_date)
        DO UPDATE SET n = c.n + excluded.n, balance_sum = c.balance_sum + excluded.balance_sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_list_counts AS c (scope, bucket, due_date, n, balance_sum)
      SELECT s.scope, ipportal_invoice_bucket(r.status, r.balance), r.due_date, -count(*)::int, -sum(r.balance)::bigint
        FROM old_rows r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS s(scope)
       WHERE s.scope IS NOT NULL AND ipportal_invoice_bucket(r.status, r.balance) IS NOT NULL
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (scope, bucket, due_date)
        DO UPDATE SET n = c.n + excluded.n, balance_sum = c.balance_sum + excluded.balance_sum;
  ELSE
    INSERT INTO invoice_list_counts AS c (scope, bucket, due_date, n, balance_sum)
      SELECT scope, bucket, due_date, sum(d)::int, sum(d * balance)::bigint FROM (
        SELECT s.scope, ipportal_invoice_bucket(r.status, r.balance) AS bucket, r.due_date, r.balance, d
          FROM (
            SELECT n.*, 1 AS d FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.firm_id, o.client_scope, o.status, o.balance, o.due_date)
                   IS DISTINCT FROM (n.firm_id, n.client_scope, n.status, n.balance, n.due_date)
            UNION ALL
            SELECT o.*, -1 FROM old_rows o JOIN new_rows n ON n.id = o.id
             WHERE (o.firm_id, o.client_scope, o.status, o.balance, o.due_date)
                   IS DISTINCT FROM (n.firm_id, n.client_scope, n.status, n.balance, n.due_date)
          ) AS r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS s(scope)
         WHERE s.scope IS NOT NULL AND ipportal_invoice_bucket(r.status, r.balance) IS NOT NULL
      ) AS delta
      GROUP BY 1, 2, 3 HAVING sum(d) <> 0 OR sum(d * balance) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (scope, bucket, due_date)
        DO UPDATE SET n = c.n + excluded.n, balance_sum = c.balance_sum + excluded.balance_sum;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "invoices" SET "client_scope" = ipportal_invoice_client_scope("request_id");
--> statement-breakpoint
INSERT INTO invoice_list_counts (scope, bucket, due_date, n, balance_sum)
  SELECT s.scope, ipportal_invoice_bucket(i.status, i.balance), i.due_date, count(*)::int, sum(i.balance)::bigint
    FROM invoices i, LATERAL (VALUES ('f:' || i.firm_id), (i.client_scope)) AS s(scope)
   WHERE s.scope IS NOT NULL AND ipportal_invoice_bucket(i.status, i.balance) IS NOT NULL
   GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER invoices_count_insert AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_invoices_count();
--> statement-breakpoint
CREATE TRIGGER invoices_count_update AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_invoices_count();
--> statement-breakpoint
CREATE TRIGGER invoices_count_delete AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_invoices_count();
--> statement-breakpoint
DROP INDEX "invoices_unpaid_firm_idx";--> statement-breakpoint
CREATE INDEX "invoices_unpaid_firm_idx" ON "invoices" USING btree ("firm_id","due_date","created_at","id") WHERE status = 'issued' and balance > 0;--> statement-breakpoint
CREATE INDEX "invoices_client_unpaid_idx" ON "invoices" USING btree ("client_scope","due_date","created_at","id") WHERE status = 'issued' and balance > 0;--> statement-breakpoint
CREATE INDEX "invoices_client_status_idx" ON "invoices" USING btree ("client_scope","status","due_date","created_at","id");
