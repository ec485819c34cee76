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
ALTER TABLE "pensions" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "fee_reduction" text;--> statement-breakpoint
ALTER TABLE "pension_payments" ADD CONSTRAINT "pension_payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pension_payments_project_idx" ON "pension_payments" USING btree ("project_id","year_from");--> statement-breakpoint
ALTER TABLE "pensions" ADD CONSTRAINT "pensions_payment_id_pension_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."pension_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_fee_reduction_check" CHECK ("projects"."fee_reduction" is null or "projects"."fee_reduction" in ('jpSme', 'jpSmallCompany', 'usSmall', 'usMicro'));