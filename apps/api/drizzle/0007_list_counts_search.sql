-- The matter list at 100,000 matters. Per-tab counts kept by triggers (docs/adr/0015),
-- a folded search text with a unigram/bigram GIN index (docs/adr/0016) and indexes for sorted pages.
--
-- Search folding: NFKC (全角 ＡＢＣ１ -> ABC1, half-width kana -> full-width) then lower-case. The
-- server folds the query with the same function, so both sides agree whatever the locale.
CREATE OR REPLACE FUNCTION ipportal_search_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT lower(normalize(t, NFKC)) $$;
--> statement-breakpoint
-- Every character and every pair of neighbouring characters of a text; pairs across the newline
-- that separates fields are left out. Indexed with GIN, so 電 or 電池 are found without a scan.
CREATE OR REPLACE FUNCTION ipportal_text_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, char_length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, char_length(t) - 1) AS i
  ) AS grams WHERE strpos(g, E'\n') = 0
$$;
--> statement-breakpoint
-- The grams a text containing the (folded) query must have: its pairs, or the one character.
CREATE OR REPLACE FUNCTION ipportal_query_grams(q text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT CASE WHEN char_length(q) < 2 THEN ARRAY[q]
    ELSE (SELECT array_agg(DISTINCT substr(q, i, 2)) FROM generate_series(1, char_length(q) - 1) AS i) END
$$;
--> statement-breakpoint
CREATE TABLE "project_scope_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_tab_counts" (
	"scope" text NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"deleted" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "project_tab_counts_scope_type_status_deleted_pk" PRIMARY KEY("scope","type","status","deleted")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_org_live_title_idx" ON "projects" USING btree ("organization_id","title","id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_org_live_reference_idx" ON "projects" USING btree ("organization_id","refrence_code","id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_org_live_application_code_idx" ON "projects" USING btree ("organization_id",coalesce("application_code", ''),"id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_org_live_application_date_idx" ON "projects" USING btree ("organization_id",coalesce("application_date", '0001-01-01'::date),"id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_org_live_regist_code_idx" ON "projects" USING btree ("organization_id",coalesce("regist_code", ''),"id") WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_search_grams_idx" ON "projects" USING gin (ipportal_text_grams("search_text"));
--> statement-breakpoint
-- search_text: the searchable fields of the matter and its applicants' names, one per line
-- (array_to_string leaves out NULLs). One function, used by the trigger and by bulk loads.
CREATE OR REPLACE FUNCTION ipportal_search_text_of(VARIADIC fields text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ipportal_search_fold(array_to_string(fields, E'\n')) $$;
--> statement-breakpoint
-- A bulk load (src/seed/scale.ts) sets ipportal.bulk_load for its transaction and writes
-- search_text itself with the same function, instead of one recomputation per row and applicant.
CREATE OR REPLACE FUNCTION ipportal_projects_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ipportal.bulk_load', true) = 'on' THEN
    RETURN NEW;
  END IF;
  NEW.search_text := ipportal_search_text_of(NEW.refrence_code, NEW.title, NEW.name, NEW.family,
    NEW.application_code, NEW.publication_code, NEW.regist_code, NEW.intl_application_number,
    NEW.intl_publication_number,
    (SELECT string_agg(concat_ws(E'\n', pp.name, pp.name_en), E'\n' ORDER BY pp.position)
       FROM project_parties pp WHERE pp.project_id = NEW.id AND pp.role = 'applicant'));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_search_text BEFORE INSERT OR UPDATE ON projects
  FOR EACH ROW EXECUTE FUNCTION ipportal_projects_search_text();
--> statement-breakpoint
-- An applicant added, renamed or removed: the matter's search_text is computed again (above).
CREATE OR REPLACE FUNCTION ipportal_parties_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ipportal.bulk_load', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE projects SET search_text = '' WHERE id IN (SELECT project_id FROM new_rows WHERE role = 'applicant');
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE projects SET search_text = '' WHERE id IN (SELECT project_id FROM old_rows WHERE role = 'applicant');
  ELSE
    UPDATE projects SET search_text = ''
      WHERE id IN (SELECT project_id FROM new_rows UNION SELECT project_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_parties_search_insert AFTER INSERT ON project_parties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_parties_search_text();
--> statement-breakpoint
CREATE TRIGGER project_parties_search_update AFTER UPDATE ON project_parties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_parties_search_text();
--> statement-breakpoint
CREATE TRIGGER project_parties_search_delete AFTER DELETE ON project_parties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_parties_search_text();
--> statement-breakpoint
UPDATE projects SET search_text = '';
--> statement-breakpoint
-- The count scopes a matter belongs to: its organization, or its owner when it has none, and each
-- member assigned to it within its organization.
CREATE OR REPLACE FUNCTION ipportal_project_scopes(p_id uuid, p_owner uuid, p_org uuid) RETURNS SETOF text
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_org IS NULL THEN 'u:' || p_owner ELSE 'o:' || p_org END
  UNION ALL
  SELECT 'a:' || pa.user_id || ':' || p_org FROM project_assignees pa WHERE pa.project_id = p_id AND p_org IS NOT NULL
$$;
--> statement-breakpoint
-- Where a matter's changes are versioned (members' searches are cached under their organization's).
CREATE OR REPLACE FUNCTION ipportal_project_home(p_owner uuid, p_org uuid) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN p_org IS NULL THEN 'u:' || p_owner ELSE 'o:' || p_org END $$;
--> statement-breakpoint
-- Counts change by the rows a statement inserted (+1) and removed (-1); rows are locked in key
-- order, so two transactions never wait on each other's counters in a cycle.
CREATE OR REPLACE FUNCTION ipportal_projects_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A new matter has no assignments yet, and a matter removed for good lost them first (below):
  -- both count in their home scope only.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_tab_counts AS c (scope, type, status, deleted, n)
      SELECT ipportal_project_home(r.owner_user_id, r.organization_id), r.type, r.status, r.deleted_at IS NOT NULL, count(*)::int
      FROM new_rows r
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (scope, type, status, deleted) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO project_scope_versions AS v (scope, version)
      SELECT DISTINCT ipportal_project_home(owner_user_id, organization_id), 1 FROM new_rows ORDER BY 1
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_tab_counts AS c (scope, type, status, deleted, n)
      SELECT ipportal_project_home(r.owner_user_id, r.organization_id), r.type, r.status, r.deleted_at IS NOT NULL, -count(*)::int
      FROM old_rows r
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (scope, type, status, deleted) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO project_scope_versions AS v (scope, version)
      SELECT DISTINCT ipportal_project_home(owner_user_id, organization_id), 1 FROM old_rows ORDER BY 1
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO project_tab_counts AS c (scope, type, status, deleted, n)
      SELECT scope, type, status, deleted, sum(d)::int FROM (
        SELECT s AS scope, n.type, n.status, n.deleted_at IS NOT NULL AS deleted, 1 AS d
          FROM old_rows o JOIN new_rows n ON n.id = o.id,
            ipportal_project_scopes(n.id, n.owner_user_id, n.organization_id) AS s
          WHERE (o.type, o.status, o.deleted_at IS NULL, o.organization_id, o.owner_user_id)
            IS DISTINCT FROM (n.type, n.status, n.deleted_at IS NULL, n.organization_id, n.owner_user_id)
        UNION ALL
        SELECT s, o.type, o.status, o.deleted_at IS NOT NULL, -1
          FROM old_rows o JOIN new_rows n ON n.id = o.id,
            ipportal_project_scopes(o.id, o.owner_user_id, o.organization_id) AS s
          WHERE (o.type, o.status, o.deleted_at IS NULL, o.organization_id, o.owner_user_id)
            IS DISTINCT FROM (n.type, n.status, n.deleted_at IS NULL, n.organization_id, n.owner_user_id)
      ) AS delta
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (scope, type, status, deleted) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO project_scope_versions AS v (scope, version)
      SELECT home, 1 FROM (
        SELECT ipportal_project_home(owner_user_id, organization_id) AS home FROM old_rows
        UNION SELECT ipportal_project_home(owner_user_id, organization_id) FROM new_rows
      ) AS homes ORDER BY 1
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ipportal_assignees_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO project_tab_counts AS c (scope, type, status, deleted, n)
      SELECT 'a:' || r.user_id || ':' || p.organization_id, p.type, p.status, p.deleted_at IS NOT NULL, -count(*)::int
      FROM old_rows r JOIN projects p ON p.id = r.project_id WHERE p.organization_id IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (scope, type, status, deleted) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO project_scope_versions AS v (scope, version)
      SELECT DISTINCT 'o:' || p.organization_id, 1 FROM old_rows r JOIN projects p ON p.id = r.project_id
      WHERE p.organization_id IS NOT NULL ORDER BY 1
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO project_tab_counts AS c (scope, type, status, deleted, n)
      SELECT 'a:' || r.user_id || ':' || p.organization_id, p.type, p.status, p.deleted_at IS NOT NULL, count(*)::int
      FROM new_rows r JOIN projects p ON p.id = r.project_id WHERE p.organization_id IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (scope, type, status, deleted) DO UPDATE SET n = c.n + excluded.n;
    INSERT INTO project_scope_versions AS v (scope, version)
      SELECT DISTINCT 'o:' || p.organization_id, 1 FROM new_rows r JOIN projects p ON p.id = r.project_id
      WHERE p.organization_id IS NOT NULL ORDER BY 1
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A matter removed for good takes its assignments first, while the matter still tells their scope.
CREATE OR REPLACE FUNCTION ipportal_projects_unassign() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_assignees WHERE project_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
INSERT INTO project_tab_counts (scope, type, status, deleted, n)
  SELECT s, p.type, p.status, p.deleted_at IS NOT NULL, count(*)::int
  FROM projects p, ipportal_project_scopes(p.id, p.owner_user_id, p.organization_id) AS s
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO project_scope_versions (scope, version)
  SELECT DISTINCT ipportal_project_home(owner_user_id, organization_id), 1 FROM projects;
--> statement-breakpoint
CREATE TRIGGER projects_count_insert AFTER INSERT ON projects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_projects_count();
--> statement-breakpoint
CREATE TRIGGER projects_count_update AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_projects_count();
--> statement-breakpoint
CREATE TRIGGER projects_count_delete AFTER DELETE ON projects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_projects_count();
--> statement-breakpoint
CREATE TRIGGER projects_unassign_before_delete BEFORE DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION ipportal_projects_unassign();
--> statement-breakpoint
CREATE TRIGGER project_assignees_count_insert AFTER INSERT ON project_assignees
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_assignees_count();
--> statement-breakpoint
CREATE TRIGGER project_assignees_count_update AFTER UPDATE ON project_assignees
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_assignees_count();
--> statement-breakpoint
CREATE TRIGGER project_assignees_count_delete AFTER DELETE ON project_assignees
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ipportal_assignees_count();
