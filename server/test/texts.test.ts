import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMINATION_BASES } from '@portal/contracts';
import { fieldLabel } from '../src/lib/parseBody';
import { type Client, createTestContext, type TestContext } from './helpers';

/**
 * Refusals are read by people (DECISIONS: "(ours)" never appears in what users see). A walk over
 * every API route with refused requests (bad bodies, missing records, other roles) and a few
 * conflicts checks that no answer's `error` or field message carries "(ours)", a raw data path
 * (`samples[0].result`, `samples.0.result`) or a developer key in parentheses (`(visibleWhen)`).
 * The field names of `fields` are paths on purpose: the screens mark their inputs by them.
 */
let t: TestContext;
let admin: Client;
let scheduler: Client;
let clientUser: Client;
let fieldEngg: Client;

beforeAll(async () => {
  t = await createTestContext();
  [admin, scheduler, clientUser, fieldEngg] = await Promise.all(
    ['config_admin@demo.test', 'scheduler@demo.test', 'client-user@demo.test', 'field-engg@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

/** Bodies that are refused for the shape of their fields, nested ones included. */
const BODIES: Record<string, unknown>[] = [
  {},
  {
    objectType: 'Division',
    id: 'x',
    name: 123,
    email: ['x'],
    roleId: 'abc',
    officeIds: ['x'],
    divisionIds: [1, 'x'],
    samples: [{ result: 'maybe' }],
    testEquipment: [{ name: 5, calibrationDue: 'soon' }],
    items: [{ id: {} }],
    checklistData: [{ id: 'x', result: 7 }],
    basis: 9,
  },
];

const BAD_TEXT: [string, RegExp][] = [
  ['(ours)', /\(ours\b/i],
  ['a developer key in parentheses', /\([a-z]+[A-Z][A-Za-z0-9]*\)/],
  ['a raw data path', /\b[a-z][A-Za-z0-9]*(\[\d+\]|\.\d+\b)/],
];

const seen = new Map<number, number>();
const bad: string[] = [];

async function refused(caller: Client, method: string, url: string, payload?: object) {
  const response = await caller.request({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });
  seen.set(response.statusCode, (seen.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode < 400 || !response.headers['content-type']?.toString().includes('json')) return response;
  const answer = response.json() as { error?: unknown; fields?: Record<string, unknown> };
  const texts = [String(answer.error ?? ''), ...Object.values(answer.fields ?? {}).map(String)];
  for (const text of texts)
    for (const [what, pattern] of BAD_TEXT)
      if (pattern.test(text)) bad.push(`${method} ${url.slice(0, 80)} ${response.statusCode}: ${what}: ${text.slice(0, 160)}`);
  return response;
}

describe('texts of refusals', () => {
  it('say field paths in words', () => {
    expect(fieldLabel('samples.0.result')).toBe('Result of sample 1');
    expect(fieldLabel('testEquipment.1.calibrationDue')).toBe('Calibration due of test equipment 2');
    expect(fieldLabel('divisionIds.2')).toBe('Division id 3');
    expect(fieldLabel('email')).toBe('Email');
  });

  it('carry no "(ours)", raw data path or developer key, on every route (400, 403, 404, 409)', async () => {
    for (const route of t.app.routePermissions) {
      // Signing out would end the session half-way; the docs answer no refusals of their own.
      if (route.url === '/api/login' || route.url.startsWith('/api/docs')) continue;
      const url = route.url.replace(/:(\w+)/g, '99999999');
      const writes = route.method !== 'GET' && route.method !== 'HEAD';
      for (const caller of [admin, scheduler]) {
        if (writes) for (const body of BODIES) await refused(caller, route.method, url, body);
        else await refused(caller, route.method, `${url}?objectType=Division&offset=x&limit=-1`);
      }
      // Another role: 403 where the route is not theirs.
      await refused(clientUser, route.method, url, writes ? {} : undefined);
    }

    // Conflicts: a name taken, a division acronym taken.
    const duplicate = await refused(admin, 'POST', '/api/Setting', { objectType: 'Division', name: 'lifting' });
    expect(duplicate.statusCode).toBe(409);
    const created = await admin.post('/api/Setting', { objectType: 'Division', name: 'Texts Division' });
    expect(created.statusCode, created.body).toBe(200);
    const acronym = await refused(admin, 'POST', '/api/Setting', { objectType: 'Division', name: 'Other Texts', acronymCode: 'tex' });
    expect(acronym.statusCode).toBe(409);
    // A field inside a list, refused by its zod schema: named in words, keyed by its path.
    const nested = await refused(fieldEngg, 'POST', '/api/Observation/99999999/examination', {
      basis: EXAMINATION_BASES[0],
      testEquipment: [{ name: 'Load cell', identifier: 'LC-1', calibrationDue: 'soon' }],
    });
    expect(nested.statusCode, nested.body).toBe(400);
    expect(Object.keys(nested.json().fields)).toEqual(['testEquipment.0.calibrationDue']);
    expect(nested.json().error).toMatch(/^Calibration due of test equipment 1: /);

    expect(bad).toEqual([]);
    for (const status of [400, 403, 404, 409]) expect(seen.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
  }, 300_000);
});
