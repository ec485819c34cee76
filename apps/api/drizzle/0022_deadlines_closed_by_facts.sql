-- Deadlines the matter's own recorded facts close (docs/adr/0032): how, by which fact, on which date.
-- Filled by the refresh at the next start-up (and on every change of the facts).
ALTER TABLE "deadlines" ADD COLUMN "closed_how" text;--> statement-breakpoint
ALTER TABLE "deadlines" ADD COLUMN "closed_fact" text;--> statement-breakpoint
ALTER TABLE "deadlines" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_closed_check" CHECK (("deadlines"."closed_how" is null and "deadlines"."closed_fact" is null and "deadlines"."closed_on" is null) or ("deadlines"."closed_how" in ('done', 'implied', 'notApplicable') and "deadlines"."closed_fact" is not null));