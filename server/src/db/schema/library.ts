import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientCompanies, sites } from './clients';
import { createdAt, modifiedAt } from './columns';
import { files } from './files';
import { namespaces } from './namespaces';

/**
 * The technical libraries' folders and files (the spec's Document; DECISIONS 10). `library`
 * is one of technical, pictorial, report; the pictorial and report libraries' folders belong
 * to a client and a site, product technical information's to neither. A file is a row under
 * its folder (`parent_id`) pointing at its `files` row (contents in the blob store) and, for
 * an image, at the thumbnail the server made at upload. Names are stored trimmed; a folder's
 * name is unique in its library (and client and site), a file's in its folder, in any case.
 */
export const libraryEntries = pgTable(
  'library_entries',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    library: text('library').notNull(),
    entityType: text('entity_type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => libraryEntries.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clientCompanies.id),
    siteId: integer('site_id').references(() => sites.id),
    name: text('name').notNull(),
    fileId: integer('file_id').references(() => files.id),
    thumbnailFileId: integer('thumbnail_file_id').references(() => files.id),
    status: smallint('status').notNull().default(1),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    check('library_entries_library_check', sql`${t.library} in ('technical', 'pictorial', 'report')`),
    check('library_entries_type_check', sql`${t.entityType} in ('FOLDER', 'FILE')`),
    uniqueIndex('library_entries_folder_name_key')
      .on(t.namespaceId, t.library, sql`coalesce(${t.clientId}, 0)`, sql`coalesce(${t.siteId}, 0)`, sql`lower(${t.name})`)
      .where(sql`${t.entityType} = 'FOLDER'`),
    uniqueIndex('library_entries_file_name_key').on(t.parentId, sql`lower(${t.name})`).where(sql`${t.entityType} = 'FILE'`),
    index('library_entries_parent_idx').on(t.parentId, t.id),
    index('library_entries_folders_idx').on(t.namespaceId, t.library, t.clientId, t.siteId),
  ],
);
