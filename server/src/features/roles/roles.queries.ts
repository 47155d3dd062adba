import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { clientCompanies, namespaces, roleLicences, roles, users } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { queryRows } from '../../db/rows';

export type RoleRecord = typeof roles.$inferSelect;

const byName = [asc(sql`lower(${roles.name})`), asc(roles.id)];

export async function namespaceCompanyName(db: Db, scope: Scope): Promise<string> {
  const rows = await db.select({ companyName: namespaces.companyName }).from(namespaces).where(eq(namespaces.id, scope.namespaceId));
  return rows[0]?.companyName ?? '';
}

/** Active roles for pickers, optionally of one type; client callers see client roles only. */
export async function roleOptions(db: Db, scope: Scope, type: number | undefined) {
  const where = [eq(roles.namespaceId, scope.namespaceId), eq(roles.status, 1)];
  if (type !== undefined) where.push(eq(roles.type, type));
  return db
    .select({ id: roles.id, name: roles.name, type: roles.type, baseRole: roles.baseRole })
    .from(roles)
    .where(and(...where))
    .orderBy(...byName);
}

export async function countActiveUsersOfRole(db: Db, scope: Scope, roleId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.namespaceId, scope.namespaceId), eq(users.roleId, roleId), eq(users.status, 1)));
  return Number(rows[0]?.n ?? 0);
}

/** Licences of the given roles at the namespace's active clients, by client name. */
export async function licencesOf(db: Db, scope: Scope, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return db
    .select({
      roleId: roleLicences.roleId,
      clientId: roleLicences.clientId,
      clientName: clientCompanies.name,
      clientLicense: roleLicences.licenceCount,
      isAllUserActive: roleLicences.allUsersActive,
    })
    .from(roleLicences)
    .innerJoin(clientCompanies, eq(clientCompanies.id, roleLicences.clientId))
    .where(and(eq(roleLicences.namespaceId, scope.namespaceId), inArray(roleLicences.roleId, roleIds), eq(clientCompanies.status, 1)))
    .orderBy(asc(sql`lower(${clientCompanies.name})`), asc(clientCompanies.id));
}

/** Which of these client ids belong to the namespace. */
export async function clientIdsOfNamespace(db: Db, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: clientCompanies.id })
    .from(clientCompanies)
    .where(and(eq(clientCompanies.namespaceId, scope.namespaceId), inArray(clientCompanies.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Sets a client's licence of a role. The upsert also locks the licence row until the
 * transaction ends, so a concurrent user save that locks it too sees the new count.
 */
export async function upsertLicence(
  db: Db,
  scope: Scope,
  input: { roleId: number; clientId: number; licenceCount: number; allUsersActive: boolean },
): Promise<void> {
  await db
    .insert(roleLicences)
    .values({ namespaceId: scope.namespaceId, ...input })
    .onConflictDoUpdate({
      target: [roleLicences.roleId, roleLicences.clientId],
      set: { licenceCount: input.licenceCount, allUsersActive: input.allUsersActive, modifiedAt: sql`now()` },
    });
}

/** "Create License Config": an unlimited licence for every active client that has none yet. */
export async function createMissingLicences(db: Db, scope: Scope, roleId: number): Promise<void> {
  await db.execute(sql`
    insert into role_licences (namespace_id, role_id, client_id, licence_count, all_users_active)
    select ${scope.namespaceId}::int, ${roleId}::int, c.id, -1, false
      from client_companies c
     where c.namespace_id = ${scope.namespaceId}::int and c.status = 1
    on conflict (role_id, client_id) do nothing`);
}

/**
 * Re-activates suspended users (-3) of a role at a client, oldest first, up to `room` users
 * (null: no limit). Answers how many were re-activated.
 */
export async function reactivateSuspended(
  db: Db,
  scope: Scope,
  input: { roleId: number; clientId: number; room: number | null; actorId: number },
): Promise<number> {
  if (input.room !== null && input.room <= 0) return 0;
  const limit = input.room === null ? sql`` : sql`limit ${input.room}::int`;
  const changed = await queryRows<{ id: number }>(
    db,
    sql`
    update users set status = 1, modified_at = now(), modified_by = ${input.actorId}::int
     where id in (
       select id from users
        where namespace_id = ${scope.namespaceId}::int and role_id = ${input.roleId}::int
          and company_id = ${input.clientId}::int and status = -3
        order by id ${limit})
    returning id`,
  );
  return changed.length;
}

export async function countActiveUsersAtClient(db: Db, scope: Scope, roleId: number, clientId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.namespaceId, scope.namespaceId), eq(users.roleId, roleId), eq(users.companyId, clientId), eq(users.status, 1)));
  return Number(rows[0]?.n ?? 0);
}
