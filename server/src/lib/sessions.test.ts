import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@portal/contracts';
import { mailOutbox } from '../db/schema';
import { createTestContext, secondInstance, type TestContext } from '../../test/helpers';

/**
 * Two instances behind a load balancer on one database, each with its session cache on (a
 * long one, so that only a revocation check can end a cached session): a session revoked on
 * instance A must be refused by instance B on the very next request.
 */
const CACHE = { SESSION_CACHE_MS: '60000' };

let t: TestContext;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext(CACHE);
  b = await secondInstance(t, CACHE);
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const meOn = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/login', headers: { authorization: `Bearer ${token}` } });

/** Signs in on A and has B resolve (and cache) the session. */
async function sessionSeenByBoth(email: string): Promise<string> {
  const client = await t.login(email);
  const token = client.token as string;
  expect((await meOn(b, token)).statusCode).toBe(200);
  expect((await meOn(b, token)).statusCode).toBe(200);
  return token;
}

describe('a session revoked on one instance', () => {
  it('ends on every instance at once after a logout', async () => {
    const token = await sessionSeenByBoth('scheduler@demo.test');
    const out = await t.app.inject({ method: 'GET', url: '/api/login?logout=true', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    const after = await meOn(b, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(AUTH.sessionExpired);
  });

  it('ends on every instance at once when the user is suspended', async () => {
    const email = 'field-engg@demo.test';
    const token = await sessionSeenByBoth(email);
    const admin = await t.login('lo-admin@demo.test');
    expect((await admin.delete(`/api/Users/${t.demo.accounts[email]}/suspend`)).statusCode).toBe(200);
    expect((await meOn(b, token)).statusCode).toBe(401);
    // Other people's cached sessions on B are unaffected.
    expect((await meOn(b, admin.token as string)).statusCode).toBe(200);
  });

  it('ends on every instance at once after a password reset', async () => {
    const email = 'field-junior@demo.test';
    const token = await sessionSeenByBoth(email);
    expect((await t.anonymous.post('/api/generateOTP', { email })).statusCode).toBe(200);
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    const otp = /(\d{6})/.exec(mail.textBody)?.[1];
    expect((await t.anonymous.post('/api/resetPassword', { email, newPassword: 'newpass99', otp })).statusCode).toBe(200);
    expect((await meOn(b, token)).statusCode).toBe(401);
  });
});
