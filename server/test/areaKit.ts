import { describe, expect, it } from 'vitest';
import { can, type Permission, ROLES, type Role } from '@portal/contracts';
import type { SeededNamespace } from '../src/demo/demo';
import type { Client, TestContext } from './helpers';

/**
 * The access cases every area owes, generated from a list of its calls:
 * - no session: 401;
 * - every role the permission registry excludes: 403;
 * - ids of the other namespace (`acme`) as a role that may make the call: 404;
 * - each malformed variant the area lists: 400 with a message.
 * An area's own test file keeps only what is particular to it (success, rules, messages).
 */
export interface AreaCall {
  /** What the call does, for the test names ("list", "save"...). */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The call's path with a namespace's ids (called with `demo`, and with `acme` for the 404). */
  url(ns: SeededNamespace): string;
  body?(ns: SeededNamespace): unknown;
  /** The registry permission the call needs. */
  permission: Permission;
  /** False when the call names no record (a list, a create): no other-namespace case. */
  namesRecord?: boolean;
  /** Variants that must be refused with 400. */
  malformed?: { url?: string; body?: unknown; rawBody?: string }[];
}

const emailOf = (role: Role) => `${role.toLowerCase()}@demo.test`;

export function describeAreaAccess(area: string, context: () => TestContext, calls: AreaCall[]): void {
  const clients = new Map<Role, Promise<Client>>();
  const as = (role: Role) => {
    if (!clients.has(role)) clients.set(role, context().login(emailOf(role)));
    return clients.get(role) as Promise<Client>;
  };
  const send = (client: Client, call: AreaCall, ns: SeededNamespace, variant?: { url?: string; body?: unknown; rawBody?: string }) =>
    client.request({
      method: call.method,
      url: variant?.url ?? call.url(ns),
      ...(variant?.rawBody !== undefined
        ? { payload: variant.rawBody, headers: { 'content-type': 'application/json' } }
        : variant?.body !== undefined
          ? { payload: variant.body as object }
          : call.body
            ? { payload: call.body(ns) as object }
            : {}),
    });

  describe(`${area}: access`, () => {
    for (const call of calls) {
      const label = `${call.name} (${call.method})`;
      const allowed = ROLES.filter((role) => can(role, call.permission));
      const refused = ROLES.filter((role) => !can(role, call.permission));

      it(`${label}: 401 without a session`, async () => {
        const response = await send(context().anonymous, call, context().demo);
        expect(response.statusCode, response.body).toBe(401);
      });

      if (refused.length > 0) {
        it(`${label}: 403 for ${refused.join(', ')}`, async () => {
          const wrong: string[] = [];
          for (const role of refused) {
            const response = await send(await as(role), call, context().demo);
            if (response.statusCode !== 403) wrong.push(`${role}: ${response.statusCode}`);
          }
          expect(wrong).toEqual([]);
        });
      }

      if (call.namesRecord !== false && allowed.length > 0) {
        it(`${label}: 404 for the other namespace's record`, async () => {
          const response = await send(await as(allowed[0]), call, context().acme);
          expect(response.statusCode, response.body).toBe(404);
          expect(typeof response.json().error).toBe('string');
        });
      }

      for (const variant of call.malformed ?? []) {
        it(`${label}: 400 for ${JSON.stringify(variant).slice(0, 80)}`, async () => {
          const response = await send(await as(allowed[0]), call, context().demo, variant);
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json().error).toEqual(expect.any(String));
        });
      }
    }
  });
}
