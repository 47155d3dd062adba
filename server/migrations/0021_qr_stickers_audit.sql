-- The audit trail of sticker sheets and stickers (see 0002_audit_triggers.sql).
CREATE TRIGGER qr_sticker_batches_audit AFTER INSERT OR UPDATE OR DELETE ON qr_sticker_batches FOR EACH ROW EXECUTE FUNCTION audit_row_change();
--> statement-breakpoint
CREATE TRIGGER qr_stickers_audit AFTER INSERT OR UPDATE OR DELETE ON qr_stickers FOR EACH ROW EXECUTE FUNCTION audit_row_change();
