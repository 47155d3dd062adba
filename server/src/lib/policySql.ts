import { type SQL, sql } from 'drizzle-orm';

type Fact = number | boolean;

/**
 * A policy's flag as SQL, for lists the database builds in one go: the contracts policy is
 * asked for every combination of the record's facts (a small, finite space), and the flag is
 * true exactly for the rows of facts where the policy says so. The values are the code's own
 * numbers and booleans, never a request's, so they are written into the statement as literals.
 */
export function flagSql<F>(space: readonly F[], columns: SQL[], factsOf: (facts: F) => Fact[], allowed: (facts: F) => boolean): SQL {
  const rows = space.filter(allowed).map((facts) => `(${factsOf(facts).map(literal).join(', ')})`);
  if (rows.length === 0) return sql`false`;
  if (rows.length === space.length) return sql`true`;
  return sql`((${sql.join(columns, sql`, `)}) in (${sql.raw(rows.join(', '))}))`;
}

function literal(value: Fact): string {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (!Number.isInteger(value)) throw new Error(`not a fact literal: ${value}`);
  return String(value);
}
