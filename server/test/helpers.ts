import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { SeededNamespace } from '../src/demo/demo';
import { DEMO_PASSWORD } from '../src/demo/password';
import { openTestDatabase, TEST_MAIL_DOMAIN } from './database';

/**
 * One app per test file on its own copy of the template database (test/globalSetup.ts seeds
 * it once per run), with the two demo namespaces at the 'basic' scale as fixtures: `demo` (the caller's namespace in most tests) and `acme`
 * (the other namespace, for the 404-across-namespaces checks).
 */
export interface TestContext {
  app: FastifyInstance;
  demo: SeededNamespace;
  acme: SeededNamespace;
  /** Signs in and answers a client bound to that session. */
  login(email: string, password?: string): Promise<Client>;
  /** A client with no session. */
  anonymous: Client;
  /**
   * Sign-in slow-downs are recorded here instead of being waited out, so tests stay fast;
   * a test may set `wait` to hold them (to show other requests go on meanwhile).
   */
  signInDelays: { asked: number[]; wait?: (ms: number) => Promise<void> };
  close(): Promise<void>;
}

export interface Client {
  token: string | null;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: '/nonexistent',
    DEFAULT_MAIL_DOMAIN: TEST_MAIL_DOMAIN,
    LOG_LEVEL: 'silent',
    SESSION_CACHE_MS: '0',
    DOCUMENT_POLL_MS: '0',
    REMINDER_CHECK_MS: '0',
    ...overrides,
  });
}

/**
 * `overrides` are environment settings. Files go to a fresh DATA_DIR per test file; the blob
 * store is the production default for the database in use (the directory on PGlite, the table
 * on PostgreSQL) unless FILE_STORE says which, so that either store can be tested in either mode.
 */
export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const { FILE_STORE, ...settings } = overrides;
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-data-'));
  const config = testConfig({ DATA_DIR: dataDir, ...settings });
  config.fileStore = FILE_STORE === 'db' || FILE_STORE === 'dir' ? FILE_STORE : database.kind === 'postgres' ? 'db' : 'dir';
  const signInDelays: TestContext['signInDelays'] = { asked: [] };
  const signInDelay = async (ms: number) => {
    signInDelays.asked.push(ms);
    await signInDelays.wait?.(ms);
  };
  const app = await buildApp(config, { database, logger: false, signInDelay });
  await app.ready();
  const { demo, acme } = inject('seeded');

  const clientFor = (token: string | null): Client => {
    const request = (options: InjectOptions) =>
      app.inject({
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.headers ?? {}) },
      });
    return {
      token,
      request,
      get: (url, headers) => request({ method: 'GET', url, headers }),
      post: (url, body, headers) => request({ method: 'POST', url, payload: body as InjectOptions['payload'], headers }),
      put: (url, body) => request({ method: 'PUT', url, payload: body as InjectOptions['payload'] }),
      delete: (url) => request({ method: 'DELETE', url }),
    };
  };

  return {
    app,
    demo,
    acme,
    anonymous: clientFor(null),
    signInDelays,
    async login(email, password = DEMO_PASSWORD) {
      const response = await app.inject({ method: 'POST', url: '/api/weblogin', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
      return clientFor(response.json().sessionId);
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The filter header value of the spec: percent-encoded JSON. */
export const filterHeader = (filter: Record<string, unknown>) => ({ filter: encodeURIComponent(JSON.stringify(filter)) });

/** A multipart body with one file part, for upload tests. */
export function multipart(field: string, fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Another instance of the server on the same database, as a second process behind a load
 * balancer would be (its own session cache); closing it leaves the database open.
 */
export async function secondInstance(t: TestContext, overrides: Record<string, string> = {}, db = t.app.db): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), {
    database: { db, kind: t.app.dbKind, queue: t.app.dbQueue, created: false, close: async () => undefined },
    logger: false,
  });
  await app.ready();
  return app;
}
