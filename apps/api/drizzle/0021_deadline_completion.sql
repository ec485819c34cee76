ALTER TABLE "deadline_states" ADD COLUMN "completed_on" date;--> statement-breakpoint
ALTER TABLE "deadline_states" ADD COLUMN "completion_note" text;--> statement-breakpoint
ALTER TABLE "deadline_states" ADD COLUMN "evidence_url" text;