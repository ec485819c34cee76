-- The matter list grouped by family reads its rows in order from this index (family in
-- collation "C" on both databases, docs/adr/0020); the group sizes group by the same key.
CREATE INDEX "projects_org_live_family_updated_idx" ON "projects" USING btree ("organization_id","family" collate "C","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."deleted_at" is null;