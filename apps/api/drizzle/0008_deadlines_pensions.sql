CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"last_fetched_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "deadline_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"due_date" date NOT NULL,
	"offset" text NOT NULL,
	"delivery" text NOT NULL,
	"as_administrator" boolean DEFAULT false NOT NULL,
	"planned_on" date NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_delivery_check" CHECK ("deadline_reminders"."delivery" in ('mail', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE "deadline_states" (
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"state_by" uuid,
	"state_at" timestamp (3) with time zone,
	"lapse_reason" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp (3) with time zone,
	"confirmed_date" date,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_states_project_id_key_pk" PRIMARY KEY("project_id","key"),
	CONSTRAINT "deadline_states_state_check" CHECK ("deadline_states"."state" in ('open', 'done', 'lapsed'))
);
--> statement-breakpoint
CREATE TABLE "deadlines" (
	"project_id" uuid NOT NULL,
	"key" text NOT NULL,
	"origin" text NOT NULL,
	"rule_id" text,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"year" smallint,
	"request_id" uuid,
	"term_id" uuid,
	"name" text,
	"name_key" text,
	"date" date NOT NULL,
	"plain_date" date NOT NULL,
	"shift" jsonb,
	"opens_on" date,
	"late_until" date,
	"rule_confirmed" boolean DEFAULT true NOT NULL,
	"legal_source" jsonb,
	"entered_by" uuid,
	"revision" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadlines_project_id_key_pk" PRIMARY KEY("project_id","key"),
	CONSTRAINT "deadlines_origin_check" CHECK ("deadlines"."origin" in ('rule', 'requestLegal', 'requestUser', 'requestItem')),
	CONSTRAINT "deadlines_kind_check" CHECK ("deadlines"."kind" in ('procedure', 'payment', 'termEnd', 'internal')),
	CONSTRAINT "deadlines_scope_check" CHECK ("deadlines"."scope" in ('term', 'pension'))
);
--> statement-breakpoint
CREATE TABLE "pension_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"year_from" smallint NOT NULL,
	"year_to" smallint NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" char(3) NOT NULL,
	"receipt_number" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "pension_payments_years_check" CHECK ("pension_payments"."year_from" >= 1 and "pension_payments"."year_to" >= "pension_payments"."year_from"),
	CONSTRAINT "pension_payments_amount_check" CHECK ("pension_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "offsets" text[] DEFAULT '{P6M,P3M,P1M,P2W,P1W,P0D}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "deadline_kinds" text[] DEFAULT '{procedure,payment,termEnd,internal}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "delivery" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "pensions" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "fee_reduction" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_states" ADD CONSTRAINT "deadline_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_states" ADD CONSTRAINT "deadline_states_state_by_users_id_fk" FOREIGN KEY ("state_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_states" ADD CONSTRAINT "deadline_states_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_payments" ADD CONSTRAINT "pension_payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_feeds_user_idx" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_reminders_once_uq" ON "deadline_reminders" USING btree ("user_id","project_id","key","due_date","offset");--> statement-breakpoint
CREATE INDEX "deadline_reminders_digest_idx" ON "deadline_reminders" USING btree ("user_id","delivery") WHERE "deadline_reminders"."mail_id" is null;--> statement-breakpoint
CREATE INDEX "deadlines_live_date_idx" ON "deadlines" USING btree ("date","project_id") WHERE "deadlines"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "pension_payments_project_idx" ON "pension_payments" USING btree ("project_id","year_from");--> statement-breakpoint
ALTER TABLE "pensions" ADD CONSTRAINT "pensions_payment_id_pension_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."pension_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "offsets_days";--> statement-breakpoint
ALTER TABLE "notification_settings" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_delivery_check" CHECK ("notification_settings"."delivery" in ('mail', 'daily', 'weekly'));--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_fee_reduction_check" CHECK ("projects"."fee_reduction" is null or "projects"."fee_reduction" in ('jpSme', 'jpSmallCompany', 'usSmall', 'usMicro'));