import type { SQL } from 'drizzle-orm';
import type { Db } from './types';

/**
 * Runs a raw statement and answers its rows typed as the caller says. Both drivers (PGlite and
 * node-postgres) answer `{ rows }`; this is the one place that knows it.
 */
export async function queryRows<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
