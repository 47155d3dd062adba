import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientRole, mayManageUser, type Role, rolesWith, USER_TYPE, type UserRow, USERS } from '@portal/contracts';
import { users } from '../../db/schema';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';

/**
 * Who may manage whom among the roles that hold users.write (issue 6, item 2): a caller may
 * edit, suspend, archive, activate or remove only users whose role it could give. Every pair
 * is tried through the API, and the row's `can` flags must say exactly what the API does.
 */
let t: TestContext;
let master: Client;
const callers = new Map<Role, Client>();

/** The administrative roles: every role holding users.write. */
const MANAGERS = rolesWith('users.write') as readonly Role[];

/** Written out rather than derived, so that a change of the rule shows here. */
const MAY_MANAGE: Record<string, Role[]> = {
  MASTER_ADMIN: ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'CLIENT-ADMIN'],
  CONFIG_ADMIN: ['CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'CLIENT-ADMIN'],
  'LO-ADMIN': ['LO-ADMIN', 'SCHEDULER', 'CLIENT-ADMIN'],
  SCHEDULER: [],
  'CLIENT-ADMIN': ['CLIENT-ADMIN'],
};

beforeAll(async () => {
  t = await createTestContext();
  master = await t.login('master_admin@demo.test');
  for (const role of MANAGERS) callers.set(role, await t.login(`${role.toLowerCase()}@demo.test`));
});
afterAll(async () => t.close());

let counter = 0;
/** A new active user with the role (client users in the client CLIENT-ADMIN manages), created by the MASTER_ADMIN. */
async function newUser(role: Role): Promise<{ id: number; email: string; body: Record<string, unknown> }> {
  counter++;
  const email = `managed.${counter}@demo.test`;
  const client = t.demo.clients[0];
  const body = isClientRole(role)
    ? {
        name: `Managed ${counter}`,
        email,
        type: USER_TYPE.CLIENT,
        roleId: t.demo.roleIds[role],
        companyId: client.id,
        siteIds: client.siteIds,
      }
    : { name: `Managed ${counter}`, email, type: USER_TYPE.LO, roleId: t.demo.roleIds[role], officeId: t.demo.offices[0].id };
  const response = await master.post('/api/Users', body);
  expect(response.statusCode, `create ${role}`).toBe(200);
  return { id: response.json().id, email, body };
}

async function statusOf(id: number): Promise<number> {
  const [row] = await t.app.db.select({ status: users.status, name: users.name }).from(users).where(eq(users.id, id));
  return row.status;
}

async function rowAs(caller: Client, email: string): Promise<UserRow | undefined> {
  const response = await caller.get('/api/Users?offset=-1&limit=-1', filterHeader({ email }));
  expect(response.statusCode).toBe(200);
  return (response.json() as UserRow[]).find((r) => r.email === email);
}

const act = (caller: Client, id: number, action: string) => caller.delete(`/api/Users/${id}/${action}`);

describe('managing users by role', () => {
  it('the written table is the contracts rule and covers every role holding users.write', () => {
    expect(Object.keys(MAY_MANAGE).sort()).toEqual([...MANAGERS].sort());
    for (const actor of MANAGERS)
      for (const target of MANAGERS)
        expect(mayManageUser(actor, { role: target, type: isClientRole(target) ? 1 : 0 }), `${actor} -> ${target}`).toBe(
          MAY_MANAGE[actor].includes(target),
        );
  });

  for (const actor of MANAGERS) {
    for (const target of MANAGERS) {
      const allowed = MAY_MANAGE[actor].includes(target);
      const visible = actor !== 'CLIENT-ADMIN' || isClientRole(target);
      it(`${actor} ${allowed ? 'may' : 'may not'} edit, suspend, archive, activate and remove a ${target}`, async () => {
        const caller = callers.get(actor) as Client;
        const user = await newUser(target);
        if (!visible) {
          // Another company's or an LO user is not there for a client administrator at all.
          expect(await rowAs(caller, user.email)).toBeUndefined();
          for (const action of ['suspend', 'remove']) expect((await act(caller, user.id, action)).statusCode).toBe(404);
          expect((await caller.post('/api/Users', { ...user.body, id: user.id, name: 'Renamed' })).statusCode).toBe(404);
          expect(await statusOf(user.id)).toBe(1);
          return;
        }
        const refused = (response: { statusCode: number; json(): { error: string } }, what: string) => {
          expect(response.statusCode, what).toBe(403);
          expect(response.json().error, what).toBe(USERS.notYoursToManage);
        };

        // Active: the row offers edit, remove, archive and suspend exactly when the API allows them.
        const active = (await rowAs(caller, user.email)) as UserRow;
        expect(active.can).toEqual({ edit: allowed, remove: allowed, archive: allowed, suspend: allowed, activate: false });
        const edit = await caller.post('/api/Users', { ...user.body, id: user.id, name: `Renamed by ${actor}` });
        if (allowed) expect(edit.statusCode, 'edit').toBe(200);
        else refused(edit, 'edit');
        const [stored] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
        expect(stored.name).toBe(allowed ? `Renamed by ${actor}` : user.body.name);

        if (!allowed) {
          for (const action of ['suspend', 'archive', 'remove']) refused(await act(caller, user.id, action), action);
          expect(await statusOf(user.id)).toBe(1);
          // Suspended by someone who may: still nothing to offer, and activate is refused too.
          expect((await act(master, user.id, 'suspend')).statusCode).toBe(200);
          const suspended = (await rowAs(caller, user.email)) as UserRow;
          expect(suspended.can).toEqual({ edit: false, remove: false, archive: false, suspend: false, activate: false });
          for (const action of ['activate', 'archive', 'remove']) refused(await act(caller, user.id, action), action);
          expect(await statusOf(user.id)).toBe(-3);
          return;
        }
        expect((await act(caller, user.id, 'suspend')).statusCode).toBe(200);
        expect((await rowAs(caller, user.email))?.can).toEqual({
          edit: false,
          remove: true,
          archive: true,
          suspend: false,
          activate: true,
        });
        expect((await act(caller, user.id, 'archive')).statusCode).toBe(200);
        expect((await act(caller, user.id, 'activate')).statusCode).toBe(200);
        expect((await act(caller, user.id, 'remove')).statusCode).toBe(200);
        expect(await statusOf(user.id)).toBe(-1);
      });
    }
  }

  it('an LO-ADMIN can neither suspend the CONFIG_ADMIN nor remove the MASTER_ADMIN of the demo namespace', async () => {
    const loAdmin = callers.get('LO-ADMIN') as Client;
    const configAdmin = await t.login('config_admin@demo.test');
    const configId = t.demo.accounts['config_admin@demo.test'];
    const masterId = t.demo.accounts['master_admin@demo.test'];
    for (const action of ['suspend', 'archive', 'remove']) {
      expect((await act(loAdmin, configId, action)).statusCode, action).toBe(403);
      expect((await act(loAdmin, masterId, action)).statusCode, action).toBe(403);
    }
    // Nor their signatures, which are part of editing them.
    expect((await loAdmin.delete(`/api/Users/signature/${masterId}`)).statusCode).toBe(403);
    expect(await statusOf(configId)).toBe(1);
    expect(await statusOf(masterId)).toBe(1);
    // Their sessions were not ended.
    expect((await configAdmin.get('/api/login')).statusCode).toBe(200);
    expect((await master.get('/api/login')).statusCode).toBe(200);
  });
});
