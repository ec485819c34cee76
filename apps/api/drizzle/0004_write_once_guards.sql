-- Row triggers do not see TRUNCATE: reject it on the write-once and append-only tables too.
CREATE TRIGGER deliverables_no_truncate BEFORE TRUNCATE ON "deliverables"
  FOR EACH STATEMENT EXECUTE FUNCTION ipportal_reject_change();
--> statement-breakpoint
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON "history"
  FOR EACH STATEMENT EXECUTE FUNCTION ipportal_reject_change();
--> statement-breakpoint
-- A deliverable's file row is as fixed as the deliverable: its key, size and checksum cannot be
-- changed (the bytes could otherwise be swapped by pointing the row elsewhere), nor the row removed.
CREATE OR REPLACE FUNCTION ipportal_reject_write_once_file_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.write_once THEN
    RAISE EXCEPTION '% on files is not allowed: file % is write-once', TG_OP, OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER files_write_once BEFORE UPDATE OR DELETE ON "files"
  FOR EACH ROW EXECUTE FUNCTION ipportal_reject_write_once_file_change();
--> statement-breakpoint
CREATE TRIGGER files_no_truncate BEFORE TRUNCATE ON "files"
  FOR EACH STATEMENT EXECUTE FUNCTION ipportal_reject_change();
