ALTER TABLE "identity_sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD COLUMN "decoy_key" text;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_or_decoy_check" CHECK (num_nonnulls("identity_sessions"."user_id", "identity_sessions"."decoy_key") = 1);