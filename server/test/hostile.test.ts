import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '@portal/contracts';
import { LOCATION_TYPES, SETTING_TYPES } from '../src/features';
import { type Client, createTestContext, type TestContext } from './helpers';

/**
 * DECISIONS 1: "No request, however malformed, yields a 500". Sends every API route hostile
 * path parameters, query strings and bodies, as roles that pass the route's permission, and
 * checks that each answer is a client error with a message (or a success), never a 500.
 */
let t: TestContext;
const callers: Client[] = [];

beforeAll(async () => {
  // The walk's three sessions never change, so they are cached as in production (SESSION_CACHE_MS;
  // the suite's default is 0, so that other tests see a change to a user at once). Without the
  // cache each of its ~38,000 requests read its session again: half of the file's time, and
  // nothing it checks.
  t = await createTestContext({ SESSION_CACHE_MS: '60000' });
  for (const email of ['config_admin@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test']) callers.push(await t.login(email));
});
afterAll(async () => t.close());

/** Names every plain object inherits: a lookup of a request value that is not limited to own keys finds them. */
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

const PARAMS = ['99999999999', '-1', '0', 'abc', '1.5', '%00', 'x'.repeat(600), '%E0%A4%A', ...PROTOTYPE_NAMES];

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

type Route = (typeof t.app.routePermissions)[number];

/** Unwraps optional, nullable, default and pipe wrappers down to the schema that takes the input. */
function inner(schema: unknown): unknown {
  let s = schema as { _zod?: { def: { innerType?: unknown; in?: unknown } } };
  for (let i = 0; i < 10 && s?._zod; i++) {
    const def = s._zod.def;
    const next = def.innerType ?? def.in;
    if (!next) break;
    s = next as typeof s;
  }
  return s;
}

/**
 * Every field of the request schemas in contracts and on the routes that holds a value (not an
 * object or a list of objects), as a path into a body (`['Users', 0, 'email']`), so the hostile
 * walk follows new schemas without a change here.
 */
function fieldPaths(schema: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  const s = inner(schema);
  if (prefix.length > 4) return out;
  if (s instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(s.shape)) {
      const value = inner(field);
      const nested = value instanceof z.ZodObject || (value instanceof z.ZodArray && inner(value.element) instanceof z.ZodObject);
      if (nested) fieldPaths(field, [...prefix, key], out);
      else out.push([...prefix, key]);
    }
  } else if (s instanceof z.ZodArray) fieldPaths(s.element, [...prefix, 0], out);
  return out;
}

/** A body with the value at the path (`{ Users: [{ email: value }] }`). */
function bodyAt(path: (string | number)[], value: unknown): unknown {
  return path.reduceRight<unknown>((inside, key) => (typeof key === 'number' ? [inside] : { [key]: inside }), value);
}

const queryShape = (route: Route) => inner(route.schema?.querystring);
/** Whether a route's query schema takes keys it does not name (a record or a passthrough object). */
const openQuery = (route: Route) => {
  const s = queryShape(route);
  return s instanceof z.ZodRecord || (s instanceof z.ZodObject && s._zod.def.catchall instanceof z.ZodUnknown);
};
const queryKeysOf = (route: Route) => {
  const s = queryShape(route);
  const keys = s instanceof z.ZodObject ? Object.keys(s.shape) : [];
  const permission = route.permission;
  if (typeof permission === 'object' && 'query' in permission) keys.push(permission.query);
  return [...new Set(keys)];
};

describe('hostile requests', () => {
  it('never answer 500 when a parameter, query value, filter field or body field names an object prototype member', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (caller: Client, method: string, url: string, payload?: unknown) => {
      const response = await caller.request({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object, headers: { 'content-type': 'application/json' } }),
      });
      sent++;
      if (response.statusCode >= 500)
        failures.push(`${method} ${url.slice(0, 140)} ${JSON.stringify(payload)?.slice(0, 100)}: ${response.statusCode}`);
      else if (response.statusCode >= 400 && !/\S/.test(String(response.json().error ?? '')))
        failures.push(`${method} ${url.slice(0, 140)}: ${response.statusCode} without a message`);
    };
    const unique = (paths: (string | number)[][]) => [...new Map(paths.map((p) => [JSON.stringify(p), p])).values()];
    const routes = t.app.routePermissions.filter((route) => route.url !== '/api/login');
    const allQueryKeys = [...new Set(routes.flatMap(queryKeysOf))];
    // The request schemas of contracts, by their names (…Body, …Query, …Filter).
    const contractPaths = unique(
      Object.entries(contracts).flatMap(([name, value]) =>
        /(Body|Query|Filter)$/.test(name) && value instanceof z.ZodType ? fieldPaths(value) : [],
      ),
    );
    /** A body with every field of every request schema at once (nested ones where they belong). */
    const everyField = (name: string) => {
      const body: Record<string, unknown> = {};
      for (const path of contractPaths) {
        let at: Record<string, unknown> | unknown[] = body;
        path.forEach((key, i) => {
          const last = i === path.length - 1;
          const next = (at as Record<string | number, unknown>)[key] ?? (last ? name : typeof path[i + 1] === 'number' ? [] : {});
          (at as Record<string | number, unknown>)[key] = next;
          at = next as Record<string, unknown>;
        });
      }
      return body;
    };
    const filterKeys = [...new Set(contractPaths.filter((p) => p.length === 1).map((p) => String(p[0])))];
    const objectTypes = [
      ...SETTING_TYPES.flatMap((type) => [type.objectType, ...(type.aliases ?? [])]),
      ...LOCATION_TYPES.map((type) => type.objectType),
    ];
    const q = encodeURIComponent;
    /** The first caller the route's permission admits (any caller when none is). */
    const admittedCaller = async (method: string, url: string, payload?: object) => {
      for (const caller of callers) {
        const response = await caller.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
        if (response.statusCode !== 403) return caller;
      }
      return callers[0];
    };

    /**
     * Which of the contracts' field names a route's filter knows: asked with all of them at once.
     * The filter schemas are strict, so the 400 names the unknown ones, unless a known field
     * refuses the value first: its name leads the message, and it is asked again without it. A
     * route whose answer says neither is probed with every name (the slow, complete way); one that
     * refuses the caller or another query parameter first reads no filter. Each known field is then
     * probed with each prototype name, one request each.
     */
    const [unknownBefore, unknownAfter] = contracts.VALIDATION.unknownFilterKey('\u0001').split('\u0001');
    const unknownFieldsIn = (error: string) =>
      error.startsWith(unknownBefore) && error.endsWith(unknownAfter)
        ? error.slice(unknownBefore.length, error.length - unknownAfter.length).split(', ')
        : null;
    const knownFilterKeys = async (caller: Client, method: string, prefix: string, queryKeys: string[], payload?: object) => {
      const known: string[] = [];
      let candidates = filterKeys;
      while (candidates.length) {
        const filter = JSON.stringify(Object.fromEntries(candidates.map((key) => [key, 'x'])));
        const response = await caller.request({
          method: method as 'GET',
          url: `${prefix}filter=${q(filter)}`,
          ...(payload ? { payload } : {}),
        });
        // Refused before the handler reads the filter (the caller, or another query parameter):
        // so is every probe of this route with this caller and base.
        if (response.statusCode === 401 || response.statusCode === 403) return [];
        const error = response.statusCode === 400 ? String(response.json().error ?? '') : '';
        if (queryKeys.some((key) => key !== 'filter' && error.startsWith(`${key}: `))) return [];
        const unknown = unknownFieldsIn(error);
        if (unknown) {
          const refused = new Set(unknown);
          return [...known, ...candidates.filter((key) => !refused.has(key))];
        }
        const first = candidates.find((key) => error.startsWith(`${key}: `) || error.startsWith(`${key}.`));
        if (!first) return filterKeys;
        known.push(first);
        candidates = candidates.filter((key) => key !== first);
      }
      return known;
    };
    let probedFilterKeys = 0;

    for (const route of routes) {
      const writes = route.method !== 'GET';
      const empty = writes ? {} : undefined;
      const url = urlOf(route.url, '1');
      const permission = route.permission;
      // A route whose permission depends on a query value is probed once per accepted value, so
      // that the other parameters reach the handler; each probe goes to one caller the route admits.
      const selector = typeof permission === 'object' && 'query' in permission ? permission : null;
      const bases = selector ? Object.keys(selector.values).map((value) => `${selector.query}=${q(value)}&`) : [''];
      const keys = queryKeysOf(route).filter((k) => k !== selector?.query);
      // A route that takes any key gets every other route's keys too, all in one request.
      const others = openQuery(route) ? allQueryKeys.filter((k) => k !== selector?.query && !keys.includes(k)) : [];
      const ownPaths = fieldPaths(route.schema?.body);
      const bodyHasObjectType = ownPaths.some((p) => p.length === 1 && p[0] === 'objectType');
      for (const base of bases) {
        const caller = await admittedCaller(route.method, `${url}?${base}`, empty);
        const known = keys.includes('filter') ? await knownFilterKeys(caller, route.method, `${url}?${base}`, keys, empty) : [];
        probedFilterKeys += known.length;
        for (const name of PROTOTYPE_NAMES) {
          if (base === bases[0]) {
            if (route.url.includes(':')) await check(caller, route.method, urlOf(route.url, name), empty);
            if (selector) await check(caller, route.method, `${url}?${selector.query}=${q(name)}`, empty);
          }
          await check(caller, route.method, `${url}?${base}${q(name)}=x`, empty);
          for (const key of keys) await check(caller, route.method, `${url}?${base}${key}=${q(name)}`, empty);
          if (others.length) await check(caller, route.method, `${url}?${base}${others.map((k) => `${k}=${q(name)}`).join('&')}`, empty);
          if (keys.includes('filter')) {
            await check(caller, route.method, `${url}?${base}filter=${q(JSON.stringify({ [name]: 'x' }))}`);
            for (const key of known) await check(caller, route.method, `${url}?${base}filter=${q(JSON.stringify({ [key]: name }))}`);
          }
          if (!writes) continue;
          await check(caller, route.method, `${url}?${base}`, `{"${name}":{"x":1},"name":"x"}`);
          for (const path of ownPaths) await check(caller, route.method, `${url}?${base}`, bodyAt(path, name));
          await check(caller, route.method, `${url}?${base}`, everyField(name));
          // Dispatch by objectType comes before the type's own schema: every other field at once.
          if (bodyHasObjectType)
            for (const objectType of objectTypes) await check(caller, route.method, `${url}?${base}`, { ...everyField(name), objectType });
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
    // The filters' own fields were found and probed (status, date ranges, names, …).
    expect(probedFilterKeys).toBeGreaterThan(50);
  }, 600_000);

  it('takes ids in paths and queries as plain decimal digits only', async () => {
    const wrong = ['+1', '%201', '1%20', '0x10', '1e3', '1.0', '-0', '0', '%EF%BC%91'];
    const mistaken: string[] = [];
    let probed = 0;
    for (const route of t.app.routePermissions) {
      const params = inner(route.schema?.params);
      const idKeys = params instanceof z.ZodObject ? Object.keys(params.shape).filter((key) => params.shape[key] === contracts.Id) : [];
      if (idKeys.length === 0) continue;
      const url = (value: string) =>
        route.url.replace(/:(\w+)/g, (_, key: string) => (idKeys.includes(key) ? value : key === 'statusAction' ? 'suspend' : 'x'));
      for (const caller of callers) {
        for (const value of wrong) {
          const response = await caller.request({
            method: route.method as 'GET',
            url: url(value),
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          probed++;
          // 403 only where the route refuses the caller before reading its input.
          if (response.statusCode !== 400 && response.statusCode !== 403)
            mistaken.push(`${route.method} ${url(value)}: ${response.statusCode}`);
        }
      }
    }
    expect(probed).toBeGreaterThan(100);
    expect(mistaken).toEqual([]);
    for (const value of wrong) {
      const response = await callers[0].get(`/api/Location/view?objectType=SITE&companyId=${value}`);
      expect(response.statusCode, value).toBe(400);
    }
  });

  it('names a refused field even when the field is called like a prototype member', async () => {
    const long = 'x'.repeat(201);
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await callers[0].get(`/api/Setting/Objects?objectType=division&${name}=${long}`);
      expect(response.statusCode, name).toBe(400);
      expect(Object.keys(response.json().fields), name).toEqual([name]);
      // In words ('Has own property: ...'), but the field is named.
      expect(response.json().error.replaceAll(' ', '').toLowerCase(), name).toContain(name.toLowerCase());
    }
  });

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
