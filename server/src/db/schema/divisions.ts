import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, modifiedAt, recordStatus, settingId } from './columns';
import { namespaces } from './namespaces';

/** Divisions (Setting objectType Division), e.g. LIFTING. */
export const divisions = pgTable(
  'divisions',
  {
    id: settingId(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    name: text('name').notNull(),
    displayName: text('display_name'),
    acronymCode: text('acronym_code'),
    /** The code certificate numbers print, as offices.code: typed or derived, unique among active divisions. */
    code: text('code').notNull(),
    description: text('description'),
    attributeForm: text('attribute_form'),
    status: recordStatus(),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    index('divisions_namespace_idx').on(t.namespaceId, t.status, t.name),
    // Two active divisions of a namespace never share a name (any case), however saves race.
    uniqueIndex('divisions_active_name_key').on(t.namespaceId, sql`lower(${t.name})`).where(sql`${t.status} = 1`),
    // ... nor a code, typed or derived (DECISIONS 9).
    uniqueIndex('divisions_active_code_key').on(t.namespaceId, t.code).where(sql`${t.status} = 1`),
  ],
);
