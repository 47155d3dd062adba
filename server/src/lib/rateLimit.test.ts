import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { rateLimits } from '../db/schema';
import { queryRows } from '../db/rows';
import { hit } from './rateLimit';

/**
 * The shared fixed-window counters (lib/rateLimit.ts): counted before the work they limit,
 * atomic under parallel events, and a refused event writes nothing (issue 19, item 13).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const limit = { max: 3, windowMs: 60_000 };

/** The row and its version (`xmin` changes with every write of the row, even of equal values). */
async function stored(key: string) {
  const [row] = await queryRows<{ count: number; version: string }>(
    t.app.db,
    sql`select count, xmin::text as version from rate_limits where key = ${key}`,
  );
  return row;
}

describe('rate limits', () => {
  it('counts up to the limit, then refuses without writing the row', async () => {
    const key = 'test:refused';
    for (let i = 1; i <= 3; i++) expect(await hit(t.app.db, key, limit)).toMatchObject({ count: i, blocked: false });
    const before = await stored(key);
    expect(before.count).toBe(3);
    for (let i = 0; i < 5; i++) {
      const refused = await hit(t.app.db, key, limit);
      expect(refused.blocked).toBe(true);
      expect(refused.count).toBe(4);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // Before: each refused event incremented the row (a write per 429).
    expect(await stored(key)).toEqual(before);
  });

  it('starts a new window once the old one is over, also from a full one', async () => {
    const key = 'test:window';
    for (let i = 0; i < 4; i++) await hit(t.app.db, key, limit);
    await t.app.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` }).where(eq(rateLimits.key, key));
    expect(await hit(t.app.db, key, limit)).toMatchObject({ count: 1, blocked: false });
    expect((await stored(key)).count).toBe(1);
  });

  it('lets exactly the limit through when events come in parallel', async () => {
    const key = 'test:parallel';
    const answers = await Promise.all(Array.from({ length: 10 }, () => hit(t.app.db, key, limit)));
    expect(answers.filter((a) => !a.blocked)).toHaveLength(3);
    expect(
      answers
        .filter((a) => !a.blocked)
        .map((a) => a.count)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect((await stored(key)).count).toBeGreaterThanOrEqual(3);
  });
});
