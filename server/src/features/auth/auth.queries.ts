import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { namespaces, oneTimePasswords, roles, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** A user by e-mail across the platform (e-mail addresses are unique platform-wide). */
export async function findLoginUser(db: Db, email: string) {
  const rows = await db
    .select({
      id: users.id,
      namespaceId: users.namespaceId,
      namespaceStatus: namespaces.status,
      status: users.status,
      passwordHash: users.passwordHash,
      email: users.email,
      baseRole: roles.baseRole,
    })
    .from(users)
    .innerJoin(namespaces, eq(namespaces.id, users.namespaceId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email));
  return rows[0] ?? null;
}

export async function latestOtp(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(oneTimePasswords)
    .where(and(eq(oneTimePasswords.userId, userId), isNull(oneTimePasswords.usedAt), gt(oneTimePasswords.expiresAt, sql`now()`)))
    .orderBy(desc(oneTimePasswords.createdAt), desc(oneTimePasswords.id))
    .limit(1);
  return rows[0] ?? null;
}
