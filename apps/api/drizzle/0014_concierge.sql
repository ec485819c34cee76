-- requests.concierge had no writer before this migration (every row is notUsed), so the new check holds for existing rows.
ALTER TABLE "firms" ADD COLUMN "concierge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "coordinator_firm_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "concierge_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "concierge_started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_coordinator_firm_id_firms_id_fk" FOREIGN KEY ("coordinator_firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_concierge_invoice_id_invoices_id_fk" FOREIGN KEY ("concierge_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firms_concierge_uq" ON "firms" USING btree ("concierge") WHERE "firms"."concierge" and "firms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "requests_coordinator_idx" ON "requests" USING btree ("coordinator_firm_id") WHERE "requests"."coordinator_firm_id" is not null;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_concierge_check" CHECK ("requests"."concierge" in ('notUsed', 'awaitingPayment', 'paid') and ("requests"."concierge" = 'notUsed') = ("requests"."coordinator_firm_id" is null));