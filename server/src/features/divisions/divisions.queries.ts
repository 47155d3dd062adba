import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { divisions } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';

export type DivisionRecord = typeof divisions.$inferSelect;

const byName = [asc(sql`lower(${divisions.name})`), asc(divisions.id)];

/** Active divisions by name, one page (limit -1: all, for exports); optional name contains. */
export async function listActiveDivisions(db: Db, scope: Scope, page: { offset: number; limit: number; name?: string }) {
  const where = [eq(divisions.namespaceId, scope.namespaceId), eq(divisions.status, 1)];
  const name = page.name?.trim();
  if (name) where.push(sql`strpos(lower(${divisions.name}), lower(${name})) > 0`);
  const query = db
    .select()
    .from(divisions)
    .where(and(...where))
    .orderBy(...byName)
    .offset(Math.max(0, page.offset))
    .$dynamic();
  return page.limit >= 0 ? query.limit(page.limit) : query;
}

export async function divisionOptions(db: Db, scope: Scope) {
  return db
    .select({ id: divisions.id, name: divisions.name, acronymCode: divisions.acronymCode })
    .from(divisions)
    .where(and(eq(divisions.namespaceId, scope.namespaceId), eq(divisions.status, 1)))
    .orderBy(...byName);
}

export async function findDivision(db: Db, scope: Scope, id: number): Promise<DivisionRecord | null> {
  const rows = await db
    .select()
    .from(divisions)
    .where(and(eq(divisions.id, id), eq(divisions.namespaceId, scope.namespaceId)));
  return rows[0] ?? null;
}

/** Is another active division of the namespace called this (case-insensitive)? */
export async function activeNameTaken(db: Db, scope: Scope, name: string, exceptId: number | null): Promise<boolean> {
  const where = [eq(divisions.namespaceId, scope.namespaceId), eq(divisions.status, 1), sql`lower(${divisions.name}) = lower(${name})`];
  if (exceptId !== null) where.push(ne(divisions.id, exceptId));
  const rows = await db
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(...where))
    .limit(1);
  return rows.length > 0;
}
