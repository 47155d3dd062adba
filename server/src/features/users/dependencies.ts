import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ADMINISTRATOR_ROLES, USERS, type UserStatusAction } from '@portal/contracts';
import { roles, users } from '../../db/schema';
import type { Db } from '../../db/types';

/**
 * "Open work depends on them" (shell document 8, 424): features that give users work (jobs,
 * tasks...) register a check here. A check answers the message to refuse with, or null.
 * Checks run inside the status-change transaction, so they see what the change will commit.
 */
export interface DependencyTarget {
  id: number;
  namespaceId: number;
  role: string;
  status: number;
}

export type UserDependencyCheck = (tx: Db, target: DependencyTarget, action: UserStatusAction) => Promise<string | null>;

const checks = new Map<string, UserDependencyCheck>();

export function registerUserDependency(name: string, check: UserDependencyCheck): void {
  checks.set(name, check);
}

/** The first refusal of any registered check, or null. Activation never depends on anything. */
export async function firstDependency(tx: Db, target: DependencyTarget, action: UserStatusAction): Promise<string | null> {
  if (action === 'activate') return null;
  for (const check of checks.values()) {
    const message = await check(tx, target, action);
    if (message) return message;
  }
  return null;
}

/**
 * A namespace always keeps one active administrator, or nobody could manage it any more:
 * the last one can neither leave the active status nor lose the administrator role.
 */
export async function isLastAdministrator(tx: Db, target: DependencyTarget): Promise<boolean> {
  if (target.status !== 1 || !ADMINISTRATOR_ROLES.includes(target.role as never)) return false;
  // Two concurrent changes of the last two administrators must not both pass.
  await tx.execute(sql`select pg_advisory_xact_lock(727502, ${target.namespaceId})`);
  const others = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.namespaceId, target.namespaceId),
        eq(users.status, 1),
        ne(users.id, target.id),
        inArray(roles.baseRole, [...ADMINISTRATOR_ROLES]),
      ),
    );
  return Number(others[0]?.n ?? 0) === 0;
}

registerUserDependency('last-administrator', async (tx, target) =>
  (await isLastAdministrator(tx, target)) ? USERS.lastAdministrator : null,
);
