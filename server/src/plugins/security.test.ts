import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL, VALIDATION } from '@portal/contracts';
import { type Client, createTestContext, multipart, secondInstance, type TestContext } from '../../test/helpers';

let t: TestContext;
let scheduler: Client;
beforeAll(async () => {
  t = await createTestContext();
  scheduler = await t.login('scheduler@demo.test');
});
afterAll(async () => t.close());

const credentials = { email: 'scheduler@demo.test', password: 'demo1234' };
const signIn = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/weblogin', payload: credentials, headers: { host: 'portal.example.com', ...headers } });

describe('security headers (@fastify/helmet)', () => {
  const common = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'cache-control': 'no-store',
  };
  const SECURITY = /^(content-security-policy|cross-origin-|origin-agent|referrer|strict-transport|x-|cache-control)/;
  const securityHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => SECURITY.test(name)));

  it('gives API answers, also a 404, the short strict set', async () => {
    const response = await t.anonymous.get('/api/nope');
    expect(securityHeaders(response.headers)).toEqual({
      ...common,
      'content-security-policy': "default-src 'none';frame-ancestors 'self'",
    });
  });

  it("gives this server's pages the pages' set: scripts from this site only, no eval", async () => {
    const response = await scheduler.get('/api/dashboard/pages/overview');
    expect(response.statusCode).toBe(200);
    expect(securityHeaders(response.headers)).toEqual({
      ...common,
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self';frame-src 'self' https:;frame-ancestors 'self';object-src 'none';base-uri 'self';form-action 'self'",
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('adds HSTS only when PUBLIC_URL is https', async () => {
    expect((await t.anonymous.get('/api/login')).headers['strict-transport-security']).toBeUndefined();
    const https = await secondInstance(t, { PUBLIC_URL: 'https://portal.example.com' });
    try {
      const response = await https.inject({ method: 'GET', url: '/api/login' });
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
    } finally {
      await https.close();
    }
  });
});

describe('writes from another site', () => {
  it('refuses a write whose Origin is null (sandboxed frame, file: page)', async () => {
    const response = await signIn(t.app, { origin: 'null' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(SHELL.crossSite);
  });

  it('accepts its own Origin, and a write without one (API clients)', async () => {
    expect((await signIn(t.app, { origin: 'https://portal.example.com' })).statusCode).toBe(200);
    expect((await signIn(t.app, {})).statusCode).toBe(200);
    expect((await signIn(t.app, { origin: 'https://evil.example' })).statusCode).toBe(403);
  });

  it('counts X-Forwarded-Host as this site only behind a trusted proxy (TRUST_PROXY)', async () => {
    const forged = { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' };
    const direct = await signIn(t.app, forged);
    expect(direct.statusCode).toBe(403);
    expect(direct.json().error).toBe(SHELL.crossSite);

    const proxied = await secondInstance(t, { TRUST_PROXY: 'true' });
    try {
      const viaProxy = { host: 'internal:3000', origin: 'https://portal.example.com', 'x-forwarded-host': 'portal.example.com' };
      expect((await signIn(proxied, viaProxy)).statusCode).toBe(200);
      expect((await signIn(proxied, { ...viaProxy, origin: 'https://evil.example' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('logout over GET (the spec calls GET /api/login?logout=true)', () => {
  /** A browser session: the cookie, as the web app sends it. */
  async function browserSession(): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/weblogin', payload: credentials });
    return String(response.headers['set-cookie']).split(';')[0];
  }
  const logout = (cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/login?logout=true', headers: { host: 'portal.example.com', cookie, ...headers } });
  const signedIn = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie } })).statusCode === 200;

  it('refuses a logout that another site started (a link, an image, a frame) and keeps the session', async () => {
    const cookie = await browserSession();
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ]) {
      const response = await logout(cookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().error).toBe(SHELL.crossSite);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await signedIn(cookie)).toBe(true);
  });

  it("logs out from the web app's own pages (a same-origin fetch), older browsers and programs", async () => {
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'same-origin', referer: 'https://portal.example.com/users' },
      { referer: 'https://portal.example.com/users' },
      { origin: 'https://portal.example.com' },
      {},
    ]) {
      const cookie = await browserSession();
      const response = await logout(cookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(await signedIn(cookie)).toBe(false);
    }
    // A Bearer token is never sent by another site's page.
    const client = await t.login('scheduler@demo.test');
    expect((await client.get('/api/login?logout=true', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    expect((await client.get('/api/login')).statusCode).toBe(401);
  });
});

describe('request bodies: JSON, or multipart on upload routes (415 otherwise)', () => {
  const roleConfig = () => `/api/Location/RoleConfig/${encodeURIComponent(t.demo.clients[0].name)}`;

  it('refuses text and form bodies on a POST that takes no body', async () => {
    const text = await scheduler.request({
      method: 'POST',
      url: roleConfig(),
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(VALIDATION.unsupportedMediaType);

    const form = await scheduler.request({
      method: 'POST',
      url: roleConfig(),
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);

    const upload = multipart('imageFile', 'a.png', Buffer.from('not an image'));
    const parts = await scheduler.request({ method: 'POST', url: roleConfig(), ...upload });
    expect(parts.statusCode).toBe(415);
    expect(parts.json().error).toBe(VALIDATION.multipartNotHere);
  });

  it('still takes no body, an empty body of any type, and JSON', async () => {
    expect((await scheduler.post(roleConfig())).statusCode).toBe(200);
    expect(
      (await scheduler.request({ method: 'POST', url: roleConfig(), payload: '', headers: { 'content-type': 'text/plain' } })).statusCode,
    ).toBe(200);
    expect((await scheduler.post(roleConfig(), {})).statusCode).toBe(200);
  });

  it('refuses text on a JSON route and on an upload route, and checks the permission first', async () => {
    const text = { payload: '{"email":"scheduler@demo.test","password":"demo1234"}', headers: { 'content-type': 'text/plain' } };
    expect((await t.anonymous.request({ method: 'POST', url: '/api/weblogin', ...text })).statusCode).toBe(415);
    const logo = `/api/Location/uploadImage/${t.demo.clients[0].id}`;
    expect((await scheduler.request({ method: 'POST', url: logo, ...text })).statusCode).toBe(415);
    expect((await t.anonymous.request({ method: 'POST', url: roleConfig(), ...text })).statusCode).toBe(401);
  });
});
