import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { queryRows } from '../db/rows';
import type { Db } from '../db/types';

/**
 * Fixed-window counters in the database, so every server instance shares them.
 * `hit` counts one event and answers whether the limit is now exceeded. Attempts are counted
 * before the work they limit (a password check takes 0.1 s), so that parallel attempts cannot
 * all pass a check that none of them has counted yet; `release` takes back one that succeeded.
 * An event refused because its window is already full is not counted: it writes nothing.
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

/**
 * Counts one event of `key` and answers whether it is over the limit, in one statement: it
 * reads the row, and inserts or increments it only when the window is not yet full (or is
 * over). An event refused because the window already holds `max` events writes nothing, so a
 * flood of refused requests (429) costs a read each instead of a write each (until 2026-11-27
 * every refused verify request wrote the row first; on the embedded database every other
 * request waited behind those writes). Parallel events are still counted atomically: the
 * upsert increments the row it finds, and one that got a count over `max` is refused.
 */
export async function hit(db: Db, key: string, limit: Limit): Promise<{ count: number; blocked: boolean; retryAfterSeconds: number }> {
  const interval = `${Math.ceil(limit.windowMs / 1000)} seconds`;
  const rows = await queryRows<{ count: number; reset_at: Date | string; refused: boolean }>(
    db,
    sql`with full_window as (
          select count, reset_at from rate_limits
           where key = ${key} and reset_at > now() and count >= ${limit.max}::int
        ), counted as (
          insert into rate_limits (key, count, reset_at)
          select ${key}, 1, now() + ${interval}::interval
           where not exists (select 1 from full_window)
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= now() then now() + ${interval}::interval else rate_limits.reset_at end
          returning count, reset_at
        )
        select count, reset_at, false as refused from counted
        union all
        select count + 1, reset_at, true from full_window`,
  );
  const row = rows[0];
  const count = Number(row.count);
  return {
    count,
    blocked: row.refused || count > limit.max,
    retryAfterSeconds: (new Date(row.reset_at).getTime() - Date.now()) / 1000,
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
