import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH } from '@portal/contracts';
import { rateLimits, serverSecrets } from '../../db/schema';
import { DEVICE_COOKIE, DeviceCookies } from '../../lib/deviceCookie';
import { LIMITS, SLOW_DOWN_CAP_MS, slowDownMs } from '../../lib/rateLimit';
import { buildApp } from '../../app';
import { createTestContext, type TestContext, testConfig } from '../../../test/helpers';

/**
 * Sign-in throttling without lock-out (issue 6, item 3): the owner's known browser (device
 * cookie) gets in while an attacker hammers the account or the address; unknown clients are
 * slowed before they are refused.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());
beforeEach(() => {
  t.signInDelays.asked.length = 0;
  t.signInDelays.wait = undefined;
});

const RIGHT = 'demo1234';

function signIn(email: string, password: string, options: { ip?: string; device?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/weblogin',
    payload: { email, password },
    remoteAddress: options.ip ?? '10.0.0.1',
    headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
  });
}

/** The device cookie a response sets, with its attributes. */
function setDeviceCookie(response: LightMyRequestResponse): string | undefined {
  const set = response.headers['set-cookie'];
  return (Array.isArray(set) ? set : [String(set ?? '')]).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
}

/** The browser of someone who signed in to `email` before. */
async function knownBrowser(email: string, ip: string): Promise<string> {
  const response = await signIn(email, RIGHT, { ip });
  expect(response.statusCode).toBe(200);
  const cookie = setDeviceCookie(response);
  expect(cookie).toBeDefined();
  return (cookie as string).split(';')[0].slice(DEVICE_COOKIE.length + 1);
}

async function counter(key: string): Promise<number> {
  const rows = await t.app.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return rows[0]?.count ?? 0;
}

/** Stands for that many failures within the window (cheaper than that many password checks). */
async function failuresSoFar(key: string, count: number) {
  await t.app.db
    .insert(rateLimits)
    .values({ key, count, resetAt: sql`now() + interval '15 minutes'` })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count } });
}

describe('slowDownMs', () => {
  it('is free up to the limit, then doubles from 0.5 s up to a cap of 4 s', () => {
    const limit = LIMITS.loginAccount;
    const free = limit.free;
    expect(slowDownMs(1, limit)).toBe(0);
    expect(slowDownMs(free, limit)).toBe(0);
    expect([1, 2, 3, 4, 5, 30].map((n) => slowDownMs(free + n, limit))).toEqual([500, 1000, 2000, 4000, 4000, SLOW_DOWN_CAP_MS]);
    expect(slowDownMs(1_000_000, limit)).toBe(SLOW_DOWN_CAP_MS);
    expect(slowDownMs(1000, LIMITS.resetAccount)).toBe(0);
  });
});

describe('device cookie', () => {
  it('is set by a successful sign-in only: HttpOnly, SameSite=Lax, path /api, long-lived', async () => {
    const failed = await signIn('scheduler@demo.test', 'wrong-one');
    expect(failed.statusCode).toBe(401);
    expect(setDeviceCookie(failed)).toBeUndefined();
    const response = await signIn('scheduler@demo.test', RIGHT);
    const cookie = setDeviceCookie(response) as string;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api(;|$)/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('keeps the last few accounts of a shared browser, each with a new nonce at every sign-in', async () => {
    const first = await knownBrowser('approver@demo.test', '10.0.0.2');
    const both = setDeviceCookie(await signIn('lo-admin@demo.test', RIGHT, { device: first })) as string;
    const value = both.split(';')[0].slice(DEVICE_COOKIE.length + 1);
    expect(value.split('~')).toHaveLength(2);
    expect(await t.app.deviceCookies.nonceFor(value, 'approver@demo.test')).toBe(
      await t.app.deviceCookies.nonceFor(first, 'approver@demo.test'),
    );
    const again = setDeviceCookie(await signIn('approver@demo.test', RIGHT, { device: value })) as string;
    const renewed = again.split(';')[0].slice(DEVICE_COOKIE.length + 1);
    expect(await t.app.deviceCookies.nonceFor(renewed, 'approver@demo.test')).not.toBe(
      await t.app.deviceCookies.nonceFor(first, 'approver@demo.test'),
    );
    expect(await t.app.deviceCookies.nonceFor(renewed, 'lo-admin@demo.test')).not.toBeNull();
  });

  it("is signed with a secret kept once in the database, so every instance accepts every other one's cookies", async () => {
    // Two more "instances" on the same database, starting at the same moment.
    const [one, two] = [new DeviceCookies(t.app.db), new DeviceCookies(t.app.db)];
    const [fromOne, fromTwo] = await Promise.all([one.issue(undefined, 'a@demo.test'), two.issue(undefined, 'b@demo.test')]);
    expect(await two.nonceFor(fromOne, 'a@demo.test')).not.toBeNull();
    expect(await one.nonceFor(fromTwo, 'b@demo.test')).not.toBeNull();
    expect(await t.app.deviceCookies.nonceFor(fromOne, 'a@demo.test')).not.toBeNull();
    expect(await t.app.db.select().from(serverSecrets)).toHaveLength(1);
  });

  it('is accepted by a second instance on the same database, and Secure behind an https PUBLIC_URL', async () => {
    const email = 'scheduler@demo.test';
    const device = await knownBrowser(email, '10.0.0.3');
    const second = await buildApp(testConfig({ PUBLIC_URL: 'https://portal.example.com' }), {
      database: { db: t.app.db, kind: t.app.dbKind, queue: t.app.dbQueue, created: false, close: async () => {} },
      logger: false,
      signInDelay: async () => {},
    });
    try {
      await failuresSoFar(`login:account:${email}`, LIMITS.loginAccount.max);
      const response = await second.inject({
        method: 'POST',
        url: '/api/weblogin',
        payload: { email, password: RIGHT },
        remoteAddress: '10.0.0.3',
        headers: { cookie: `${DEVICE_COOKIE}=${device}` },
      });
      expect(response.statusCode).toBe(200);
      expect(setDeviceCookie(response)).toMatch(/; Secure/i);
    } finally {
      await second.close();
    }
  });
});

describe('sign-in limits', () => {
  it("lets the owner's known browser in after 11 wrong passwords from another address", async () => {
    const email = 'sales-person@demo.test';
    const device = await knownBrowser(email, '10.1.0.1');
    for (let i = 0; i < 11; i++) expect((await signIn(email, `wrong-${i}`, { ip: '10.66.0.1' })).statusCode).toBe(401);
    const owner = await signIn(email, RIGHT, { ip: '10.1.0.1', device });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().email).toBe(email);

    // Even past the account's hard limit, where a client unknown to the account is refused.
    await failuresSoFar(`login:account:${email}`, LIMITS.loginAccount.max);
    const stranger = await signIn(email, RIGHT, { ip: '10.1.0.9' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toBe(AUTH.tooManyAttempts);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(email, RIGHT, { ip: '10.1.0.1', device })).statusCode).toBe(200);
    // The known browser's attempts do not count against the account (nor reset its count).
    await signIn(email, 'typo-typo', { ip: '10.1.0.1', device });
    // (The stranger's refused attempt was not counted either: a refused attempt writes nothing.)
    expect(await counter(`login:account:${email}`)).toBe(LIMITS.loginAccount.max);
  });

  it('lets a browser that signed in before in after 50+ failures from its address (one proxy, no TRUST_PROXY)', async () => {
    const proxy = '10.2.0.1';
    const device = await knownBrowser('field-engg@demo.test', proxy);
    // Other people behind the same proxy mistype their passwords (and someone tries names).
    const answers = await Promise.all(
      Array.from({ length: 51 }, (_, i) =>
        signIn(i % 2 ? `nobody-${i}@demo.test` : 'approver-only@demo.test', `wrong-${i}`, { ip: proxy }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    expect(await counter(`login:address:${proxy}`)).toBeGreaterThanOrEqual(51);
    expect((await signIn('field-engg@demo.test', RIGHT, { ip: proxy, device })).statusCode).toBe(200);

    // Past the address's hard limit, a client unknown to the account is refused; the known one is not.
    await failuresSoFar(`login:address:${proxy}`, LIMITS.loginAddress.max);
    expect((await signIn('field-junior@demo.test', RIGHT, { ip: proxy })).statusCode).toBe(429);
    expect((await signIn('field-engg@demo.test', RIGHT, { ip: proxy, device })).statusCode).toBe(200);
  });

  it('slows an unknown client with growing delays, lets the right password in, and refuses past the hard limit', async () => {
    const email = 'corporate@demo.test';
    // Each attempt from another address, so only the account's count is at work.
    const attempt = (i: number, password = `wrong-${i}`) => signIn(email, password, { ip: `10.3.${Math.floor(i / 200)}.${i % 200}` });
    for (let i = 1; i <= 9; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect(t.signInDelays.asked).toEqual([500, 1000, 2000, 4000]);

    // The right password during the slow-down gets in after its delay (and resets the count).
    expect((await attempt(10, RIGHT)).statusCode).toBe(200);
    expect(t.signInDelays.asked.at(-1)).toBe(4000);
    expect(await counter(`login:account:${email}`)).toBe(0);

    // Parallel attempts are counted before they wait or are checked: no more than the hard
    // limit get a password check, the rest are refused at once.
    t.signInDelays.asked.length = 0;
    await failuresSoFar(`login:account:${email}`, LIMITS.loginAccount.max - 10);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(100 + i)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(t.signInDelays.asked).toEqual(Array(10).fill(SLOW_DOWN_CAP_MS));

    const refused = await attempt(500, RIGHT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: AUTH.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not hold other requests while a sign-in waits out its delay', async () => {
    const email = 'requester@demo.test';
    await failuresSoFar(`login:account:${email}`, LIMITS.loginAccount.free + 3);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.signInDelays.wait = () => held;
    const slowed = signIn(email, RIGHT, { ip: '10.4.0.1' });
    let answered = false;
    void slowed.then(() => {
      answered = true;
    });
    while (t.signInDelays.asked.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(t.signInDelays.asked).toEqual([4000]);
    // Meanwhile the server answers others.
    expect((await t.app.inject({ method: 'GET', url: '/api/loginBranding' })).statusCode).toBe(200);
    expect(answered).toBe(false);
    release();
    expect((await slowed).statusCode).toBe(200);
  });

  it('limits wrong passwords from a known browser per device, without touching the account', async () => {
    const email = 'client-user@demo.test';
    const device = await knownBrowser(email, '10.5.0.1');
    for (let i = 0; i < LIMITS.loginDevice.max; i++) {
      expect((await signIn(email, `wrong-${i}`, { ip: '10.5.0.1', device })).statusCode).toBe(401);
    }
    expect(t.signInDelays.asked).toEqual([500, 1000, 2000, 4000, 4000]);
    expect((await signIn(email, RIGHT, { ip: '10.5.0.1', device })).statusCode).toBe(429);
    expect(await counter(`login:account:${email}`)).toBe(0);
    expect(await counter('login:address:10.5.0.1')).toBe(0);
    // That device is refused for a while; the account is not locked for anyone else.
    expect((await signIn(email, RIGHT, { ip: '10.5.0.2' })).statusCode).toBe(200);
  });

  it("gives no way past the limits to a forged, altered, expired or other account's device cookie", async () => {
    const victim = 'client-admin@demo.test';
    const otherDevice = await knownBrowser('site-user@demo.test', '10.6.0.1');
    await failuresSoFar(`login:account:${victim}`, LIMITS.loginAccount.max);
    const [entry] = otherDevice.split('~');
    const [, issued, nonce, signature] = entry.split('.');
    const victimLogin = Buffer.from(victim).toString('base64url');
    const forgedKey = Buffer.alloc(32, 7);
    const forgedSignature = createHmac('sha256', forgedKey).update(`device:v1\n${victim}\n${issued}\n${nonce}`).digest('base64url');
    const expired = await t.app.deviceCookies.issue(undefined, victim, Date.now() - 400 * 24 * 3600 * 1000);
    const cookies = {
      otherAccount: otherDevice,
      loginSwapped: `${victimLogin}.${issued}.${nonce}.${signature}`,
      forged: `${victimLogin}.${issued}.${nonce}.${forgedSignature}`,
      expired,
      garbage: `${'~.'.repeat(300)}x.y.z.w`,
      huge: 'a'.repeat(5000),
    };
    for (const [what, device] of Object.entries(cookies)) {
      const response = await signIn(victim, RIGHT, { ip: '10.6.0.2', device });
      expect(response.statusCode, what).toBe(429);
    }
    // A valid cookie for the victim's account would have got in.
    const valid = await t.app.deviceCookies.issue(undefined, victim);
    expect((await signIn(victim, RIGHT, { ip: '10.6.0.2', device: valid })).statusCode).toBe(200);
  });
});
