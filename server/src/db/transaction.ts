import { sql } from 'drizzle-orm';
import type { Db } from './types';

/** Who is writing: recorded by the audit triggers on every audited table. */
export interface Actor {
  userId: number | null;
  namespaceId: number | null;
}

/**
 * Runs a unit of work in one transaction with the actor set for the audit triggers.
 * Every write of the portal goes through here, so a failure leaves nothing half-written.
 */
export async function inTransaction<T>(db: Db, actor: Actor | null, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (actor) {
      await tx.execute(
        sql`select set_config('app.user_id', ${actor.userId === null ? '' : String(actor.userId)}, true),
                   set_config('app.namespace_id', ${actor.namespaceId === null ? '' : String(actor.namespaceId)}, true)`,
      );
    }
    return work(tx as unknown as Db);
  });
}
