-- The audit trail of the Loose Gear register (see 0002_audit_triggers.sql).
CREATE TRIGGER llg_items_audit AFTER INSERT OR UPDATE OR DELETE ON llg_items FOR EACH ROW EXECUTE FUNCTION audit_row_change();
