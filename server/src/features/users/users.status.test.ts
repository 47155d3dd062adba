import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignableRoles,
  can,
  mayManageUser,
  type Role,
  ROLES,
  rolesWith,
  USER_STATUS_ACTIONS,
  type UserRow,
  USERS,
  userActionAllowed,
} from '@portal/contracts';
import { users } from '../../db/schema';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';
import { firstDependency, registerUserDependency } from './dependencies';

let t: TestContext;
let loAdmin: Client;
beforeAll(async () => {
  t = await createTestContext();
  loAdmin = await t.login('lo-admin@demo.test');
});
afterAll(async () => t.close());

const created = new Map<string, number>();
const idOf = (email: string) => t.demo.accounts[email] ?? created.get(email);

/** A new field engineer (the demo accounts stay active for the per-role checks). */
async function newEngineer(email: string): Promise<string> {
  const response = await loAdmin.post('/api/Users', {
    name: email.split('@')[0],
    email,
    type: 0,
    roleId: t.demo.roleIds['FIELD-ENGG'],
    officeId: t.demo.offices[0].id,
  });
  expect(response.statusCode).toBe(200);
  created.set(email, response.json().id);
  return email;
}
const act = (client: Client, email: string, action: string) => client.delete(`/api/Users/${idOf(email)}/${action}`);

async function rowOf(email: string): Promise<UserRow> {
  const rows = (await loAdmin.get('/api/Users?offset=-1&limit=-1', filterHeader({ email }))).json() as UserRow[];
  return rows.find((r) => r.email === email) as UserRow;
}

describe('DELETE /api/Users/{id}/{statusAction}', () => {
  it('walks a user through suspend, archive, activate and remove, offering only the allowed actions', async () => {
    const email = await newEngineer('lifecycle@demo.test');
    const suspend = await act(loAdmin, email, 'suspend');
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json()).toEqual({ message: USERS.actionDone('suspend') });
    expect(await rowOf(email)).toMatchObject({
      status: -3,
      can: { edit: false, remove: true, archive: true, suspend: false, activate: true },
    });
    expect((await act(loAdmin, email, 'archive')).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({
      status: -2,
      can: { edit: false, remove: true, archive: false, suspend: true, activate: true },
    });
    const archiveAgain = await act(loAdmin, email, 'archive');
    expect(archiveAgain.statusCode).toBe(409);
    expect(archiveAgain.json().error).toBe(USERS.actionNotAllowed('archive'));
    expect((await act(loAdmin, email, 'activate')).statusCode).toBe(200);
    expect((await rowOf(email)).status).toBe(1);
    expect((await act(loAdmin, email, 'remove')).statusCode).toBe(200);
    expect(await rowOf(email)).toMatchObject({
      status: -1,
      can: { edit: false, remove: false, archive: false, suspend: false, activate: false },
    });
    // A removed user stays removed.
    const activate = await act(loAdmin, email, 'activate');
    expect(activate.statusCode).toBe(409);
    expect(activate.json().error).toBe(USERS.actionNotAllowed('activate'));
  });

  it('signs a user out everywhere when they leave the active status', async () => {
    const engineer = await t.login('field-junior@demo.test');
    expect((await engineer.get('/api/login')).statusCode).toBe(200);
    expect((await act(loAdmin, 'field-junior@demo.test', 'suspend')).statusCode).toBe(200);
    expect((await engineer.get('/api/login')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/weblogin',
      payload: { email: 'field-junior@demo.test', password: 'demo1234' },
    });
    expect(again.statusCode).toBe(401);
    expect((await act(loAdmin, 'field-junior@demo.test', 'activate')).statusCode).toBe(200);
  });

  it('refuses a change of your own status with 409', async () => {
    const response = await act(loAdmin, 'lo-admin@demo.test', 'suspend');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(USERS.ownStatus);
  });

  it('keeps the last active administrator of the namespace (424)', async () => {
    const master = await t.login('master_admin@demo.test');
    expect((await act(master, 'config_admin@demo.test', 'suspend')).statusCode).toBe(200);
    expect((await act(master, 'demo@demo.test', 'archive')).statusCode).toBe(200);
    // Only another administrator may change an administrator's status, and while it acts it is
    // active itself; so the rule refuses what two administrators would do to each other at the
    // same moment. Asked about the last one, it refuses all three actions.
    const last = { id: idOf('master_admin@demo.test') as number, namespaceId: t.demo.id, role: 'MASTER_ADMIN', status: 1 };
    for (const action of ['suspend', 'archive', 'remove'] as const) {
      expect(await t.app.db.transaction((tx) => firstDependency(tx, last, action)), action).toBe(USERS.lastAdministrator);
    }
    const [still] = await t.app.db.select({ status: users.status }).from(users).where(eq(users.email, 'master_admin@demo.test'));
    expect(still.status).toBe(1);
    // Nor can the last administrator lose the administrator role through an edit.
    const [row] = (await master.get('/api/Users?offset=0&limit=1', filterHeader({ email: 'master_admin@demo.test' }))).json();
    const demote = await master.post('/api/Users', {
      id: row.id,
      type: 0,
      name: row.name,
      email: row.email,
      roleId: t.demo.roleIds['LO-ADMIN'],
    });
    expect(demote.statusCode).toBe(424);
    expect(demote.json().error).toBe(USERS.lastAdministratorRole);
    // With a second administrator back, the first may go.
    expect((await act(master, 'config_admin@demo.test', 'activate')).statusCode).toBe(200);
    expect(await t.app.db.transaction((tx) => firstDependency(tx, last, 'suspend'))).toBeNull();
    expect((await act(master, 'demo@demo.test', 'activate')).statusCode).toBe(200);
  });

  it('lets later features refuse with 424 through registerUserDependency', async () => {
    const blocked = idOf('sales-person@demo.test');
    registerUserDependency('test-open-jobs', async (_tx, target) => (target.id === blocked ? 'Sales person has open quotations' : null));
    const response = await act(loAdmin, 'sales-person@demo.test', 'archive');
    expect(response.statusCode).toBe(424);
    expect(response.json()).toEqual({ error: 'Sales person has open quotations' });
    expect((await act(loAdmin, await newEngineer('unblocked@demo.test'), 'archive')).statusCode).toBe(200);
    registerUserDependency('test-open-jobs', async () => null);
  });

  it('lets a scheduler act only on roles it could give, and a client administrator only on its company', async () => {
    const scheduler = await t.login('scheduler@demo.test');
    expect((await act(scheduler, 'lo-admin@demo.test', 'suspend')).statusCode).toBe(403);
    expect((await act(scheduler, 'field-engg@demo.test', 'suspend')).statusCode).toBe(200);
    expect((await act(scheduler, 'field-engg@demo.test', 'activate')).statusCode).toBe(200);
    const clientAdmin = await t.login('client-admin@demo.test');
    expect((await act(clientAdmin, 'scheduler@demo.test', 'suspend')).statusCode).toBe(404);
    expect((await act(clientAdmin, 'requester@demo.test', 'suspend')).statusCode).toBe(200);
    expect((await act(clientAdmin, 'requester@demo.test', 'activate')).statusCode).toBe(200);
  });

  it('answers 400 for an unknown action, 404 for unknown ids and other namespaces, 401 and 403 by permission', async () => {
    expect((await loAdmin.delete(`/api/Users/${idOf('approver@demo.test')}/promote`)).statusCode).toBe(400);
    expect((await loAdmin.delete('/api/Users/abc/suspend')).statusCode).toBe(400);
    expect((await loAdmin.delete('/api/Users/999999/suspend')).statusCode).toBe(404);
    const acme = t.acme.accounts['approver@acme.test'];
    expect((await loAdmin.delete(`/api/Users/${acme}/suspend`)).statusCode).toBe(404);
    expect((await t.anonymous.delete(`/api/Users/${idOf('approver@demo.test')}/suspend`)).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => !rolesWith('users.write').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await act(client, 'approver@demo.test', 'suspend')).statusCode, role).toBe(403);
    }
    expect((await rowOf('approver@demo.test')).status).toBe(1);
  });

  it('reports on every row exactly the actions the contracts rules allow the caller', async () => {
    const archived = await newEngineer('archived.flags@demo.test');
    expect((await act(loAdmin, archived, 'archive')).statusCode).toBe(200);
    const removed = await newEngineer('removed.flags@demo.test');
    expect((await act(loAdmin, removed, 'remove')).statusCode).toBe(200);
    for (const role of ['MASTER_ADMIN', 'CONFIG_ADMIN', 'LO-ADMIN', 'SCHEDULER', 'APPROVER', 'CLIENT-ADMIN'] as Role[]) {
      const email = `${role.toLowerCase()}@demo.test`;
      const caller = await t.login(email);
      const rows = (await caller.get('/api/Users?offset=-1&limit=-1')).json() as UserRow[];
      expect(rows.length).toBeGreaterThan(3);
      let offered = 0;
      for (const row of rows) {
        const target = row.role as Role;
        const write = can(role, 'users.write');
        const mayAct = write && row.id !== idOf(email) && mayManageUser(role, { role: target, type: row.type });
        const expected: Record<string, boolean> = {
          edit: write && assignableRoles(role, row.type).includes(target) && userActionAllowed(row.status, 'edit'),
        };
        for (const action of USER_STATUS_ACTIONS) expected[action] = mayAct && userActionAllowed(row.status, action);
        expect(row.can, `${role} on ${row.email}`).toEqual(expected);
        offered += Object.values(expected).filter(Boolean).length;
      }
      expect(offered > 0, role).toBe(can(role, 'users.write'));
    }
  });
});
