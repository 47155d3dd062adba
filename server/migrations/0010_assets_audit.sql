-- The audit trail of assets (see 0002_audit_triggers.sql).
CREATE TRIGGER assets_audit AFTER INSERT OR UPDATE OR DELETE ON assets FOR EACH ROW EXECUTE FUNCTION audit_row_change();
