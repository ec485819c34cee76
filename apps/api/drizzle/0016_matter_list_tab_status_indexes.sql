-- A filtered page (tab + status, often with a search) reads the rows of that tab and
-- status newest first instead of every live matter of the organization (EXPLAIN at 100,000:
-- 7,200 rows read for a page of 100 before, about 500 after).
CREATE INDEX "projects_org_live_type_status_updated_idx" ON "projects" USING btree ("organization_id","type","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_org_live_status_updated_idx" ON "projects" USING btree ("organization_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."deleted_at" is null;