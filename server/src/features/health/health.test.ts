import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, secondInstance, type TestContext } from '../../../test/helpers';

const PAGE = '<!doctype html><title>Inspection Portal</title>';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  // A built web app as `npm run build` leaves it: each page also pre-compressed.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), PAGE);
  await writeFile(path.join(webDist, 'index.html.gz'), gzipSync(PAGE));
  await writeFile(path.join(webDist, 'index.html.br'), brotliCompressSync(PAGE));
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestContext({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('GET / (the web app)', () => {
  it('serves the page to a client that accepts no compression (curl, load-balancer checks)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(PAGE);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('still serves the pre-compressed page to browsers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('GET /api/health', () => {
  it('answers 200 without a session while the database answers', async () => {
    const response = await t.anonymous.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database fails or does not answer', async () => {
    const broken = (execute: () => Promise<unknown>) =>
      new Proxy(t.app.db, { get: (target, name) => (name === 'execute' ? execute : Reflect.get(target, name)) });

    const failing = await secondInstance(
      t,
      {},
      broken(() => Promise.reject(new Error('connection refused'))),
    );
    const hanging = await secondInstance(
      t,
      {},
      broken(() => new Promise(() => undefined)),
    );
    try {
      const down = await failing.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', error: 'The database does not answer' });

      // A database that never answers: health gives up on its own timeout instead of hanging
      // (the test would run into vitest's timeout otherwise).
      const stuck = await hanging.inject({ method: 'GET', url: '/api/health' });
      expect(stuck.statusCode).toBe(503);
    } finally {
      await failing.close();
      await hanging.close();
    }
  });
});
