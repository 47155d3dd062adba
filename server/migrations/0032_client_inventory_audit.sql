-- The audit trail of the client inventory (see 0002_audit_triggers.sql). A CSV import of up to
-- 50,000 rows sets app.bulk_import in its transaction and writes one IMPORT entry itself
-- (clientInventory.service.ts), instead of one INSERT entry per row.
CREATE TRIGGER client_inventory_audit AFTER INSERT OR UPDATE OR DELETE ON client_inventory FOR EACH ROW
  WHEN (coalesce(current_setting('app.bulk_import', true), '') <> 'on')
  EXECUTE FUNCTION audit_row_change();
