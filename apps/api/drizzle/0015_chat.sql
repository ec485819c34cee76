CREATE TABLE "chat_message_attachments" (
	"message_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_message_attachments_message_id_file_id_pk" PRIMARY KEY("message_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "chat_message_revisions" (
	"message_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"body" text NOT NULL,
	"replaced_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"replaced_by" uuid,
	CONSTRAINT "chat_message_revisions_message_id_revision_pk" PRIMARY KEY("message_id","revision")
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"read_at" timestamp (3) with time zone,
	"digest_sent_at" timestamp (3) with time zone,
	"digest_through_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_room_members" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "chat_room_members" CASCADE;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP CONSTRAINT "chat_rooms_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP CONSTRAINT "chat_rooms_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP CONSTRAINT "chat_rooms_firm_id_firms_id_fk";
--> statement-breakpoint
DROP INDEX "chat_messages_room_idx";--> statement-breakpoint
DROP INDEX "chat_rooms_request_idx";--> statement-breakpoint
DROP INDEX "chat_rooms_org_idx";--> statement-breakpoint
DROP INDEX "chat_rooms_firm_idx";--> statement-breakpoint
ALTER TABLE "chat_rooms" ALTER COLUMN "request_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "share_chat_read_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "sender_side" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "withdrawn_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "last_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ADD CONSTRAINT "chat_message_attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_attachments" ADD CONSTRAINT "chat_message_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_revisions" ADD CONSTRAINT "chat_message_revisions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_reads_user_idx" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_room_seq_uq" ON "chat_messages" USING btree ("room_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_request_uq" ON "chat_rooms" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_last_message_idx" ON "chat_rooms" USING btree ("last_message_at");--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "file_id";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "updated_by";--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "deleted_at";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "project_id";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "organization_id";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "firm_id";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "chat_rooms" DROP COLUMN "updated_by";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_side_check" CHECK ("chat_messages"."sender_side" in ('client', 'office'));--> statement-breakpoint
-- Chat messages are never deleted (an edit keeps a revision, a withdrawal keeps the row), and
-- revisions and attachments are write-once: the database refuses otherwise (ADR 0031).
CREATE TRIGGER chat_messages_never_deleted BEFORE DELETE ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION ipportal_reject_change();
--> statement-breakpoint
CREATE TRIGGER chat_message_revisions_write_once BEFORE UPDATE OR DELETE ON "chat_message_revisions"
  FOR EACH ROW EXECUTE FUNCTION ipportal_reject_change();
--> statement-breakpoint
CREATE TRIGGER chat_message_attachments_write_once BEFORE UPDATE OR DELETE ON "chat_message_attachments"
  FOR EACH ROW EXECUTE FUNCTION ipportal_reject_change();
