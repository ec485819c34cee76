-- Two-factor sign-in of the embedded identity service (TOTP, as Cognito software token MFA; src/identity/README.md).
ALTER TABLE "identity_users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "identity_users" ADD CONSTRAINT "identity_users_totp_enabled_check" CHECK (not "identity_users"."totp_enabled" or "identity_users"."totp_secret" is not null);