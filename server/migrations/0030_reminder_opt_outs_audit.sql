-- The audit trail of the due reminders' opt-outs (see 0002_audit_triggers.sql).
CREATE TRIGGER reminder_opt_outs_audit AFTER INSERT OR UPDATE OR DELETE ON reminder_opt_outs FOR EACH ROW EXECUTE FUNCTION audit_row_change();
