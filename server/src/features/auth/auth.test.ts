import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@portal/contracts';
import { mailOutbox, oneTimePasswords, sessions, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/weblogin', payload: payload as object, headers });

async function latestMailTo(email: string) {
  const rows = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return rows[0];
}

describe('POST /api/weblogin', () => {
  it('signs in, sets an HttpOnly session cookie and answers the session user', async () => {
    const response = await login({ email: 'scheduler@demo.test', password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/portal_sid=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = response.json();
    expect(user).toMatchObject({ email: 'scheduler@demo.test', role: 'SCHEDULER', designation: 'SCHEDULER', namespace: 'demo', type: 0 });
    expect(user.sessionId).toEqual(expect.any(String));
    expect(user.disallowedAssetNameCharacters).toContain('#');
    expect(user.offices.map((o: { code: string }) => o.code)).toEqual(['DXB', 'AUH']);
  });

  it('appends the default mail domain to a bare name, so the bare namespace signs its administrator in', async () => {
    const response = await login({ email: 'demo', password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'demo@demo.test', role: 'CONFIG_ADMIN', namespace: 'demo' });
    const acme = await login({ email: 'ACME ', password: 'demo1234' });
    expect(acme.json()).toMatchObject({ email: 'acme@demo.test', namespace: 'acme' });
  });

  it('carries the asset-serial flag and asn back when the login URL had ?asn=', async () => {
    const response = await login({ email: 'client-user@demo.test', password: 'demo1234', assetSerial: true, asn: 'SN-100' });
    expect(response.json()).toMatchObject({ assetSerial: true, asn: 'SN-100', role: 'CLIENT-USER', type: 1 });
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const wrong = await login({ email: 'approver@demo.test', password: 'nope-nope' });
    const unknown = await login({ email: 'nobody@demo.test', password: 'demo1234' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: AUTH.invalidCredentials });
    expect(unknown.json()).toEqual({ error: AUTH.invalidCredentials });
  });

  it('refuses users who are not active', async () => {
    await t.app.db.update(users).set({ status: -3 }).where(eq(users.email, 'corporate@demo.test'));
    const response = await login({ email: 'corporate@demo.test', password: 'demo1234' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(AUTH.inactiveUser);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.email, 'corporate@demo.test'));
  });

  it('answers 400 with field messages for bad input, malformed JSON and wrong types', async () => {
    const missing = await login({ password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('email');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/weblogin',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.stringMatching(/JSON/) });
    const types = await login({ email: 42, password: ['a'] });
    expect(types.statusCode).toBe(400);
    const huge = await login({ email: 'a@b.c', password: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
  });

  // Sign-in limits (slow-downs, 429, device cookies) are in signInLimits.test.ts.
});

describe('GET /api/login', () => {
  it('answers a list whose first item is the session user', async () => {
    const client = await t.login('lo-admin@demo.test');
    const response = await client.get('/api/login');
    expect(response.statusCode).toBe(200);
    const [user] = response.json();
    expect(user).toMatchObject({ email: 'lo-admin@demo.test', role: 'LO-ADMIN', assetView: true, primaryOfficeId: expect.any(Number) });
    expect(user.divisions.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['LIFTING']));
  });

  it('answers 401 without a session and after the session expired', async () => {
    expect((await t.anonymous.get('/api/login')).statusCode).toBe(401);
    const client = await t.login('approver@demo.test');
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sha256(client.token as string)));
    const expired = await client.get('/api/login');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(AUTH.sessionExpired);
  });

  it('logs out by deleting the server session', async () => {
    const client = await t.login('field-engg@demo.test');
    const out = await client.get('/api/login?logout=true');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/portal_sid=;/);
    expect((await client.get('/api/login')).statusCode).toBe(401);
    const rows = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(client.token as string)));
    expect(rows).toHaveLength(0);
  });

  it('works with the cookie as well as the bearer header', async () => {
    const response = await login({ email: 'scheduler@demo.test', password: 'demo1234' });
    const cookie = String(response.headers['set-cookie']).split(';')[0];
    const me = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('keeps an ended session’s cookie until the session call says it expired', async () => {
    const response = await login({ email: 'approver@demo.test', password: 'demo1234' });
    const cookie = String(response.headers['set-cookie']).split(';')[0];
    await t.app.inject({ method: 'GET', url: '/api/login?logout=true', headers: { authorization: `Bearer ${response.json().sessionId}` } });
    // The start-up logo call goes out beside the session call: it must not drop the cookie first.
    const logo = await t.app.inject({ method: 'GET', url: '/api/CustomerRegistration/getImageFromSession', headers: { cookie } });
    expect(logo.headers['set-cookie']).toBeUndefined();
    const session = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } });
    expect(session.statusCode).toBe(401);
    expect(session.json().error).toBe(AUTH.sessionExpired);
    expect(String(session.headers['set-cookie'])).toMatch(/portal_sid=;/);
  });

  it('rejects unknown query parameters', async () => {
    const client = await t.login('scheduler@demo.test');
    expect((await client.get('/api/login?logout=maybe')).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  const email = 'field-junior@demo.test';

  async function otpFor(address: string) {
    const mail = await latestMailTo(address);
    return /(\d{6})/.exec(mail.textBody)?.[1] as string;
  }

  it('sends a 6-digit OTP by mail (outbox without SMTP) and resets the password once', async () => {
    const sent = await t.anonymous.post('/api/generateOTP', { email: 'field-junior' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(AUTH.otpSent(email));
    const mail = await latestMailTo(email);
    expect(mail.status).toBe('logged');
    const otp = await otpFor(email);
    expect(otp).toMatch(/^\d{6}$/);

    const reset = await t.anonymous.post('/api/resetPassword', { email, newPassword: 'newpass99', otp });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(AUTH.resetDone);
    expect((await login({ email, password: 'demo1234' })).statusCode).toBe(401);
    expect((await login({ email, password: 'newpass99' })).statusCode).toBe(200);

    const reuse = await t.anonymous.post('/api/resetPassword', { email, newPassword: 'another1', otp });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe(AUTH.otpInvalid);
  });

  it('refuses an expired OTP', async () => {
    const address = 'approver-only@demo.test';
    await t.anonymous.post('/api/generateOTP', { email: address });
    const otp = await otpFor(address);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, address));
    await t.app.db
      .update(oneTimePasswords)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimePasswords.userId, user.id));
    const response = await t.anonymous.post('/api/resetPassword', { email: address, newPassword: 'newpass99', otp });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(AUTH.otpInvalid);
  });

  it('checks the new password and the OTP with the spec messages', async () => {
    const short = await t.anonymous.post('/api/resetPassword', { email, newPassword: '123', otp: '123456' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(AUTH.passwordLength);
    const long = await t.anonymous.post('/api/resetPassword', { email, newPassword: 'x'.repeat(19), otp: '123456' });
    expect(long.json().error).toBe(AUTH.passwordLength);
    const noOtp = await t.anonymous.post('/api/resetPassword', { email, newPassword: 'goodpass', otp: '' });
    expect(noOtp.json().error).toBe(AUTH.otpMandatory);
    const noBody = await t.anonymous.post('/api/resetPassword', {});
    expect(noBody.statusCode).toBe(400);
  });

  it('answers an unknown address like a known one (no account discovery) and sends nothing', async () => {
    const response = await t.anonymous.post('/api/generateOTP', { email: 'ghost@demo.test' });
    expect(response.statusCode).toBe(200);
    expect(await latestMailTo('ghost@demo.test')).toBeUndefined();
  });

  it('limits OTP requests per account with 429', async () => {
    const address = 'requester@demo.test';
    for (let i = 0; i < 5; i++) expect((await t.anonymous.post('/api/generateOTP', { email: address })).statusCode).toBe(200);
    const limited = await t.anonymous.post('/api/generateOTP', { email: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(AUTH.tooManyAttempts);
  });

  it('locks an OTP after five wrong guesses', async () => {
    const address = 'site-user@demo.test';
    await t.anonymous.post('/api/generateOTP', { email: address });
    const otp = await otpFor(address);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await t.anonymous.post('/api/resetPassword', { email: address, newPassword: 'goodpass', otp: wrong });
    const right = await t.anonymous.post('/api/resetPassword', { email: address, newPassword: 'goodpass', otp });
    expect(right.statusCode).toBe(400);
  });

  it('spends one OTP attempt per guess even when the guesses arrive together', async () => {
    const address = 'field-junior@demo.test';
    await t.anonymous.post('/api/generateOTP', { email: address });
    const otp = await otpFor(address);
    const wrong = otp === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: 8 }, () => t.anonymous.post('/api/resetPassword', { email: address, newPassword: 'goodpass', otp: wrong })),
    );
    // Eight guesses used up the five attempts: the right code no longer works.
    const right = await t.anonymous.post('/api/resetPassword', { email: address, newPassword: 'goodpass', otp });
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe(AUTH.otpInvalid);
  });
});

describe('logos and branding', () => {
  it('serves the namespace logo from the session, and 401 without one', async () => {
    const client = await t.login('scheduler@demo.test');
    const response = await client.get('/api/CustomerRegistration/getImageFromSession');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.fileType).toBe('image/png');
    expect(Buffer.from(body.companyLogo, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await t.anonymous.get('/api/CustomerRegistration/getImageFromSession')).statusCode).toBe(401);
  });

  it('serves a client logo to users who may see the client, 404 across namespaces and companies', async () => {
    const scheduler = await t.login('scheduler@demo.test');
    const own = t.demo.clients[0].id;
    const ok = await scheduler.get(`/api/Location/getImage/${own}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().clientLogoType).toBe('image/png');
    expect((await scheduler.get(`/api/Location/getImage/${t.acme.clients[0].id}`)).statusCode).toBe(404);
    expect((await scheduler.get('/api/Location/getImage/99999999')).statusCode).toBe(404);
    expect((await scheduler.get('/api/Location/getImage/abc')).statusCode).toBe(400);
    const clientAdmin = await t.login('client-admin@demo.test');
    expect((await clientAdmin.get(`/api/Location/getImage/${own}`)).statusCode).toBe(200);
    expect((await clientAdmin.get(`/api/Location/getImage/${t.demo.clients[1].id}`)).statusCode).toBe(404);
    expect((await t.anonymous.get(`/api/Location/getImage/${own}`)).statusCode).toBe(401);
  });

  it('brands the login page when the host name contains a namespace name', async () => {
    const acme = await t.app.inject({ method: 'GET', url: '/api/loginBranding', headers: { host: 'acme.portal.example:3000' } });
    expect(acme.json()).toMatchObject({
      namespace: 'acme',
      companyName: 'Acme Lifting & Certification',
      logoType: 'image/png',
      signedIn: false,
    });
    const client = await t.login('scheduler@demo.test');
    const signed = await client.request({ method: 'GET', url: '/api/loginBranding', headers: { host: 'localhost' } });
    expect(signed.json().signedIn).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/api/loginBranding', headers: { host: 'localhost:3000' } });
    expect(plain.json()).toEqual({ namespace: null, signedIn: false });
  });

  it('downloads a file only inside its namespace', async () => {
    const scheduler = await t.login('scheduler@demo.test');
    const [me] = (await scheduler.get('/api/login')).json();
    const ok = await scheduler.get(`/api/filedownload?id=${me.companyLogo}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    const acmeUser = await t.login('scheduler@acme.test');
    expect((await acmeUser.get(`/api/filedownload?id=${me.companyLogo}`)).statusCode).toBe(404);
    expect((await t.anonymous.get(`/api/filedownload?id=${me.companyLogo}`)).statusCode).toBe(401);
    expect((await scheduler.get('/api/filedownload')).statusCode).toBe(400);
  });
});

describe('shell safety', () => {
  it('sends security headers and no stack traces', async () => {
    const response = await t.anonymous.get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatch(/Not found/);
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps signed-in answers out of every cache', async () => {
    const client = await t.login('scheduler@demo.test');
    for (const url of ['/api/login', '/api/CustomerRegistration/getImageFromSession', '/api/dashboard/pages/overview']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('refuses a write whose Origin is another site', async () => {
    const response = await login({ email: 'scheduler@demo.test', password: 'demo1234' }, { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });
});
