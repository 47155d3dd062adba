import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { namespaces } from './namespaces';
import { users } from './users';

/**
 * The due reminders' daily runs (features/reminders): one row per namespace and day, inserted
 * by the instance that takes that day's run (`insert .. on conflict do nothing`), so however
 * many instances look at once, one of them mails and the others see the row and skip.
 * `day` is the UTC date (the item status counts days in UTC).
 */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    namespaceId: integer('namespace_id')
      .notNull()
      .references(() => namespaces.id),
    day: date('day', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Mails put in the outbox; null until the run finished. */
    mails: integer('mails'),
  },
  (t) => [primaryKey({ columns: [t.namespaceId, t.day] })],
);

/** Users who turned their due reminders off (the mail's link or their profile); a row is "off". */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  namespaceId: integer('namespace_id')
    .notNull()
    .references(() => namespaces.id),
  createdAt: createdAt(),
});
