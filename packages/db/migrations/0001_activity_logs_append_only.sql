-- Activity logs are evidence: once written they are never changed or removed.
CREATE FUNCTION activity_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_logs is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_logs_no_update_delete
  BEFORE UPDATE OR DELETE ON activity_logs
  FOR EACH ROW EXECUTE FUNCTION activity_logs_append_only();
