import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * The code job and certificate numbers print: the typed acronym in upper case, else derived
     * from the name (features/sequences/codes.ts). Unique among the active offices of a namespace.
     */
    code: text('code').notNull(),
    externalId: text('external_id'),
    status: recordStatus(),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('offices_namespace_idx').on(t.namespaceId, t.status, t.name),
    // Two active offices of a namespace never share a code, typed or derived (DECISIONS 9).
    uniqueIndex('offices_active_code_key').on(t.namespaceId, t.code).where(sql`${t.status} = 1`),
    // Nor a name, whatever its case: the offices' duplicate check (features/offices, defineLocationType).
    uniqueIndex('offices_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
  ],
);
