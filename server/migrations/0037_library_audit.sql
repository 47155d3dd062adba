-- The audit trail of the technical libraries (see 0002_audit_triggers.sql).
CREATE TRIGGER library_entries_audit AFTER INSERT OR UPDATE OR DELETE ON library_entries FOR EACH ROW EXECUTE FUNCTION audit_row_change();
