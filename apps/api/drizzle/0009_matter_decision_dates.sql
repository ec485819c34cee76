ALTER TABLE "projects" ADD COLUMN "exam_request_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "grant_decision_date" date;