-- The audit trail of issued certificates (see 0002_audit_triggers.sql).
CREATE TRIGGER certificates_audit AFTER INSERT OR UPDATE OR DELETE ON certificates FOR EACH ROW EXECUTE FUNCTION audit_row_change();
