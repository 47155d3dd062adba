-- The audit trail of asset files (see 0002_audit_triggers.sql).
CREATE TRIGGER asset_files_audit AFTER INSERT OR UPDATE OR DELETE ON asset_files FOR EACH ROW EXECUTE FUNCTION audit_row_change();
