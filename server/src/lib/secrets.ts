import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { serverSecrets } from '../db/schema';
import type { Db } from '../db/types';

/**
 * A secret every server instance shares, kept in the database: the first instance that needs
 * it inserts a random one, every other instance (and every later start) reads that row. A
 * per-process random secret would make one instance refuse what another signed.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const rows = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(rows[0].value, 'base64url');
}
