import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ROLES_TEXT, type RoleLicenceRow, type RoleRow, SHELL, VALIDATION } from '@portal/contracts';
import { users } from '../../db/schema';
import { insertUser } from '../../demo/factories';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let master: Client;
let config: Client;
let loAdmin: Client;
let scheduler: Client;
let clientAdmin: Client;
let clientUser: Client;

const LIST = '/api/Setting/Namespace?objectType=ROLE';
const SAVE = '/api/Setting/Others';

beforeAll(async () => {
  t = await createTestContext();
  // Sign-ins hash passwords; in parallel they keep the set-up well inside the hook timeout.
  [master, config, loAdmin, scheduler, clientAdmin, clientUser] = await Promise.all(
    [
      'master_admin@demo.test',
      'config_admin@demo.test',
      'lo-admin@demo.test',
      'scheduler@demo.test',
      'client-admin@demo.test',
      'client-user@demo.test',
    ].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

async function roleRows(client: Client, query = ''): Promise<RoleRow[]> {
  const response = await client.get(`${LIST}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function save(client: Client, body: Record<string, unknown>, query = '') {
  return client.post(`${SAVE}${query}`, body);
}

async function created(body: Record<string, unknown>, client = master, query = ''): Promise<RoleRow> {
  const response = await save(client, body, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const licencesOf = (row: RoleRow): RoleLicenceRow[] => JSON.parse(row.metaValue ?? 'null');
const clientUserRole = () => t.demo.roleIds['CLIENT-USER'];

async function statusesAt(clientId: number, roleId: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ status: users.status })
    .from(users)
    .where(and(eq(users.companyId, clientId), eq(users.roleId, roleId)))
    .orderBy(users.id);
  return rows.map((r) => r.status);
}

describe('Roles screen list', () => {
  it('lists the active roles by name with type, base role, customer and rights', async () => {
    const rows = await roleRows(master);
    expect(rows.map((r) => r.name)).toEqual([...ROLES].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const requester = rows.find((r) => r.name === 'REQUESTER');
    expect(requester).toMatchObject({
      id: t.demo.roleIds.REQUESTER,
      objectType: 'ROLE',
      type: 0,
      baseRole: 'REQUESTER',
      namespace: 'Demo Inspection Services',
      tenantId: 2,
      status: 1,
      can: { edit: true, delete: true, licences: false },
    });
    // MASTER_ADMIN does not manage licences (DECISIONS 4), so the rows carry none.
    expect(requester).not.toHaveProperty('metaValue');
    expect(rows.find((r) => r.name === 'SCHEDULER')?.type).toBe(1);
  });

  it('gives CONFIG_ADMIN the licences of client roles as the spec’s metaValue JSON', async () => {
    const rows = await roleRows(config);
    const row = rows.find((r) => r.id === clientUserRole()) as RoleRow;
    expect(row.metaKey).toBe('licence');
    expect(row.can.licences).toBe(true);
    const licences = licencesOf(row);
    expect(licences.map((l) => l.clientId).sort()).toEqual(t.demo.clients.map((c) => c.id).sort());
    expect(licences[0]).toEqual({
      clientId: expect.any(Number),
      clientName: expect.any(String),
      clientLicense: -1,
      isAllUserActive: false,
    });
    const lo = rows.find((r) => r.name === 'SCHEDULER') as RoleRow;
    expect(lo.can.licences).toBe(false);
    expect(licencesOf(lo)).toEqual([]);
  });

  it('searches by name on the server: contains, any case', async () => {
    expect((await roleRows(master, '&name=client-')).map((r) => r.name)).toEqual(['CLIENT-ADMIN', 'CLIENT-USER']);
    expect((await roleRows(master, '&name=ApProVeR')).map((r) => r.name)).toEqual(['APPROVER', 'APPROVER-ONLY']);
    expect(await roleRows(master, '&name=%25')).toEqual([]);
  });

  it('answers 400 for another object type, 401 without a session, 403 to roles without the Admin screens', async () => {
    expect((await master.get('/api/Setting/Namespace?objectType=Division')).statusCode).toBe(400);
    expect((await t.anonymous.get(LIST)).statusCode).toBe(401);
    expect((await loAdmin.get(LIST)).statusCode).toBe(403);
    expect((await scheduler.get(LIST)).statusCode).toBe(403);
  });
});

describe('role pickers and single role', () => {
  it('offers active roles {id, name, type, baseRole}, optionally of one type', async () => {
    const all = (await loAdmin.get('/api/Setting/Others?objectType=ROLE')).json();
    expect(all).toHaveLength(ROLES.length);
    expect(all[0]).toEqual({ id: expect.any(Number), name: 'APPROVER', type: 1, baseRole: 'APPROVER' });
    const clientRoles = (await scheduler.get('/api/Setting/Objects?objectType=Role&type=0')).json();
    expect(clientRoles.map((r: RoleRow) => r.name)).toEqual(['CLIENT-ADMIN', 'CLIENT-USER', 'REQUESTER', 'SITE-USER']);
    expect((await scheduler.get('/api/Setting/Objects?objectType=ROLE&type=2')).statusCode).toBe(400);
  });

  it('offers CLIENT-ADMIN only client roles, and refuses roles without the picker right', async () => {
    const rows = (await clientAdmin.get('/api/Setting/Objects?objectType=ROLE')).json();
    expect(rows.map((r: RoleRow) => r.type)).toEqual([0, 0, 0, 0]);
    expect((await clientAdmin.get(`/api/Setting/${t.demo.roleIds.SCHEDULER}`)).statusCode).toBe(404);
    expect((await clientAdmin.get(`/api/Setting/${t.demo.roleIds['SITE-USER']}`)).json()).toMatchObject({ name: 'SITE-USER' });
    expect((await clientUser.get('/api/Setting/Objects?objectType=ROLE')).statusCode).toBe(403);
  });

  it('answers one role by id, and 404 for another namespace’s role', async () => {
    const own = await scheduler.get(`/api/Setting/${t.demo.roleIds.APPROVER}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'APPROVER', can: { edit: false, delete: false, licences: false } });
    expect((await master.get(`/api/Setting/${t.acme.roleIds.APPROVER}`)).statusCode).toBe(404);
  });
});

describe('saving a role', () => {
  it('creates a role with a type and a base role of that type', async () => {
    const row = await created({ name: 'Site Inspector', acronymCode: 'SI', type: 0, baseRole: 'site-user' });
    expect(row).toMatchObject({ name: 'Site Inspector', acronymCode: 'SI', type: 0, baseRole: 'SITE-USER', status: 1 });
    expect((await roleRows(master, '&name=inspector')).map((r) => r.id)).toEqual([row.id]);
    const options = (await scheduler.get('/api/Setting/Objects?objectType=ROLE&type=0')).json();
    expect(options.map((o: RoleRow) => o.id)).toContain(row.id);
  });

  it('updates the name and code; type and base role stay as created', async () => {
    const row = await created({ name: 'Lead Engineer', type: 1, baseRole: 'FIELD-ENGG' });
    const renamed = await save(config, { ...row, name: 'Senior Engineer', acronymCode: 'SE' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: row.id, name: 'Senior Engineer', acronymCode: 'SE', type: 1, baseRole: 'FIELD-ENGG' });
    const retyped = await save(master, { id: row.id, name: 'Senior Engineer', type: 0 });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json()).toEqual({ error: ROLES_TEXT.typeLocked, fields: { type: ROLES_TEXT.typeLocked } });
    const rebased = await save(master, { id: row.id, name: 'Senior Engineer', baseRole: 'LO-ADMIN' });
    expect(rebased.statusCode).toBe(400);
    expect(rebased.json().error).toBe(ROLES_TEXT.baseRoleLocked);
    expect((await master.get(`/api/Setting/${row.id}`)).json()).toMatchObject({ type: 1, baseRole: 'FIELD-ENGG' });
  });

  it('answers 400 with field messages for missing or wrong fields', async () => {
    const noName = await save(master, { type: 1, baseRole: 'SCHEDULER' });
    expect(noName.json()).toEqual({ error: 'Name is required', fields: { name: 'Name is required' } });
    const noType = await save(master, { name: 'Planner', baseRole: 'SCHEDULER' });
    expect(noType.json()).toEqual({ error: ROLES_TEXT.typeRequired, fields: { type: ROLES_TEXT.typeRequired } });
    const badType = await save(master, { name: 'Planner', type: 2, baseRole: 'SCHEDULER' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields.type).toBe('Type must be 0 (client) or 1 (LO)');
    const noBase = await save(master, { name: 'Planner', type: 1 });
    expect(noBase.json().fields).toEqual({ baseRole: ROLES_TEXT.baseRoleRequired });
    const wrongBase = await save(master, { name: 'Planner', type: 0, baseRole: 'SCHEDULER' });
    expect(wrongBase.json()).toEqual({ error: ROLES_TEXT.baseRoleMismatch(0), fields: { baseRole: ROLES_TEXT.baseRoleMismatch(0) } });
    expect((await save(master, { name: 'Planner', type: 1, baseRole: 'KING' })).statusCode).toBe(400);
    const malformed = await master.request({
      method: 'POST',
      url: SAVE,
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(VALIDATION.invalidJson);
    expect(await roleRows(master, '&name=planner')).toEqual([]);
  });

  it('refuses a duplicate active name with 409', async () => {
    const response = await save(master, { name: 'scheduler', type: 1, baseRole: 'SCHEDULER' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: ROLES_TEXT.duplicateName, fields: { name: ROLES_TEXT.duplicateName } });
  });

  it('answers 404 for unknown ids and another namespace’s roles, 401 and 403 otherwise', async () => {
    expect((await save(master, { id: 999999, name: 'Ghost' })).statusCode).toBe(404);
    const acme = await save(master, { id: t.acme.roleIds.SCHEDULER, name: 'Taken' });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().error).toBe(SHELL.notFound);
    const body = { name: 'Nope', type: 1, baseRole: 'SCHEDULER' };
    expect((await t.anonymous.post(SAVE, body)).statusCode).toBe(401);
    expect((await loAdmin.post(SAVE, body)).statusCode).toBe(403);
    expect((await scheduler.post(SAVE, body)).statusCode).toBe(403);
    expect(await roleRows(master, '&name=nope')).toEqual([]);
  });
});

describe('role licences', () => {
  const clientId = () => t.demo.clients[0].id;

  it('lets CONFIG_ADMIN set a client’s licence count from the spec’s JSON string', async () => {
    const row = (await roleRows(config)).find((r) => r.id === clientUserRole()) as RoleRow;
    const licences = licencesOf(row).map((l) => (l.clientId === t.demo.clients[1].id ? { ...l, clientLicense: 5 } : l));
    const response = await save(config, { ...row, metaValue: JSON.stringify(licences) });
    expect(response.statusCode, response.body).toBe(200);
    const saved = licencesOf(response.json()).find((l) => l.clientId === t.demo.clients[1].id);
    expect(saved?.clientLicense).toBe(5);
  });

  it('refuses licence changes to MASTER_ADMIN with 403', async () => {
    const metaValue = [{ clientId: clientId(), clientLicense: 1, isAllUserActive: false }];
    const response = await save(master, { id: clientUserRole(), name: 'CLIENT-USER', metaValue });
    expect(response.statusCode).toBe(403);
    const row = (await roleRows(config)).find((r) => r.id === clientUserRole()) as RoleRow;
    expect(licencesOf(row).find((l) => l.clientId === clientId())?.clientLicense).toBe(-1);
  });

  it('answers 400 for licence counts below -1, malformed JSON, repeated clients and LO roles', async () => {
    const base = { id: clientUserRole(), name: 'CLIENT-USER' };
    const low = await save(config, { ...base, metaValue: [{ clientId: clientId(), clientLicense: -2, isAllUserActive: false }] });
    expect(low.statusCode).toBe(400);
    expect(low.json().fields).toEqual({ 'metaValue.0.clientLicense': 'Licence count must be at least -1 (unlimited)' });
    const text = await save(config, { ...base, metaValue: '[{"clientId": 1,' });
    expect(text.statusCode).toBe(400);
    expect(text.json().fields).toEqual({ metaValue: 'metaValue is not valid JSON' });
    const twice = await save(config, {
      ...base,
      metaValue: [
        { clientId: clientId(), clientLicense: 1 },
        { clientId: clientId(), clientLicense: 2 },
      ],
    });
    expect(twice.json().error).toBe(ROLES_TEXT.licenceClientTwice);
    const lo = await save(config, {
      id: t.demo.roleIds.SCHEDULER,
      name: 'SCHEDULER',
      metaValue: [{ clientId: clientId(), clientLicense: 3 }],
    });
    expect(lo.statusCode).toBe(400);
    expect(lo.json().error).toBe(ROLES_TEXT.licencesClientRolesOnly);
  });

  it('answers 404 for a client of another namespace', async () => {
    const response = await save(config, {
      id: clientUserRole(),
      name: 'CLIENT-USER',
      metaValue: [{ clientId: t.acme.clients[0].id, clientLicense: 3 }],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(ROLES_TEXT.licenceClientNotFound);
  });

  it('re-activates suspended users of the role at the client as far as the licence allows', async () => {
    const client = t.demo.clients[2];
    const role = 'CLIENT-USER';
    for (const n of [1, 2, 3]) {
      await insertUser(t.app.db, {
        namespace: t.demo,
        role,
        email: `suspended.${n}@demo.test`,
        name: `Suspended ${n}`,
        companyId: client.id,
        status: -3,
      });
    }
    await insertUser(t.app.db, { namespace: t.demo, role, email: 'working@demo.test', name: 'Working', companyId: client.id });
    const base = { id: clientUserRole(), name: 'CLIENT-USER' };
    // One active user and a licence of 3: room for two more.
    const limited = await save(config, { ...base, metaValue: [{ clientId: client.id, clientLicense: 3, isAllUserActive: true }] });
    expect(limited.statusCode).toBe(200);
    expect(licencesOf(limited.json()).find((l) => l.clientId === client.id)).toMatchObject({ clientLicense: 3, isAllUserActive: true });
    expect(await statusesAt(client.id, clientUserRole())).toEqual([1, 1, -3, 1]);
    // Without the flag nobody changes; unlimited with the flag brings everyone back.
    await save(config, { ...base, metaValue: [{ clientId: client.id, clientLicense: -1, isAllUserActive: false }] });
    expect(await statusesAt(client.id, clientUserRole())).toEqual([1, 1, -3, 1]);
    await save(config, { ...base, metaValue: [{ clientId: client.id, clientLicense: -1, isAllUserActive: true }] });
    expect(await statusesAt(client.id, clientUserRole())).toEqual([1, 1, 1, 1]);
    const signedIn = await t.login('suspended.3@demo.test');
    expect((await signedIn.get('/api/login')).statusCode).toBe(200);
  });

  it('creates the missing licence rows with Create License Config (isNewConfig=true)', async () => {
    const role = await created({ name: 'Auditor', type: 0, baseRole: 'CLIENT-USER' }, config);
    expect(licencesOf(role)).toEqual([]);
    const first = { clientId: t.demo.clients[0].id, clientLicense: 4, isAllUserActive: false };
    const response = await save(config, { ...role, metaValue: [first] }, '?isNewConfig=true');
    expect(response.statusCode).toBe(200);
    const licences = licencesOf(response.json());
    expect(licences).toHaveLength(t.demo.clients.length);
    for (const licence of licences) expect(licence.clientLicense).toBe(licence.clientId === first.clientId ? 4 : -1);
  });

  it('refuses Create License Config to MASTER_ADMIN (403) and for LO roles (400)', async () => {
    const role = await created({ name: 'Inspector Trainee', type: 0, baseRole: 'CLIENT-USER' });
    expect((await save(master, role, '?isNewConfig=true')).statusCode).toBe(403);
    expect(licencesOf((await roleRows(config, '&name=trainee'))[0])).toEqual([]);
    const lo = await save(config, { id: t.demo.roleIds.APPROVER, name: 'APPROVER' }, '?isNewConfig=true');
    expect(lo.statusCode).toBe(400);
  });
});

describe('archiving a role', () => {
  it('archives an unused role: it leaves the list and pickers and cannot be edited', async () => {
    const row = await created({ name: 'Temporary Viewer', type: 0, baseRole: 'REQUESTER' });
    const response = await master.delete(`/api/Setting/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ROLES_TEXT.archived });
    expect((await roleRows(master)).map((r) => r.id)).not.toContain(row.id);
    const options = (await loAdmin.get('/api/Setting/Objects?objectType=ROLE')).json();
    expect(options.map((o: RoleRow) => o.id)).not.toContain(row.id);
    const edit = await save(master, { ...row, name: 'Temporary Viewer 2' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(ROLES_TEXT.notActive);
    // The name is free again for a new role.
    await created({ name: 'Temporary Viewer', type: 0, baseRole: 'REQUESTER' });
  });

  it('shows archived roles apart with Restore, and restores one unless its name was taken meanwhile', async () => {
    const row = await created({ name: 'Seasonal Auditor', type: 0, baseRole: 'REQUESTER' });
    expect((await master.delete(`/api/Setting/${row.id}`)).statusCode).toBe(200);
    const archived = await roleRows(master, '&archived=true');
    expect(archived.find((r) => r.id === row.id)).toMatchObject({ status: 0, can: { edit: false, delete: false, restore: true } });
    expect(archived.every((r) => r.status === 0)).toBe(true);
    // Who may not archive roles may not restore one either.
    expect((await loAdmin.get(`${LIST}&archived=true`)).statusCode).toBe(403);
    expect((await loAdmin.post(`/api/Setting/${row.id}/restore`)).statusCode).toBe(403);
    expect((await t.anonymous.post(`/api/Setting/${row.id}/restore`)).statusCode).toBe(401);
    expect((await master.post(`/api/Setting/${t.acme.roleIds.CORPORATE}/restore`)).statusCode).toBe(404);
    expect((await master.get(`${LIST}&archived=maybe`)).statusCode).toBe(400);

    const restored = await master.post(`/api/Setting/${row.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: SHELL.restored('Seasonal Auditor') });
    expect((await roleRows(master, '&name=seasonal')).map((r) => r.id)).toEqual([row.id]);

    // Archived again, and a new role takes the name: the restore is refused with the name.
    expect((await master.delete(`/api/Setting/${row.id}`)).statusCode).toBe(200);
    await created({ name: 'Seasonal Auditor', type: 0, baseRole: 'REQUESTER' });
    const taken = await master.post(`/api/Setting/${row.id}/restore`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(SHELL.restoreNameTaken('Seasonal Auditor'));
  });

  it('refuses with 409 while active users hold the role', async () => {
    const response = await config.delete(`/api/Setting/${t.demo.roleIds.SCHEDULER}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ROLES_TEXT.roleInUse);
    expect((await roleRows(master, '&name=scheduler')).length).toBe(1);
  });

  it('answers 404 for another namespace’s role, 401 and 403 otherwise', async () => {
    expect((await master.delete(`/api/Setting/${t.acme.roleIds.CORPORATE}`)).statusCode).toBe(404);
    const target = t.demo.roleIds.CORPORATE;
    expect((await t.anonymous.delete(`/api/Setting/${target}`)).statusCode).toBe(401);
    expect((await loAdmin.delete(`/api/Setting/${target}`)).statusCode).toBe(403);
    expect((await scheduler.delete(`/api/Setting/${target}`)).statusCode).toBe(403);
    expect((await roleRows(master, '&name=corporate')).length).toBe(1);
  });
});
