-- A yearly payment whose late period passed unpaid ends the right (docs/adr/0036): the refresh
-- closes it as 'lapsed' (the label 消滅（追納期間経過）), like a fact closes a deadline.
ALTER TABLE "deadlines" DROP CONSTRAINT "deadlines_closed_check";--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_closed_check" CHECK (("deadlines"."closed_how" is null and "deadlines"."closed_fact" is null and "deadlines"."closed_on" is null) or ("deadlines"."closed_how" in ('done', 'implied', 'notApplicable', 'lapsed') and "deadlines"."closed_fact" is not null));