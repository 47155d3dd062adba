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
  max: number;
  windowMs: number;
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
  /** Failed sign-ins per account and per address. */
  loginAccount: { max: 10, windowMs: 15 * 60_000 },
  loginAddress: { max: 50, windowMs: 15 * 60_000 },
  /** OTP requests per account and per address; wrong OTPs per account. */
  otpAccount: { max: 5, windowMs: 15 * 60_000 },
  otpAddress: { max: 30, windowMs: 15 * 60_000 },
  resetAccount: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;
