-- deals, deal_items, invoices and invoice_items had no writer before this migration (they held no rows), so
-- their new NOT NULL columns need no defaults.
CREATE TABLE "billing_counters" (
	"firm_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "billing_counters_firm_id_kind_year_pk" PRIMARY KEY("firm_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"billed_organization_id" uuid,
	"billed_user_id" uuid,
	"recorded_by_side" text NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"paid_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"remitter_name" text NOT NULL,
	"bank_fee_borne_by" text DEFAULT 'payer' NOT NULL,
	"note" text,
	"confirmed_at" timestamp (3) with time zone,
	"confirmed_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('recorded', 'confirmed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_billed_check" CHECK ("payments"."billed_organization_id" is not null or "payments"."billed_user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_status_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_status_check";--> statement-breakpoint
DROP INDEX "deal_items_deal_idx";--> statement-breakpoint
DROP INDEX "deals_firm_number_uq";--> statement-breakpoint
DROP INDEX "invoice_items_invoice_idx";--> statement-breakpoint
DROP INDEX "deals_request_idx";--> statement-breakpoint
DROP INDEX "invoices_billed_org_idx";--> statement-breakpoint
DROP INDEX "invoices_billed_user_idx";--> statement-breakpoint
DROP INDEX "invoices_firm_status_idx";--> statement-breakpoint
ALTER TABLE "deal_items" ALTER COLUMN "position" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "deal_items" ALTER COLUMN "quantity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "deal_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "tax" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "position" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "quantity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoice_items" ALTER COLUMN "unit_price" SET DATA TYPE numeric(16, 2);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "request_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "subtotal" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "qualified_invoice_number" text;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "individual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "invoice_notes" text;--> statement-breakpoint
ALTER TABLE "deal_items" ADD COLUMN "tax_class" text NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_items" ADD COLUMN "currency" char(3) DEFAULT 'JPY' NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_items" ADD COLUMN "exchange_rate" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "deal_items" ADD COLUMN "foreign_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "deal_items" ADD COLUMN "amount_yen" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "billed_organization_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "billed_user_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "supersedes_deal_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "withdraw_reason" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "withholding_base" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "withholding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "amount_to_transfer" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "by_tax_class" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "issuer_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "recipient_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "tax_class" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "currency" char(3) DEFAULT 'JPY' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "exchange_rate" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "foreign_amount" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "amount_yen" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrects_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issue_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "transaction_date" date NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "withholding_base" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "withholding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_to_transfer" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "by_tax_class" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issuer_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "recipient_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_file_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "overdue_notified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "billing_counters" ADD CONSTRAINT "billing_counters_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_billed_organization_id_organizations_id_fk" FOREIGN KEY ("billed_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_billed_user_id_users_id_fk" FOREIGN KEY ("billed_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_firm_idx" ON "payments" USING btree ("firm_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_billed_org_idx" ON "payments" USING btree ("billed_organization_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_billed_user_idx" ON "payments" USING btree ("billed_user_id","paid_on");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_billed_organization_id_organizations_id_fk" FOREIGN KEY ("billed_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_billed_user_id_users_id_fk" FOREIGN KEY ("billed_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_supersedes_deal_id_deals_id_fk" FOREIGN KEY ("supersedes_deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_items_deal_position_uq" ON "deal_items" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deals_billed_org_idx" ON "deals" USING btree ("billed_organization_id","status");--> statement-breakpoint
CREATE INDEX "deals_billed_user_idx" ON "deals" USING btree ("billed_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_firm_number_version_uq" ON "deals" USING btree ("firm_id","number","version");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_items_invoice_position_uq" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_request_idx" ON "invoices" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_request_idx" ON "deals" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_billed_org_idx" ON "invoices" USING btree ("billed_organization_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_billed_user_idx" ON "invoices" USING btree ("billed_user_id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_firm_status_idx" ON "invoices" USING btree ("firm_id","status","issue_date");--> statement-breakpoint
ALTER TABLE "deal_items" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "deal_items" DROP COLUMN "tax_rate";--> statement-breakpoint
ALTER TABLE "deal_items" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "deal_items" DROP COLUMN "created_by";--> statement-breakpoint
ALTER TABLE "deal_items" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "deal_items" DROP COLUMN "updated_by";--> statement-breakpoint
ALTER TABLE "deals" DROP COLUMN "currency";--> statement-breakpoint
ALTER TABLE "invoice_items" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "invoice_items" DROP COLUMN "tax_rate";--> statement-breakpoint
ALTER TABLE "invoice_items" DROP COLUMN "created_at";--> statement-breakpoint
ALTER TABLE "invoice_items" DROP COLUMN "created_by";--> statement-breakpoint
ALTER TABLE "invoice_items" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "invoice_items" DROP COLUMN "updated_by";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "currency";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "issued_on";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "due_on";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "payment_reference";--> statement-breakpoint
ALTER TABLE "deal_items" ADD CONSTRAINT "deal_items_tax_class_check" CHECK ("deal_items"."tax_class" in ('taxable10', 'nonTaxable', 'outOfScope'));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_billed_check" CHECK ("deals"."billed_organization_id" is not null or "deals"."billed_user_id" is not null);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('draft', 'sent', 'accepted', 'declined', 'withdrawn', 'superseded'));--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_tax_class_check" CHECK ("invoice_items"."tax_class" in ('taxable10', 'nonTaxable', 'outOfScope'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'creditNote'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_check" CHECK ("invoices"."status" = 'draft' or ("invoices"."number" is not null and "invoices"."issue_date" is not null and "invoices"."due_date" is not null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'issued', 'paid', 'void'));