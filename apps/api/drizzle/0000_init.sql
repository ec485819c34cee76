CREATE TABLE "firms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"office_type" text NOT NULL,
	"region_code" integer NOT NULL,
	"postal_code" text,
	"address" text,
	"phone_number" text,
	"email" text,
	"website" text,
	"representative_name" text,
	"registration_number" text,
	"case_types" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"region_codes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"accepting_requests" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "firms_office_type_check" CHECK ("firms"."office_type" in ('patentAttorney', 'translationCompany', 'researchCompany'))
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_code" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "organization_members_role_check" CHECK ("organization_members"."role_code" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"representative_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_type" text NOT NULL,
	"identity_sub" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"region_code" integer,
	"locale" text DEFAULT 'ja' NOT NULL,
	"firm_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('REGULAR', 'PATENT')),
	CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('ja', 'en'))
);
--> statement-breakpoint
CREATE TABLE "history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_kind" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid,
	"project_id" uuid,
	"request_id" uuid,
	"changes" jsonb,
	"trace_id" text,
	"ip" text,
	CONSTRAINT "history_actor_kind_check" CHECK ("history"."actor_kind" in ('user', 'system', 'identity'))
);
--> statement-breakpoint
CREATE TABLE "deal_items" (
	"deal_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '10' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"currency" char(3) DEFAULT 'JPY' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_until" date,
	"sent_at" timestamp (3) with time zone,
	"decided_at" timestamp (3) with time zone,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('draft', 'sent', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"invoice_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '10' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid,
	"project_id" uuid,
	"request_id" uuid,
	"firm_id" uuid NOT NULL,
	"billed_organization_id" uuid,
	"billed_user_id" uuid,
	"number" text NOT NULL,
	"currency" char(3) DEFAULT 'JPY' NOT NULL,
	"subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date,
	"paid_at" timestamp (3) with time zone,
	"payment_reference" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('issued', 'paid', 'void')),
	CONSTRAINT "invoices_billed_check" CHECK ("invoices"."billed_organization_id" is not null or "invoices"."billed_user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"body" text NOT NULL,
	"file_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"edited_at" timestamp (3) with time zone,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_room_members" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_at" timestamp (3) with time zone,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid,
	"request_id" uuid,
	"organization_id" uuid,
	"firm_id" uuid,
	"title" text NOT NULL,
	"last_message_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"storage_driver" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"purpose" text NOT NULL,
	"write_once" boolean DEFAULT false NOT NULL,
	"retain_until" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('deliverable', 'mailAttachment', 'chat', 'userSpace', 'trademarkImage', 'invoice', 'other')),
	CONSTRAINT "files_size_check" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "identity_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"last_sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_codes_purpose_check" CHECK ("identity_codes"."purpose" in ('signup', 'reset'))
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"origin_jti" uuid NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"challenge" text DEFAULT 'PASSWORD_VERIFIER' NOT NULL,
	"srp_a" text,
	"srp_b" text,
	"srp_b_private" text,
	"secret_block" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_signing_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool" text NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp (3) with time zone,
	CONSTRAINT "identity_signing_keys_kid_unique" UNIQUE("kid"),
	CONSTRAINT "identity_signing_keys_pool_check" CHECK ("identity_signing_keys"."pool" in ('REGULAR', 'PATENT'))
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pool" text NOT NULL,
	"username" text NOT NULL,
	"sub" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"srp_salt" text NOT NULL,
	"srp_verifier" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locale" text DEFAULT 'ja' NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp (3) with time zone,
	"locked_until" timestamp (3) with time zone,
	"password_changed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_users_sub_unique" UNIQUE("sub"),
	CONSTRAINT "identity_users_pool_check" CHECK ("identity_users"."pool" in ('REGULAR', 'PATENT')),
	CONSTRAINT "identity_users_status_check" CHECK ("identity_users"."status" in ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"locale" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"send_after" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"offsets_days" integer[] DEFAULT '{180,90,30,7}'::integer[] NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "notification_settings_kind_check" CHECK ("notification_settings"."kind" in ('term', 'pension'))
);
--> statement-breakpoint
CREATE TABLE "pensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"year_number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"grace_until" date,
	"amount" numeric(14, 2),
	"currency" char(3) DEFAULT 'JPY' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"paid_by" uuid,
	"rule_key" text,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "pensions_status_check" CHECK ("pensions"."status" in ('scheduled', 'paid', 'waived', 'lapsed'))
);
--> statement-breakpoint
CREATE TABLE "project_assignees" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "project_assignees_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "project_files" (
	"project_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"space" text DEFAULT 'userSpace' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "project_files_project_id_file_id_pk" PRIMARY KEY("project_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "project_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"identification_number" text,
	"name" text NOT NULL,
	"name_en" text,
	"address" text,
	"region_code" integer,
	"share_ratio" numeric(7, 4),
	"contribution" numeric(7, 4),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "project_parties_role_check" CHECK ("project_parties"."role" in ('applicant', 'inventor', 'agent')),
	CONSTRAINT "project_parties_share_check" CHECK ("project_parties"."share_ratio" is null or ("project_parties"."share_ratio" >= 0 and "project_parties"."share_ratio" <= 100)),
	CONSTRAINT "project_parties_contribution_check" CHECK ("project_parties"."contribution" is null or ("project_parties"."contribution" >= 0 and "project_parties"."contribution" <= 100))
);
--> statement-breakpoint
CREATE TABLE "project_priority_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"region_code" integer,
	"base_application_number" text NOT NULL,
	"base_application_date" date NOT NULL,
	"access_code" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"organization_id" uuid,
	"type" smallint NOT NULL,
	"refrence_code" text NOT NULL,
	"region_code" integer NOT NULL,
	"title" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"concierge" text DEFAULT 'notUsed' NOT NULL,
	"name" text,
	"family" text,
	"trademark_image_file_id" uuid,
	"trademark_search_text" text,
	"designated_goods_services" text,
	"nice_classes" smallint[],
	"designated_goods_class" text,
	"designated_services" text,
	"application_code" text,
	"application_date" date,
	"publication_code" text,
	"publication_date" date,
	"priority_period" date,
	"exam_request_period" date,
	"access_code" text,
	"regist_code" text,
	"regist_date" date,
	"issue_date" date,
	"official_publication_date" date,
	"claims_count" integer,
	"duration_expiry" date,
	"rights_status" text,
	"registration_fee_payment_date" date,
	"maintenance_year_from" smallint,
	"maintenance_year_to" smallint,
	"next_payment_date" date,
	"maintenance_due_date" date,
	"payment_year" smallint,
	"payment_date" date,
	"intl_application_number" text,
	"intl_application_date" date,
	"intl_publication_number" text,
	"intl_publication_date" date,
	"national_transition_deadline" date,
	"article19_amendment_deadline" date,
	"preliminary_exam_deadline" date,
	"search_report_transmittal_date" date,
	"allow_requested_office_edit" boolean DEFAULT false NOT NULL,
	"source_project_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone,
	"deleted_by" uuid,
	CONSTRAINT "projects_type_check" CHECK ("projects"."type" in (0, 1, 2, 3)),
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in (0, 1, 2)),
	CONSTRAINT "projects_concierge_check" CHECK ("projects"."concierge" in ('notUsed', 'awaitingPayment', 'paid')),
	CONSTRAINT "projects_rights_status_check" CHECK ("projects"."rights_status" is null or "projects"."rights_status" in ('unregistered', 'registering', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "user_space_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"request_id" uuid,
	"file_id" uuid NOT NULL,
	"firm_id" uuid,
	"title" text NOT NULL,
	"kind" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "request_mail_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "request_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"direction" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "request_mails_direction_check" CHECK ("request_mails"."direction" in ('toOffice', 'toClient'))
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"assignee_user_id" uuid,
	"office_region_code" integer NOT NULL,
	"office_type" text NOT NULL,
	"firm_id" uuid NOT NULL,
	"decision_period" date,
	"user_period" date,
	"concierge" text DEFAULT 'notUsed' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"deleted_at" timestamp (3) with time zone,
	CONSTRAINT "requests_status_check" CHECK ("requests"."status" in (1, 2, 3)),
	CONSTRAINT "requests_type_check" CHECK ("requests"."type" in ('estimate', 'other')),
	CONSTRAINT "requests_office_type_check" CHECK ("requests"."office_type" in ('patentAttorney', 'translationCompany', 'researchCompany'))
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"request_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"is_legal" boolean DEFAULT false NOT NULL,
	"rule_key" text,
	"rule_confirmed" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp (3) with time zone,
	"completed_by" uuid,
	"notes" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "terms_status_check" CHECK ("terms"."status" in ('open', 'done', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_items" ADD CONSTRAINT "deal_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billed_organization_id_organizations_id_fk" FOREIGN KEY ("billed_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billed_user_id_users_id_fk" FOREIGN KEY ("billed_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pensions" ADD CONSTRAINT "pensions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_assignees" ADD CONSTRAINT "project_assignees_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_assignees" ADD CONSTRAINT "project_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_parties" ADD CONSTRAINT "project_parties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_priority_claims" ADD CONSTRAINT "project_priority_claims_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_trademark_image_file_id_files_id_fk" FOREIGN KEY ("trademark_image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_space_comments" ADD CONSTRAINT "user_space_comments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_space_comments" ADD CONSTRAINT "user_space_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_mail_attachments" ADD CONSTRAINT "request_mail_attachments_mail_id_request_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."request_mails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_mail_attachments" ADD CONSTRAINT "request_mail_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_mails" ADD CONSTRAINT "request_mails_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_mails" ADD CONSTRAINT "request_mails_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "firms_office_region_idx" ON "firms" USING btree ("office_type","region_code");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_user_uq" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organization_members_org_idx" ON "organization_members" USING btree ("organization_id","role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_type_sub_uq" ON "users" USING btree ("user_type","identity_sub");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_firm_idx" ON "users" USING btree ("firm_id");--> statement-breakpoint
CREATE INDEX "history_entity_idx" ON "history" USING btree ("entity_type","entity_id","occurred_at");--> statement-breakpoint
CREATE INDEX "history_project_idx" ON "history" USING btree ("project_id","occurred_at");--> statement-breakpoint
CREATE INDEX "history_actor_idx" ON "history" USING btree ("actor_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "deal_items_deal_idx" ON "deal_items" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deals_request_idx" ON "deals" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "deals_firm_status_idx" ON "deals" USING btree ("firm_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_firm_number_uq" ON "deals" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_firm_number_uq" ON "invoices" USING btree ("firm_id","number");--> statement-breakpoint
CREATE INDEX "invoices_billed_org_idx" ON "invoices" USING btree ("billed_organization_id","status","due_on");--> statement-breakpoint
CREATE INDEX "invoices_billed_user_idx" ON "invoices" USING btree ("billed_user_id","status","due_on");--> statement-breakpoint
CREATE INDEX "invoices_firm_status_idx" ON "invoices" USING btree ("firm_id","status");--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room_id","created_at","id");--> statement-breakpoint
CREATE INDEX "chat_room_members_user_idx" ON "chat_room_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_request_idx" ON "chat_rooms" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_org_idx" ON "chat_rooms" USING btree ("organization_id","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_rooms_firm_idx" ON "chat_rooms" USING btree ("firm_id","last_message_at");--> statement-breakpoint
CREATE INDEX "files_created_by_idx" ON "files" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "identity_codes_user_purpose_idx" ON "identity_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_user_idx" ON "identity_refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_origin_idx" ON "identity_refresh_tokens" USING btree ("origin_jti");--> statement-breakpoint
CREATE INDEX "identity_sessions_expires_idx" ON "identity_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_signing_keys_pool_idx" ON "identity_signing_keys" USING btree ("pool","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_pool_username_uq" ON "identity_users" USING btree ("pool","username");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","send_after");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_user_kind_uq" ON "notification_settings" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "pensions_project_year_uq" ON "pensions" USING btree ("project_id","year_number");--> statement-breakpoint
CREATE INDEX "pensions_status_due_idx" ON "pensions" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "project_assignees_user_idx" ON "project_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_files_file_uq" ON "project_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "project_parties_project_idx" ON "project_parties" USING btree ("project_id","role","position");--> statement-breakpoint
CREATE INDEX "project_priority_claims_project_idx" ON "project_priority_claims" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "projects_org_updated_idx" ON "projects" USING btree ("organization_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_owner_updated_idx" ON "projects" USING btree ("owner_user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_org_family_idx" ON "projects" USING btree ("organization_id","family");--> statement-breakpoint
CREATE INDEX "projects_owner_family_idx" ON "projects" USING btree ("owner_user_id","family");--> statement-breakpoint
CREATE INDEX "user_space_comments_project_idx" ON "user_space_comments" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverables_file_uq" ON "deliverables" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "deliverables_project_idx" ON "deliverables" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "deliverables_request_idx" ON "deliverables" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "request_mail_attachments_uq" ON "request_mail_attachments" USING btree ("mail_id","file_id");--> statement-breakpoint
CREATE INDEX "request_mails_request_idx" ON "request_mails" USING btree ("request_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_project_number_uq" ON "requests" USING btree ("project_id","number");--> statement-breakpoint
CREATE INDEX "requests_firm_status_idx" ON "requests" USING btree ("firm_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_assignee_idx" ON "requests" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "terms_project_due_idx" ON "terms" USING btree ("project_id","due_date");--> statement-breakpoint
CREATE INDEX "terms_status_due_idx" ON "terms" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "terms_request_idx" ON "terms" USING btree ("request_id");