import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { namespaces } from './namespaces';

/**
 * Uploaded and generated files: the metadata and the access rules (owner) of each file,
 * served only through `GET /api/filedownload?id=<blobKey>` after the owner record's
 * visibility is checked. The bytes live in the blob store (`lib/blobs/`) under `sha256`:
 * files under `DATA_DIR/files` on the embedded database, the `file_blobs` table (or a shared
 * directory) on PostgreSQL. Same content is stored once, whichever rows refer to it.
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
    /** The blob store key. */
    sha256: text('sha256').notNull(),
    /**
     * The bytes inline, as every file was kept before the blob store (and as the seed writes
     * its small demo images). Served from here when present; on the directory store they are
     * moved out at start-up (`moveInlineFiles`).
     */
    content: bytea('content'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_blob_key_key').on(t.blobKey),
    index('files_owner_idx').on(t.namespaceId, t.ownerType, t.ownerId),
    // The clean-up asks which blobs any row still refers to.
    index('files_sha256_idx').on(t.sha256),
  ],
);

/**
 * The database blob store (PostgreSQL's default): one row per distinct content. Rows that no
 * file refers to any more are deleted by the clean-up once `touched_at` is older than its grace
 * period (a blob is touched again whenever an upload reuses it).
 */
export const fileBlobs = pgTable('file_blobs', {
  sha256: text('sha256').primaryKey(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  touchedAt: timestamp('touched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
