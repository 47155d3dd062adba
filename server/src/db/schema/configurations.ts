import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { namespaces } from './namespaces';

/**
 * Named JSON settings per namespace (Settings > Configurations): the dashboard tabs, the
 * web-access rules, the feature switches and any other configuration document.
 */
export const configurations = pgTable(
  'configurations',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    configJson: jsonb('config_json').notNull(),
    /** The document as the editor saved it (layout and key order kept); null for seeded ones. */
    configText: text('config_text'),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('configurations_namespace_idx').on(t.namespaceId, t.name),
    // Two active configurations of a namespace never share a name (any case): the readers look them up by name.
    uniqueIndex('configurations_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);
