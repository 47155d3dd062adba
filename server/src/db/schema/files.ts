import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { namespaces } from './namespaces';

/**
 * Uploaded and generated files, kept in the database so that every server instance sees
 * them (DECISIONS 6): served only through `GET /api/filedownload?id=<blobKey>` after the
 * owner record's visibility is checked.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    /** Opaque random key used in URLs. */
    blobKey: text('blob_key').notNull(),
    /** What the file belongs to: user-signature, client-logo, namespace-logo, ... */
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_blob_key_key').on(t.blobKey), index('files_owner_idx').on(t.namespaceId, t.ownerType, t.ownerId)],
);
