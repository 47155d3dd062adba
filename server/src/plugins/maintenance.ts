import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lt, sql } from 'drizzle-orm';
import { oneTimePasswords, rateLimits } from '../db/schema';
import { BLOB_GRACE_MS } from '../lib/blobs';
import type { Db } from '../db/types';

/** A feature's own periodic clean-up (features/index.ts collects them); idempotent. */
export type Cleanup = (db: Db) => Promise<unknown>;

export interface MaintenanceOptions {
  /** What each feature asks to be cleaned up, run in this order after the shared clean-up. */
  cleanups: readonly Cleanup[];
}

/**
 * Periodic clean-up of expired sessions, one-time passwords, rate-limit windows, each
 * feature's own leftovers (`cleanups`: unclaimed form uploads...), file contents
 * that no file refers to any more (a replaced logo...) and uploads a crash left behind.
 * Every instance may run it: the deletes are idempotent. The embedded database has no
 * autovacuum, so it also refreshes the planner's statistics (without them a join over a table
 * that grew since start-up can turn into a nested loop over every row).
 */
export const maintenancePlugin = fp(async (app: FastifyInstance, options: MaintenanceOptions) => {
  const run = async () => {
    try {
      await app.sessions.purgeExpired();
      await app.db.delete(oneTimePasswords).where(lt(oneTimePasswords.expiresAt, sql`now() - interval '1 day'`));
      await app.db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
      for (const cleanup of options.cleanups) await cleanup(app.db);
      await app.blobs.sweep(BLOB_GRACE_MS);
      await app.blobs.sweepTemp(BLOB_GRACE_MS);
    } catch (error) {
      app.log.warn({ err: error }, 'clean-up failed');
    }
  };
  const analyse = async () => {
    try {
      await app.db.execute(sql`analyze`);
    } catch (error) {
      app.log.warn({ err: error }, 'analyze failed');
    }
  };
  const timer = setInterval(run, 10 * 60_000);
  timer.unref();
  const timers = [timer];
  if (app.dbKind === 'pglite') {
    app.addHook('onReady', () => {
      // Soon after start (not during it: start-up time matters), then every half hour.
      const first = setTimeout(analyse, 5_000);
      first.unref();
      const again = setInterval(analyse, 30 * 60_000);
      again.unref();
      timers.push(first, again);
    });
  }
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
});
