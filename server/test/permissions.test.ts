import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Permission, ROLES, type Role } from '@portal/contracts';
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
