import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { namespaces } from './namespaces';

/** Asset Types (Setting objectType ASSET_TYPE). */
export const assetTypes = pgTable(
  'asset_types',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    description: text('description'),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('asset_types_namespace_idx').on(t.namespaceId, t.status, t.name),
    // Two active asset types of a namespace never share a name (any case).
    uniqueIndex('asset_types_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);
