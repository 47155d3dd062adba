-- The audit trail of jobs and tasks (see 0002_audit_triggers.sql).
CREATE TRIGGER jobs_audit AFTER INSERT OR UPDATE OR DELETE ON jobs FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER job_inspectors_audit AFTER INSERT OR UPDATE OR DELETE ON job_inspectors FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER job_client_users_audit AFTER INSERT OR UPDATE OR DELETE ON job_client_users FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER job_files_audit AFTER INSERT OR UPDATE OR DELETE ON job_files FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER tasks_audit AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION audit_row_change();
