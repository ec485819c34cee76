-- The list reads its first page from an index only if the index order matches ORDER BY ... DESC
-- (NULLS FIRST) and skips deleted rows; 0000 declared NULLS LAST and indexed every row.
DROP INDEX "projects_org_updated_idx";--> statement-breakpoint
DROP INDEX "projects_owner_updated_idx";--> statement-breakpoint
DROP INDEX "requests_firm_status_idx";--> statement-breakpoint
CREATE INDEX "projects_org_live_updated_idx" ON "projects" USING btree ("organization_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_owner_live_updated_idx" ON "projects" USING btree ("owner_user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "projects"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "projects_org_deleted_idx" ON "projects" USING btree ("organization_id","deleted_at") WHERE "projects"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "projects_owner_deleted_idx" ON "projects" USING btree ("owner_user_id","deleted_at") WHERE "projects"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "requests_firm_status_idx" ON "requests" USING btree ("firm_id","status","updated_at" DESC NULLS FIRST);