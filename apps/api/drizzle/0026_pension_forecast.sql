-- The annuity forecast of /pension (docs/adr/0037): exchange rates and matters marked "to be abandoned",
-- each owned by an organization or, for a user without one, by the user.
CREATE TABLE "forecast_abandoned_matters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"project_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "forecast_abandoned_matters_owner_check" CHECK (("forecast_abandoned_matters"."organization_id" is null) <> ("forecast_abandoned_matters"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "forecast_exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"currency" char(3) NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"set_on" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "forecast_exchange_rates_owner_check" CHECK (("forecast_exchange_rates"."organization_id" is null) <> ("forecast_exchange_rates"."user_id" is null)),
	CONSTRAINT "forecast_exchange_rates_rate_check" CHECK ("forecast_exchange_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "forecast_abandoned_matters" ADD CONSTRAINT "forecast_abandoned_matters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_abandoned_matters" ADD CONSTRAINT "forecast_abandoned_matters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_abandoned_matters" ADD CONSTRAINT "forecast_abandoned_matters_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_exchange_rates" ADD CONSTRAINT "forecast_exchange_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_exchange_rates" ADD CONSTRAINT "forecast_exchange_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_abandoned_matters_org_idx" ON "forecast_abandoned_matters" USING btree ("organization_id","project_id") WHERE "forecast_abandoned_matters"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_abandoned_matters_user_idx" ON "forecast_abandoned_matters" USING btree ("user_id","project_id") WHERE "forecast_abandoned_matters"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_exchange_rates_org_idx" ON "forecast_exchange_rates" USING btree ("organization_id","currency") WHERE "forecast_exchange_rates"."organization_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_exchange_rates_user_idx" ON "forecast_exchange_rates" USING btree ("user_id","currency") WHERE "forecast_exchange_rates"."user_id" is not null;