import { and, asc, eq, sql } from 'drizzle-orm';
import { offices, users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { contains } from '../../lib/search';

export type OfficeRecord = typeof offices.$inferSelect;

/** Every office of the namespace (active and archived), by name: the LO Office screen. */
export async function listOffices(db: Db, scope: Scope, filter: { name?: string; code?: string }) {
  const where = [eq(offices.namespaceId, scope.namespaceId)];
  if (filter.name?.trim()) where.push(contains(offices.name, filter.name.trim()));
  if (filter.code?.trim()) where.push(contains(offices.code, filter.code.trim()));
  return db
    .select()
    .from(offices)
    .where(and(...where))
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id));
}

/** Active offices of the namespace, by name: the office pickers. */
export async function activeOffices(db: Db, scope: Scope) {
  return db
    .select({
      id: offices.id,
      name: offices.name,
      acronymCode: offices.acronymCode,
      city: offices.city,
      timeZone: offices.timeZone,
    })
    .from(offices)
    .where(and(eq(offices.namespaceId, scope.namespaceId), eq(offices.status, 1)))
    .orderBy(asc(sql`lower(${offices.name})`), asc(offices.id));
}

export async function findOffice(db: Db, scope: Scope, id: number): Promise<OfficeRecord | null> {
  const rows = await db
    .select()
    .from(offices)
    .where(and(eq(offices.id, id), eq(offices.namespaceId, scope.namespaceId)));
  return rows[0] ?? null;
}

/** How many active users have this office as their primary office. */
export async function countActivePrimaryUsers(db: Db, scope: Scope, officeId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.namespaceId, scope.namespaceId), eq(users.officeId, officeId), eq(users.status, 1)));
  return Number(rows[0]?.n ?? 0);
}
