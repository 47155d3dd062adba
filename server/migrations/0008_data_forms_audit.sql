-- The audit trail of data_forms and data_form_revisions (see 0002_audit_triggers.sql).
CREATE TRIGGER data_forms_audit AFTER INSERT OR UPDATE OR DELETE ON data_forms FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER data_form_revisions_audit AFTER INSERT OR UPDATE OR DELETE ON data_form_revisions FOR EACH ROW EXECUTE FUNCTION audit_row_change();
