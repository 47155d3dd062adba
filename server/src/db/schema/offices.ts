import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { addressColumns, createdAt, locationId, modifiedAt, recordStatus } from './columns';
import { namespaces } from './namespaces';

/** LO offices: offices of the provider company (Location objectType LO_OFFICE). */
export const offices = pgTable(
  'offices',
  {
    id: locationId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    ...addressColumns(),
    acronymCode: text('acronym_code'),
    externalId: text('external_id'),
    status: recordStatus(),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [index('offices_namespace_idx').on(t.namespaceId, t.status, t.name)],
);
