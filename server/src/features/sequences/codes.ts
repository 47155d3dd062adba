import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type divisions, offices } from '../../db/schema';
import type { Db } from '../../db/types';
import type { AppError } from '../../lib/errors';

/**
 * Office and division codes: what job and certificate numbers print (DECISIONS 6 and 9).
 *
 * The effective code is kept in the record's `code` column, set at every save: the typed
 * acronym in upper case, or, without one, derived from the name. Codes are unique among the
 * active records of a namespace (a partial unique index, `offices_active_code_key` and
 * `divisions_active_code_key`), so two offices (or divisions) never number alike:
 * - a typed acronym another active record already holds is refused (409, naming the holder);
 * - a derived code takes the first free of DUB, DUB2, DUB3... (docs/decisions.md says why).
 */

/** The code a name gives when no acronym is typed: its first three letters or digits, upper case. */
export function derivedCode(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 3)
      .toUpperCase() || 'X'
  );
}

/** A typed acronym as a code (trimmed, upper case), or null when none is typed. */
export function typedCode(acronymCode: string | null | undefined): string | null {
  const code = acronymCode?.trim().toUpperCase();
  return code ? code : null;
}

type CodeTable = typeof offices | typeof divisions;

export interface CodeInput {
  namespaceId: number;
  /** The record being saved, null for a new one. */
  id: number | null;
  name: string;
  acronymCode: string | null | undefined;
  /** The record as stored, for an update: a derived code it already has is kept. */
  existing: { code: string; acronymCode: string | null } | null;
}

/**
 * The code a record saved with these values gets, in the caller's transaction. Takes a lock
 * per namespace and table until the transaction ends, so concurrent saves cannot pick the
 * same code; call it right before writing the row. `taken(code, holder)` builds the refusal
 * of a typed acronym another active record holds.
 */
export async function effectiveCode(
  tx: Db,
  table: CodeTable,
  input: CodeInput,
  taken: (code: string, holder: string) => AppError,
): Promise<string> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`codes:${table === offices ? 'offices' : 'divisions'}`}), ${input.namespaceId}::int)`,
  );
  const others = (match: SQL) =>
    tx
      .select({ name: table.name, code: table.code })
      .from(table)
      .where(
        and(eq(table.namespaceId, input.namespaceId), eq(table.status, 1), input.id !== null ? ne(table.id, input.id) : undefined, match),
      );

  const typed = typedCode(input.acronymCode);
  if (typed) {
    const [holder] = await others(sql`${table.code} = ${typed}`);
    if (holder) throw taken(typed, holder.name);
    return typed;
  }

  const base = derivedCode(input.name);
  const used = new Set((await others(sql`left(${table.code}, ${base.length}) = ${base}`)).map((o) => o.code));
  // An update that keeps deriving from the same letters keeps its code (DUB2 stays DUB2).
  const kept = input.existing && !typedCode(input.existing.acronymCode) ? input.existing.code : null;
  if (kept && new RegExp(`^${base}([2-9]|[1-9][0-9]+)?$`).test(kept) && !used.has(kept)) return kept;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
