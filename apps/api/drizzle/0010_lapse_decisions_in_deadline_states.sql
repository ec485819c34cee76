-- A year's decision to let the right lapse is the state of its deadline (shared with /terms), no
-- longer a `pensions` row: each 'waived' year becomes its deadline's lapse, with the reason, who
-- and when. A deadline decided on /terms meanwhile keeps that decision when it is the later one.
INSERT INTO "deadline_states" ("project_id", "key", "state", "state_by", "state_at", "lapse_reason", "updated_at")
SELECT "project_id", "rule_key", 'lapsed', "updated_by", "updated_at", "notes", now()
  FROM "pensions"
 WHERE "status" IN ('waived', 'lapsed') AND "rule_key" IS NOT NULL
ON CONFLICT ("project_id", "key") DO UPDATE
   SET "state" = 'lapsed',
       "state_by" = excluded."state_by",
       "state_at" = excluded."state_at",
       "lapse_reason" = excluded."lapse_reason",
       "updated_at" = excluded."updated_at"
 WHERE "deadline_states"."state" = 'open'
    OR "deadline_states"."state_at" IS NULL
    OR "deadline_states"."state_at" < excluded."state_at";--> statement-breakpoint
-- 'scheduled' (decided to pay) is an open deadline, the default: nothing to move. Only paid years stay.
DELETE FROM "pensions" WHERE "status" <> 'paid';--> statement-breakpoint
ALTER TABLE "pensions" DROP CONSTRAINT "pensions_status_check";--> statement-breakpoint
ALTER TABLE "pensions" ALTER COLUMN "status" SET DEFAULT 'paid';--> statement-breakpoint
ALTER TABLE "pensions" ADD CONSTRAINT "pensions_status_check" CHECK ("pensions"."status" in ('paid'));