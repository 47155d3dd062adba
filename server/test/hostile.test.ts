import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestContext, type TestContext } from './helpers';

/**
 * DECISIONS 1: "No request, however malformed, yields a 500". Sends every API route hostile
 * path parameters, query strings and bodies, as roles that pass the route's permission, and
 * checks that each answer is a client error with a message (or a success), never a 500.
 */
let t: TestContext;
const callers: Client[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const email of ['config_admin@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test']) callers.push(await t.login(email));
});
afterAll(async () => t.close());

const PARAMS = ['99999999999', '-1', '0', 'abc', '1.5', '%00', 'x'.repeat(600), '%E0%A4%A'];

const QUERIES = [
  'offset=99999999999999&limit=-5',
  'offset=abc&limit=1e309',
  'filter=%7B',
  'filter=%5B1%5D',
  'filter=%7B%22name%22%3A%22a%5Cu0000b%22%7D',
  'filter=%7B%22name%22%3A%7B%22%24gt%22%3A1%7D%7D',
  'objectType=%00',
  'objectType=SITE&companyId=99999999999',
  'id=99999999999',
  'name=%00',
];

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

const BODIES: (string | Record<string, unknown> | unknown[])[] = [
  '{"name":',
  '[]',
  '"text"',
  'null',
  '12345678901234567890',
  { name: 'a\u0000b', email: 'a\u0000@x.test' },
  {
    id: 99_999_999_999,
    name: 123,
    email: ['x'],
    type: {},
    roleId: 'abc',
    companyId: 1e20,
    officeId: -4,
    officeIds: [1e20],
    secondaryOfficeIds: '99999999999',
    siteIds: [3_000_000_000],
    pin: Number.MAX_VALUE,
    currentNumber: 99_999_999_999_999,
  },
  { Client: { name: 'x', officeIds: '99999999999' }, Site: null, Users: [{ roleId: 99_999_999_999 }] },
  { objectType: 'SITE', id: 99_999_999_999, name: 'x', companyId: 99_999_999_999, parentId: 99_999_999_999 },
  { objectType: 'Division', id: '99999999999', name: 'x'.repeat(5000) },
  deep(200) as Record<string, unknown>,
];

function urlOf(template: string, param: string): string {
  return template.replace(/:(\w+)/g, () => param);
}

describe('hostile requests', () => {
  it('never answer 500 on any route, for any parameter, query or body', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (caller: Client, method: string, url: string, payload?: string | object) => {
      const response = await caller.request({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500)
        failures.push(`${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 80)}: ${response.statusCode}`);
      else if (response.statusCode >= 400 && !/\S/.test(String(response.json().error ?? '')))
        failures.push(`${method} ${url.slice(0, 120)}: ${response.statusCode} without a message`);
    };
    for (const route of t.app.routePermissions) {
      // Signing out would end the callers' sessions half-way; it takes no input anyway.
      if (route.url === '/api/login') continue;
      const writes = route.method !== 'GET' && route.method !== 'HEAD';
      for (const caller of callers) {
        const hasParams = route.url.includes(':');
        for (const param of hasParams ? PARAMS : ['']) {
          const url = urlOf(route.url, param);
          await check(caller, route.method, url, writes ? {} : undefined);
          for (const query of QUERIES) await check(caller, route.method, `${url}?${query}`, writes ? {} : undefined);
          if (writes) for (const body of BODIES) await check(caller, route.method, url, body);
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk really reached the handlers: thousands of requests, most refused as bad input.
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThan(2000);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(sent / 3);
  }, 300_000);
});
