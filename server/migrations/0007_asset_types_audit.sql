-- The audit trail of asset_types (see 0002_audit_triggers.sql).
CREATE TRIGGER asset_types_audit AFTER INSERT OR UPDATE OR DELETE ON asset_types FOR EACH ROW EXECUTE FUNCTION audit_row_change();
