-- The audit trail of the catalogue tables (see 0002_audit_triggers.sql): data forms and their revisions, asset types, task types.
CREATE TRIGGER asset_types_audit AFTER INSERT OR UPDATE OR DELETE ON asset_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER data_forms_audit AFTER INSERT OR UPDATE OR DELETE ON data_forms FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER data_form_revisions_audit AFTER INSERT OR UPDATE OR DELETE ON data_form_revisions FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER task_types_audit AFTER INSERT OR UPDATE OR DELETE ON task_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();
