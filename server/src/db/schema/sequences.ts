import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, modifiedAt } from './columns';
import { divisions } from './divisions';
import { namespaces } from './namespaces';
import { offices } from './offices';

/**
 * Sequence Numbering: one counter per office, division and name (JOB, CERTIFICATE...).
 * Numbers are taken with one atomic UPDATE ... RETURNING (features/sequences).
 */
export const numberSequences = pgTable(
  'number_sequences',
  {
    id: serial('id').primaryKey(),
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    divisionId: integer('division_id').references(() => divisions.id),
    name: text('name').notNull(),
    currentNumber: integer('current_number').notNull().default(0),
    createdAt: createdAt(),
    modifiedAt: modifiedAt(),
  },
  (t) => [
    uniqueIndex('number_sequences_key').on(t.namespaceId, t.officeId, sql`coalesce(${t.divisionId}, 0)`, t.name),
    index('number_sequences_namespace_idx').on(t.namespaceId),
  ],
);
