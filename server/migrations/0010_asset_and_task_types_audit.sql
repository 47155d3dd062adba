-- The audit trail of asset_types and task_types (see 0002_audit_triggers.sql).
CREATE TRIGGER asset_types_audit AFTER INSERT OR UPDATE OR DELETE ON asset_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();--> statement-breakpoint
CREATE TRIGGER task_types_audit AFTER INSERT OR UPDATE OR DELETE ON task_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();
