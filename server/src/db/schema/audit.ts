import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Who changed what and when. Rows are written by database triggers on every audited table
 * (see migrations), so no write can forget it; the acting user comes from the transaction
 * setting `app.user_id` (db/transaction.ts).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    namespaceId: integer('namespace_id'),
    userId: integer('user_id'),
    /** INSERT, UPDATE or DELETE. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_namespace_idx').on(t.namespaceId, t.createdAt), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
