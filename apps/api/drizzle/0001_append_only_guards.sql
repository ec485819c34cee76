-- Deliverables are write-once and the history is append-only: reject UPDATE and DELETE in the
-- database itself, so no code path (or bug) can overwrite or remove them.
CREATE OR REPLACE FUNCTION ipportal_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: rows are write-once', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deliverables_write_once BEFORE UPDATE OR DELETE ON "deliverables"
  FOR EACH ROW EXECUTE FUNCTION ipportal_reject_change();
--> statement-breakpoint
CREATE TRIGGER history_append_only BEFORE UPDATE OR DELETE ON "history"
  FOR EACH ROW EXECUTE FUNCTION ipportal_reject_change();
