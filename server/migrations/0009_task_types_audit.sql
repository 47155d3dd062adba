-- The audit trail of task_types (see 0002_audit_triggers.sql).
CREATE TRIGGER task_types_audit AFTER INSERT OR UPDATE OR DELETE ON task_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();
