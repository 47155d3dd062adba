import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type AppError, conflict, isUniqueViolation } from '../../lib/errors';
import type { LocationType } from './locationType';

/**
 * The location-type kit: offices, clients, sites and assets declare here what makes a record a
 * duplicate, and the database decides it. Each rule is a partial unique index of the type's
 * table (declared in its schema file): the scope columns, the compared value (`lower(name)`,
 * so any case) and `where status = 1` (archived records may share a name). A save writes its
 * row without looking first and without a lock; a write that repeats an active record's name
 * fails on the index (PostgreSQL 23505 naming it, in PGlite and pg alike), and `guard` answers
 * it as the type's refusal, 409 with the spec's text under the field. The error aborts the
 * save's transaction, so nothing of the save is kept. Two simultaneous saves of one name: the
 * second waits on the first's index entry and is refused once the first commits.
 */
export interface UniqueRule<Input> {
  /** The unique index holding the rule (schema file and migration). */
  index: string;
  /** Its scope, as the index lists it before the compared value (checked by kit.test.ts). */
  scope: readonly string[];
  /** The compared value, as the index lists it. */
  value: string;
  /** The body field the refusal names. */
  field: string;
  /** The spec's text of the refusal, from the save's input. */
  message(input: Input): string;
}

export interface LocationTypeDefinition<Input> extends Omit<LocationType, 'tableName'> {
  table: PgTable;
  /** The duplicate rules, in the order PostgreSQL checks their indexes (the order they were made). */
  unique: readonly UniqueRule<Input>[];
}

export interface DefinedLocationType<Input> extends LocationType {
  tableName: string;
  unique: readonly UniqueRule<Input>[];
  /**
   * Runs `write` (inside the save's transaction) and answers a violation of one of the type's
   * unique rules as that rule's refusal. `fieldPrefix` places the field in a nested body
   * (`siteDetails.`).
   */
  guard<T>(input: Input, write: () => Promise<T>, fieldPrefix?: string): Promise<T>;
  /** The refusal a unique violation of one of the type's rules means, or null for any other error. */
  refusal(error: unknown, input: Input, fieldPrefix?: string): AppError | null;
}

export function defineLocationType<Input>(definition: LocationTypeDefinition<Input>): DefinedLocationType<Input> {
  const { table, unique, ...type } = definition;
  function refusal(error: unknown, input: Input, fieldPrefix = ''): AppError | null {
    const rule = unique.find((r) => isUniqueViolation(error, r.index));
    if (!rule) return null;
    const message = rule.message(input);
    return conflict(message, { [`${fieldPrefix}${rule.field}`]: message });
  }
  return {
    ...type,
    tableName: getTableName(table),
    unique,
    refusal,
    async guard(input, write, fieldPrefix) {
      try {
        return await write();
      } catch (error) {
        throw refusal(error, input, fieldPrefix) ?? error;
      }
    },
  };
}
