import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { GridState } from '@portal/contracts';
import { modifiedAt } from './columns';
import { namespaces } from './namespaces';
import { users } from './users';

/**
 * A user's column state of a screen's grid (issue 23: order, widths, grouping, hidden), so that
 * it follows the user to another browser. Preferences, not records: not audited
 * (test/audit.test.ts NOT_AUDITED). Gone with the user.
 */
export const userGridStates = pgTable(
  'user_grid_states',
  {
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    state: jsonb('state').$type<GridState>().notNull(),
    modifiedAt: modifiedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.screen] })],
);
