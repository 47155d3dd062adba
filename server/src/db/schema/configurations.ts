import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('configurations_namespace_idx').on(t.namespaceId, t.name)],
);
