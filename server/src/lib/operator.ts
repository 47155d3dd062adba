import { asc, eq, sql } from 'drizzle-orm';
import { namespaces } from '../db/schema';
import type { Db } from '../db/types';

/**
 * The platform operator's namespace (DECISIONS 10): the one OPERATOR_NAMESPACE names, otherwise
 * the installation's first namespace (the demo's `demo`). Null before any namespace exists.
 * Read per call (one primary-key-sized read), so a second instance agrees at once.
 */
export async function operatorNamespaceId(db: Db, configured: string | undefined): Promise<number | null> {
  const rows = configured
    ? await db
        .select({ id: namespaces.id })
        .from(namespaces)
        .where(eq(sql`lower(${namespaces.name})`, configured.toLowerCase()))
    : await db.select({ id: namespaces.id }).from(namespaces).orderBy(asc(namespaces.id)).limit(1);
  return rows[0]?.id ?? null;
}
