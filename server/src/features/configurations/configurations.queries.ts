import { and, eq, sql } from 'drizzle-orm';
import { configurations } from '../../db/schema';
import type { Db } from '../../db/types';

/** The JSON of a named configuration of a namespace, or null. */
export async function readConfiguration<T = unknown>(db: Db, namespaceId: number, name: string): Promise<T | null> {
  const rows = await db
    .select({ configJson: configurations.configJson })
    .from(configurations)
    .where(
      and(eq(configurations.namespaceId, namespaceId), sql`lower(${configurations.name}) = lower(${name})`, eq(configurations.status, 1)),
    )
    .limit(1);
  return (rows[0]?.configJson as T) ?? null;
}

/** Several named configurations in one query, keyed by lower-case name. */
export async function readConfigurations(db: Db, namespaceId: number, names: string[]): Promise<Map<string, unknown>> {
  const lower = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ name: configurations.name, configJson: configurations.configJson })
    .from(configurations)
    .where(
      and(
        eq(configurations.namespaceId, namespaceId),
        eq(configurations.status, 1),
        sql`lower(${configurations.name}) in (${sql.join(
          lower.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      ),
    );
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.configJson]));
}
