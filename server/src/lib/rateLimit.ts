import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { Db } from '../db/types';

/**
 * Fixed-window counters in the database, so every server instance shares them.
 * `hit` counts one event and answers whether the limit is now exceeded. Attempts are counted
 * before the work they limit (a password check takes 0.1 s), so that parallel attempts cannot
 * all pass a check that none of them has counted yet; `release` takes back one that succeeded.
 */
export interface Limit {
  /** Events allowed in a window; the next one is refused (429). */
  max: number;
  windowMs: number;
  /** Events answered at full speed; each one after them waits longer (`slowDownMs`). */
  free?: number;
}

/** Growing delays: the first event past `free` waits 0.5 s, each further one twice as long, up to 4 s. */
export const SLOW_DOWN_FIRST_MS = 500;
export const SLOW_DOWN_CAP_MS = 4000;

/** How long the `count`-th event of a window waits before it is looked at. */
export function slowDownMs(count: number, limit: Limit): number {
  if (limit.free === undefined || count <= limit.free) return 0;
  const doublings = Math.min(count - limit.free - 1, 16);
  return Math.min(SLOW_DOWN_CAP_MS, SLOW_DOWN_FIRST_MS * 2 ** doublings);
}

export async function hit(db: Db, key: string, limit: Limit): Promise<{ count: number; blocked: boolean; retryAfterSeconds: number }> {
  const interval = `${Math.ceil(limit.windowMs / 1000)} seconds`;
  const result = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${interval}::interval` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${interval}::interval else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = result[0];
  return {
    count: row.count,
    blocked: row.count > limit.max,
    retryAfterSeconds: (row.resetAt.getTime() - Date.now()) / 1000,
  };
}

/** Takes back one counted event (an attempt counted up front that turned out fine). */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export const LIMITS = {
  /**
   * Failed sign-ins of clients without a device cookie for the account, per account and per
   * address: slowed after `free`, refused after `max`. A browser with the account's device
   * cookie is counted per device instead (`loginDevice`), never against these.
   */
  loginAccount: { free: 5, max: 50, windowMs: 15 * 60_000 },
  loginAddress: { free: 20, max: 200, windowMs: 15 * 60_000 },
  loginDevice: { free: 5, max: 10, windowMs: 15 * 60_000 },
  /** OTP requests per account and per address; wrong OTPs per account. */
  otpAccount: { max: 5, windowMs: 15 * 60_000 },
  otpAddress: { max: 30, windowMs: 15 * 60_000 },
  resetAccount: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;
