import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, isPermission, type Permission, ROLES, ROUTE_KEYS, ROUTES, type Role } from '@portal/contracts';
import type { RoutePermission } from '../src/plugins/auth';
import { type Client, createTestContext, type TestContext } from './helpers';

/**
 * Walks every API route for every role and checks that the server refuses exactly the roles
 * the permission registry excludes (403), and every non-public route without a session (401).
 * A route added without its permission would already stop the server from starting.
 */
let t: TestContext;
const clients = new Map<Role, Client>();

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ROLES) clients.set(role, await t.login(`${role.toLowerCase()}@demo.test`));
});
afterAll(async () => t.close());

const PARAM_VALUES: Record<string, string> = { statusAction: 'suspend', clientName: 'No Such Client', closeOrCancel: 'close' };

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? '999999');
}

/** Each way a route can be called, with the permission that call needs. */
function variants(permission: RoutePermission): { query: string; needs: (role: Role) => boolean }[] {
  if (permission === 'public') return [];
  if (typeof permission === 'string') return [{ query: '', needs: (role) => can(role, permission) }];
  if ('anyOf' in permission) return [{ query: '', needs: (role) => permission.anyOf.some((p) => can(role, p)) }];
  const list = Object.entries(permission.values).map(([value, needed]: [string, Permission]) => ({
    query: `${permission.query}=${encodeURIComponent(value)}`,
    needs: (role: Role) => can(role, needed),
  }));
  const otherwise = permission.otherwise;
  if (otherwise) list.push({ query: '', needs: (role: Role) => can(role, otherwise) });
  return list;
}

describe('route permissions', () => {
  it('every API route declares a known permission', () => {
    expect(t.app.routePermissions.length).toBeGreaterThan(10);
    for (const route of t.app.routePermissions) expect(route.permission).toBeDefined();
  });

  it('refuses each role exactly where the registry says, and everyone without a session', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.routePermissions) {
      for (const variant of variants(route.permission)) {
        const url = concreteUrl(route.url) + (variant.query ? `?${variant.query}` : '');
        const anonymous = await t.anonymous.request({ method: route.method as 'GET', url });
        if (anonymous.statusCode !== 401) mismatches.push(`${route.method} ${url} without session: ${anonymous.statusCode}`);
        for (const role of ROLES) {
          const response = await (clients.get(role) as Client).request({ method: route.method as 'GET', url });
          const refused = response.statusCode === 403;
          if (refused === variant.needs(role)) {
            mismatches.push(
              `${route.method} ${url} as ${role}: ${response.statusCode} (${variant.needs(role) ? 'allowed' : 'refused'} expected)`,
            );
          }
          if (response.statusCode >= 500) mismatches.push(`${route.method} ${url} as ${role}: ${response.statusCode}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});

/** The server's permission for one concrete call (`GET /api/Users?x=y`), as the route declares it. */
function permissionOfCall(call: string): RoutePermission | Permission | undefined {
  const [method, target] = call.split(' ');
  const url = new URL(target, 'http://portal');
  const route = t.app.routePermissions.find((r) => r.method === method && r.url === url.pathname);
  const permission = route?.permission;
  if (!permission || typeof permission === 'string' || 'anyOf' in permission) return permission;
  const value = url.searchParams.get(permission.query);
  return value === null ? permission.otherwise : permission.values[value.toLowerCase()];
}

describe('screens and their calls (contracts ROUTES)', () => {
  const screens = ROUTE_KEYS.filter((key) => ROUTES[key].calls?.length);

  it('guards every call behind a screen with exactly the permission the screen names', () => {
    expect(screens.length).toBeGreaterThan(0);
    const mismatches: string[] = [];
    for (const key of ROUTE_KEYS) {
      const route = ROUTES[key];
      if (!isPermission(route.permission)) mismatches.push(`${key}: ${route.permission} is not in the registry`);
      for (const call of route.calls ?? []) {
        const permission = permissionOfCall(call);
        if (permission !== route.permission)
          mismatches.push(`${key}: ${call} requires ${JSON.stringify(permission)}, not ${route.permission}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers the calls of a screen to exactly the roles that may open it', async () => {
    const mismatches: string[] = [];
    for (const key of screens) {
      const route = ROUTES[key];
      for (const call of route.calls ?? []) {
        const [method, url] = call.split(' ');
        for (const role of ROLES) {
          const response = await (clients.get(role) as Client).request({ method: method as 'GET', url });
          const opens = can(role, route.permission);
          if ((response.statusCode === 200) !== opens)
            mismatches.push(`${call} as ${role}: ${response.statusCode}, screen ${opens ? 'open' : 'refused'}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);
});
