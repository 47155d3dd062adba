import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** "Contains" as a LIKE pattern on lower-cased text (LIKE's own characters escaped). */
export function containsPattern(text: string): string {
  return `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The one "contains, any case" search of the lists: `lower(column) like '%text%'`, which the
 * trigram indexes serve. A null column matches nothing.
 */
export function contains(column: AnyColumn | SQL, text: string): SQL {
  return sql`lower(${column}) like ${containsPattern(text)}`;
}
