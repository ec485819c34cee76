CREATE TABLE "invoice_list_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The invoice list pages a process keeps (docs/adr/0056-invoice-list-pages-kept.md) are valid while
-- their scope's version stays: every change to what a list of that scope shows bumps it in the same
-- transaction. Versions are taken in key order, so two statements never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION ipportal_bump_invoice_lists(p_scopes text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO invoice_list_versions AS v (scope, version)
    SELECT DISTINCT s, 1 FROM unnest(p_scopes) AS s WHERE s IS NOT NULL ORDER BY 1
  ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
$$;
--> statement-breakpoint
-- The scopes whose lists show an invoice: its office's and its client's.
CREATE OR REPLACE FUNCTION ipportal_invoices_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ipportal_bump_invoice_lists(ARRAY(
      SELECT s FROM new_rows r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS x(s)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ipportal_bump_invoice_lists(ARRAY(
      SELECT s FROM old_rows r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS x(s)));
  ELSE
    PERFORM ipportal_bump_invoice_lists(ARRAY(
      SELECT s FROM new_rows r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS x(s)
      UNION
      SELECT s FROM old_rows r, LATERAL (VALUES ('f:' || r.firm_id), (r.client_scope)) AS x(s)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_list_version_insert AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_invoices_list_version();
--> statement-breakpoint
CREATE TRIGGER invoices_list_version_update AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_invoices_list_version();
--> statement-breakpoint
CREATE TRIGGER invoices_list_version_delete AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_invoices_list_version();
--> statement-breakpoint
-- A list row also shows names read live: its matter's reference and title, its request's name, its
-- office's name and its billed client's name (the organization's, or the user's name or email).
-- A rename bumps every scope that lists an invoice carrying that name.
CREATE OR REPLACE FUNCTION ipportal_invoice_names_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  renamed uuid[];
BEGIN
  -- The invoices carrying the name, each through its own index.
  IF TG_TABLE_NAME = 'projects' THEN
    renamed := ARRAY(SELECT i.id FROM requests r JOIN invoices i ON i.request_id = r.id WHERE r.project_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'requests' THEN
    renamed := ARRAY(SELECT i.id FROM invoices i WHERE i.request_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'firms' THEN
    renamed := ARRAY(SELECT i.id FROM invoices i WHERE i.firm_id = NEW.id);
  ELSIF TG_TABLE_NAME = 'organizations' THEN
    renamed := ARRAY(SELECT i.id FROM invoices i WHERE i.billed_organization_id = NEW.id);
  ELSE
    renamed := ARRAY(SELECT i.id FROM invoices i WHERE i.billed_user_id = NEW.id);
  END IF;
  PERFORM ipportal_bump_invoice_lists(ARRAY(
    SELECT s FROM invoices i, LATERAL (VALUES ('f:' || i.firm_id), (i.client_scope)) AS x(s)
     WHERE i.id = ANY (renamed)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_invoice_names AFTER UPDATE OF "title", "refrence_code" ON "projects" FOR EACH ROW
  WHEN ((OLD.title, OLD.refrence_code) IS DISTINCT FROM (NEW.title, NEW.refrence_code))
  EXECUTE FUNCTION ipportal_invoice_names_list_version();
--> statement-breakpoint
CREATE TRIGGER requests_invoice_names AFTER UPDATE OF "name" ON "requests" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION ipportal_invoice_names_list_version();
--> statement-breakpoint
CREATE TRIGGER firms_invoice_names AFTER UPDATE OF "name" ON "firms" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION ipportal_invoice_names_list_version();
--> statement-breakpoint
CREATE TRIGGER organizations_invoice_names AFTER UPDATE OF "name" ON "organizations" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION ipportal_invoice_names_list_version();
--> statement-breakpoint
CREATE TRIGGER users_invoice_names AFTER UPDATE OF "name", "email" ON "users" FOR EACH ROW
  WHEN ((OLD.name, OLD.email) IS DISTINCT FROM (NEW.name, NEW.email))
  EXECUTE FUNCTION ipportal_invoice_names_list_version();
