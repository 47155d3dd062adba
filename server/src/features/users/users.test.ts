import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignableRoles, CLIENT_ROLES, LO_ROLES, ROLES, rolesWith, type UserRow, USERS } from '@portal/contracts';
import { mailOutbox, roleLicences, users } from '../../db/schema';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';

let t: TestContext;
let loAdmin: Client;
let clientAdmin: Client;
beforeAll(async () => {
  t = await createTestContext();
  loAdmin = await t.login('lo-admin@demo.test');
  clientAdmin = await t.login('client-admin@demo.test');
});
afterAll(async () => t.close());

const list = async (client: Client, filter: Record<string, unknown> = {}, query = 'offset=0&limit=100') => {
  const response = await client.get(`/api/Users?${query}`, filterHeader(filter));
  expect(response.statusCode).toBe(200);
  return response.json() as UserRow[];
};

let counter = 0;
/** A new LO user body (Field engineer at the first office) with a unique address. */
function loUser(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    name: `Test Person ${counter}`,
    email: `test.person.${counter}@demo.test`,
    phone: '+971 50 000 0000',
    type: 0,
    tenantId: 2,
    roleId: t.demo.roleIds['FIELD-ENGG'],
    companyId: t.demo.id,
    officeId: t.demo.offices[0].id,
    secondaryOfficeIds: String(t.demo.offices[1].id),
    divisionIds: `${t.demo.divisions[0].id},${t.demo.divisions[2].id}`,
    ...overrides,
  };
}

function clientUser(overrides: Record<string, unknown> = {}) {
  counter++;
  const client = t.demo.clients[0];
  return {
    name: `Client Person ${counter}`,
    email: `client.person.${counter}@demo.test`,
    type: 1,
    roleId: t.demo.roleIds['CLIENT-USER'],
    companyId: client.id,
    siteIds: client.siteIds.join(','),
    ...overrides,
  };
}

describe('GET /api/Users and /api/Users/count', () => {
  it('lists the namespace by name with office and division names, the company and what the caller may do', async () => {
    const rows = await list(loAdmin);
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.every((r) => !r.email.endsWith('@acme.test'))).toBe(true);
    const scheduler = rows.find((r) => r.email === 'scheduler@demo.test') as UserRow;
    expect(scheduler).toMatchObject({
      type: 0,
      tenantId: 2,
      designation: 'SCHEDULER',
      companyId: t.demo.id,
      company: 'Demo Inspection Services',
      officeId: t.demo.offices[0].id,
      location: 'Dubai Office, Abu Dhabi Office',
      secondaryOfficeIds: String(t.demo.offices[1].id),
      division: 'LIFTING, MACHINERY',
      status: 1,
      signature: null,
      can: { edit: true, remove: true, archive: true, suspend: true, activate: false },
    });
    const clientUserRow = rows.find((r) => r.email === 'client-user@demo.test') as UserRow;
    expect(clientUserRow).toMatchObject({ type: 1, companyId: t.demo.clients[0].id, company: t.demo.clients[0].name, location: '' });
    expect(clientUserRow.siteIds).toBe(t.demo.clients[0].siteIds.join(','));
    // LO-ADMIN may not edit a CONFIG_ADMIN (a role it cannot give), and never changes its own status.
    const config = rows.find((r) => r.email === 'config_admin@demo.test') as UserRow;
    expect(config.can.edit).toBe(false);
    const self = rows.find((r) => r.email === 'lo-admin@demo.test') as UserRow;
    expect(self.can).toMatchObject({ remove: false, archive: false, suspend: false });
  });

  it('filters by name, email, role, office (primary or other), division, status and the active toggle', async () => {
    expect((await list(loAdmin, { name: 'SANA' })).map((r) => r.email)).toEqual(['scheduler@demo.test']);
    expect((await list(loAdmin, { email: 'Field-' })).map((r) => r.email).sort()).toEqual([
      'field-engg@demo.test',
      'field-junior@demo.test',
    ]);
    expect((await list(loAdmin, { role: t.demo.roleIds.APPROVER })).map((r) => r.email)).toEqual(['approver@demo.test']);
    const second = await list(loAdmin, { location: t.demo.offices[1].id });
    expect(second.length).toBeGreaterThan(5); // everyone has the second office as an "other" office
    const third = await list(loAdmin, { division: t.demo.divisions[2].id });
    expect(third.map((r) => r.email)).toEqual(['demo@demo.test']);
    await t.app.db.update(users).set({ status: -2 }).where(eq(users.email, 'corporate@demo.test'));
    expect((await list(loAdmin, { status: -2 })).map((r) => r.email)).toEqual(['corporate@demo.test']);
    expect((await list(loAdmin, { active: false })).map((r) => r.email)).toEqual(['corporate@demo.test']);
    expect((await list(loAdmin, { active: true })).some((r) => r.email === 'corporate@demo.test')).toBe(false);
    const count = await loAdmin.get('/api/Users/count', filterHeader({ active: false }));
    expect(count.json()).toBe(1);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.email, 'corporate@demo.test'));
    // The filter may also come as a query parameter.
    const byQuery = await loAdmin.get(`/api/Users?filter=${encodeURIComponent(JSON.stringify({ name: 'sana' }))}`);
    expect(byQuery.json().map((r: UserRow) => r.email)).toEqual(['scheduler@demo.test']);
  });

  it('pages by offset and limit, and offset=-1&limit=-1 exports every matching row', async () => {
    const total = (await loAdmin.get('/api/Users/count')).json();
    expect(total).toBe(15);
    const all = await list(loAdmin, {}, 'offset=-1&limit=-1');
    expect(all).toHaveLength(total);
    const first = await list(loAdmin, {}, 'offset=0&limit=4');
    const next = await list(loAdmin, {}, 'offset=4&limit=4');
    expect([...first, ...next].map((r) => r.id)).toEqual(all.slice(0, 8).map((r) => r.id));
    const filtered = await list(loAdmin, { email: 'client' }, 'offset=-1&limit=-1');
    expect(filtered.map((r) => r.email).sort()).toEqual(['client-admin@demo.test', 'client-user@demo.test']);
  });

  it('shows a client administrator only client users of its own company, without signatures', async () => {
    const rows = await list(clientAdmin, {}, 'offset=-1&limit=-1');
    expect(rows.map((r) => r.email).sort()).toEqual([
      'client-admin@demo.test',
      'client-user@demo.test',
      'requester@demo.test',
      'site-user@demo.test',
    ]);
    expect((await clientAdmin.get('/api/Users/count')).json()).toBe(4);
    expect(rows.every((r) => r.signature === null)).toBe(true);
  });

  it('refuses unknown filter keys, malformed filter JSON, wrong filter types and bad paging with 400', async () => {
    const unknown = await loAdmin.get('/api/Users', filterHeader({ nickname: 'x' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown filter field: nickname');
    const malformed = await loAdmin.get('/api/Users/count', { filter: '%7Bname' });
    expect(malformed.statusCode).toBe(400);
    const status = await loAdmin.get('/api/Users', filterHeader({ status: 5 }));
    expect(status.statusCode).toBe(400);
    expect(status.json().fields).toHaveProperty('status');
    const role = await loAdmin.get('/api/Users', filterHeader({ role: { id: 1 } }));
    expect(role.statusCode).toBe(400);
    expect((await loAdmin.get('/api/Users?limit=abc')).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 to roles without users.read', async () => {
    expect((await t.anonymous.get('/api/Users')).statusCode).toBe(401);
    expect((await t.anonymous.get('/api/Users/count')).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => !rolesWith('users.read').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await client.get('/api/Users')).statusCode, role).toBe(403);
      expect((await client.get('/api/Users/count')).statusCode, role).toBe(403);
    }
  });
});

describe('GET /api/Users/Others', () => {
  it('answers every active user of the caller scope, compact, for pickers', async () => {
    await t.app.db.update(users).set({ status: -3 }).where(eq(users.email, 'sales-person@demo.test'));
    const engineer = await t.login('field-engg@demo.test');
    const response = await engineer.get('/api/Users/Others?offset=-1&limit=-1');
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows).toHaveLength(14);
    expect(rows.some((r: { email: string }) => r.email === 'sales-person@demo.test')).toBe(false);
    expect(rows.find((r: { email: string }) => r.email === 'field-junior@demo.test')).toEqual({
      id: expect.any(Number),
      name: 'Jacob Thomas',
      email: 'field-junior@demo.test',
      type: 0,
      roleId: t.demo.roleIds['FIELD-JUNIOR'],
      designation: 'FIELD-JUNIOR',
      role: 'FIELD-JUNIOR',
      companyId: t.demo.id,
      officeId: t.demo.offices[0].id,
      secondaryOfficeIds: String(t.demo.offices[1].id),
      divisionIds: `${t.demo.divisions[0].id},${t.demo.divisions[1].id}`,
      siteIds: '',
    });
    const own = (await clientAdmin.get('/api/Users/Others')).json();
    expect(own).toHaveLength(4);
    await t.app.db.update(users).set({ status: 1 }).where(eq(users.email, 'sales-person@demo.test'));
    const siteUser = await t.login('site-user@demo.test');
    expect((await siteUser.get('/api/Users/Others')).statusCode).toBe(403);
  });
});

describe('POST /api/Users (create and update)', () => {
  it('creates an LO user without a password, mails them to use Reset Password, and answers the row', async () => {
    const body = loUser();
    const response = await loAdmin.post('/api/Users', body);
    expect(response.statusCode).toBe(200);
    const row = response.json();
    expect(row).toMatchObject({
      name: body.name,
      email: body.email,
      type: 0,
      designation: 'FIELD-ENGG',
      officeId: t.demo.offices[0].id,
      location: 'Dubai Office, Abu Dhabi Office',
      division: 'LIFTING, PRESSURE',
      status: 1,
      can: { edit: true },
    });
    const [stored] = await t.app.db.select().from(users).where(eq(users.id, row.id));
    expect(stored.passwordHash).toBeNull();
    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email)).orderBy(desc(mailOutbox.id));
    expect(mail.textBody).toMatch(/Reset Password/);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/weblogin', payload: { email: body.email, password: 'demo1234' } });
    expect(signIn.statusCode).toBe(401);
  });

  it('creates a client user on sites of its company, taking comma lists as strings or arrays', async () => {
    const client = t.demo.clients[1];
    const response = await loAdmin.post('/api/Users', clientUser({ companyId: client.id, siteIds: [client.siteIds[1]] }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 1, companyId: client.id, company: client.name, siteIds: String(client.siteIds[1]) });
  });

  it('updates a user, keeping fields the body leaves out, and drops the primary from other offices', async () => {
    const created = (await loAdmin.post('/api/Users', loUser({ description: 'Lifting lead' }))).json();
    const response = await loAdmin.post('/api/Users', {
      ...loUser({ id: created.id, email: created.email, name: 'Renamed Person' }),
      phone: null,
      description: undefined,
      officeId: t.demo.offices[1].id,
      secondaryOfficeIds: [t.demo.offices[0].id, t.demo.offices[1].id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'Renamed Person',
      phone: null,
      description: 'Lifting lead',
      officeId: t.demo.offices[1].id,
      secondaryOfficeIds: String(t.demo.offices[0].id),
      location: 'Abu Dhabi Office, Dubai Office',
    });
  });

  it('answers 400 with field messages for missing fields, wrong types and malformed JSON', async () => {
    const missing = await loAdmin.post('/api/Users', { type: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ name: 'Name is required', email: 'Email is required', roleId: 'Role is required' });
    const types = await loAdmin.post('/api/Users', loUser({ name: 42, roleId: 'abc', secondaryOfficeIds: 'x,y' }));
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json().fields)).toEqual(expect.arrayContaining(['name', 'roleId', 'secondaryOfficeIds']));
    const email = await loAdmin.post('/api/Users', loUser({ email: 'not-an-address' }));
    expect(email.json().fields.email).toBe('Email is not a valid address');
    const malformed = await loAdmin.request({
      method: 'POST',
      url: '/api/Users',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await loAdmin.post('/api/Users', [1, 2])).statusCode).toBe(400);
  });

  it('keeps the lists and references an update leaves out, and clears them when sent empty', async () => {
    const created = (await loAdmin.post('/api/Users', loUser())).json() as UserRow;
    const { secondaryOfficeIds, divisionIds, ...rest } = loUser({ id: created.id, email: created.email, name: 'Kept Lists' });
    const { officeId: _office, ...withoutOffice } = rest;
    const kept = await loAdmin.post('/api/Users', withoutOffice);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      name: 'Kept Lists',
      officeId: created.officeId,
      secondaryOfficeIds: created.secondaryOfficeIds,
      divisionIds: created.divisionIds,
    });
    expect(secondaryOfficeIds && divisionIds).toBeTruthy();
    const cleared = await loAdmin.post('/api/Users', { ...rest, secondaryOfficeIds: null, divisionIds: '' });
    expect(cleared.json()).toMatchObject({ secondaryOfficeIds: '', divisionIds: '' });
  });

  it('refuses hostile values with 400 and writes nothing: huge ids, NUL characters, wrong user types, another LO company', async () => {
    const before = await t.app.db.select({ id: users.id }).from(users);
    const cases: [string, Record<string, unknown>][] = [
      ['huge id in a comma list', loUser({ divisionIds: '99999999999' })],
      ['huge id in an array', loUser({ secondaryOfficeIds: [99999999999] })],
      ['NUL in the name', loUser({ name: 'a\u0000b' })],
      ['NUL in the phone', loUser({ phone: '1\u00002' })],
      ['type null', loUser({ type: null })],
      ['type empty', loUser({ type: '' })],
      ['type true', loUser({ type: true })],
      ['type list', loUser({ type: [] })],
      ['LO company of another namespace', loUser({ companyId: t.acme.id })],
    ];
    for (const [what, body] of cases) {
      const response = await loAdmin.post('/api/Users', body);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error, what).toMatch(/\S/);
    }
    expect(await t.app.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    const requester = await loAdmin.post('/api/Users?isJob=true', {
      name: 'Big Site',
      email: 'big.site@demo.test',
      companyId: t.demo.clients[0].id,
      siteIds: [3_000_000_000],
    });
    expect(requester.statusCode).toBe(400);
    const count = await loAdmin.get('/api/Users/count', filterHeader({ name: 'a\u0000b' }));
    expect(count.statusCode).toBe(400);
    expect(count.json().error).toBe('Text may not contain NUL characters');
    const top = await loAdmin.post('/api/Users', { ...loUser(), unknownField: 1, extra: [1] });
    expect(top.statusCode).toBe(200); // unknown body fields are dropped (docs/decisions/users-and-clients.md)
    const notAnObject = await loAdmin.post('/api/Users', [1, 2]);
    expect(notAnObject.json().error).not.toMatch(/^:/);
  });

  it('needs a primary office for LO users, sites of the chosen company for client users, and records of this namespace', async () => {
    const noOffice = await loAdmin.post('/api/Users', loUser({ officeId: null }));
    expect(noOffice.statusCode).toBe(400);
    expect(noOffice.json().fields.officeId).toBe('Primary Office is required');
    const acmeOffice = await loAdmin.post(
      '/api/Users',
      loUser({ officeId: t.acme.offices[0].id, divisionIds: String(t.acme.divisions[0].id) }),
    );
    expect(acmeOffice.statusCode).toBe(400);
    expect(Object.keys(acmeOffice.json().fields).sort()).toEqual(['divisionIds', 'officeId']);
    const noSites = await loAdmin.post('/api/Users', clientUser({ siteIds: '' }));
    expect(noSites.json().fields.siteIds).toBe('Client Sites is required');
    const otherSites = await loAdmin.post('/api/Users', clientUser({ siteIds: t.demo.clients[1].siteIds.join(',') }));
    expect(otherSites.statusCode).toBe(400);
    expect(otherSites.json().fields).toHaveProperty('siteIds');
    const noCompany = await loAdmin.post('/api/Users', clientUser({ companyId: null }));
    expect(noCompany.json().fields.companyId).toBe('Company is required');
    const acmeCompany = await loAdmin.post(
      '/api/Users',
      clientUser({ companyId: t.acme.clients[0].id, siteIds: t.acme.clients[0].siteIds }),
    );
    expect(acmeCompany.statusCode).toBe(400);
    const wrongType = await loAdmin.post('/api/Users', loUser({ roleId: t.demo.roleIds['CLIENT-USER'] }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields.roleId).toMatch(/not a role for LO users/);
    const acmeRole = await loAdmin.post('/api/Users', loUser({ roleId: t.acme.roleIds['FIELD-ENGG'] }));
    expect(acmeRole.statusCode).toBe(400);
  });

  it('refuses a duplicate e-mail anywhere on the platform with 409', async () => {
    for (const email of ['Scheduler@Demo.test', 'scheduler@acme.test']) {
      const response = await loAdmin.post('/api/Users', loUser({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: USERS.duplicateEmail, fields: { email: USERS.duplicateEmail } });
    }
  });

  it('locks the user type, edits only active users, and answers 404 for unknown ids and other namespaces', async () => {
    const created = (await loAdmin.post('/api/Users', loUser())).json();
    const typeChange = await loAdmin.post('/api/Users', clientUser({ id: created.id, email: created.email }));
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().error).toBe(USERS.typeLocked);
    await t.app.db.update(users).set({ status: -3 }).where(eq(users.id, created.id));
    const inactive = await loAdmin.post('/api/Users', loUser({ id: created.id, email: created.email }));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe(USERS.notEditable);
    expect((await loAdmin.post('/api/Users', loUser({ id: 999999 }))).statusCode).toBe(404);
    const acmeId = t.acme.accounts['scheduler@acme.test'];
    expect((await loAdmin.post('/api/Users', loUser({ id: acmeId }))).statusCode).toBe(404);
  });

  it('gives only the roles the caller may assign (403 otherwise)', async () => {
    expect(assignableRoles('MASTER_ADMIN', 0)).toEqual(LO_ROLES);
    expect(assignableRoles('CONFIG_ADMIN', 0)).not.toContain('MASTER_ADMIN');
    expect(assignableRoles('LO-ADMIN', 0)).not.toContain('CONFIG_ADMIN');
    expect(assignableRoles('LO-ADMIN', 1)).toEqual(CLIENT_ROLES);
    expect(assignableRoles('SCHEDULER', 0)).toEqual(['FIELD-ENGG', 'FIELD-JUNIOR']);
    expect(assignableRoles('CLIENT-ADMIN', 0)).toEqual([]);
    expect(assignableRoles('APPROVER', 1)).toEqual([]);
    const scheduler = await t.login('scheduler@demo.test');
    const cases: [Client, string, number][] = [
      [scheduler, 'LO-ADMIN', 403],
      [scheduler, 'FIELD-JUNIOR', 200],
      [loAdmin, 'CONFIG_ADMIN', 403],
      [await t.login('config_admin@demo.test'), 'MASTER_ADMIN', 403],
      [await t.login('master_admin@demo.test'), 'MASTER_ADMIN', 200],
    ];
    for (const [client, role, status] of cases) {
      const response = await client.post('/api/Users', loUser({ roleId: t.demo.roleIds[role as 'LO-ADMIN'] }));
      expect(response.statusCode, role).toBe(status);
    }
    const clientAdminRole = await scheduler.post('/api/Users', clientUser({ roleId: t.demo.roleIds['CLIENT-ADMIN'] }));
    expect(clientAdminRole.statusCode).toBe(403);
    expect(clientAdminRole.json().error).toBe(USERS.roleNotAssignable);
    // Nor may a scheduler edit a user whose role it could not give.
    const loAdminId = t.demo.accounts['lo-admin@demo.test'];
    const edit = await scheduler.post('/api/Users', loUser({ id: loAdminId, email: 'lo-admin@demo.test' }));
    expect(edit.statusCode).toBe(403);
  });

  it('keeps a client administrator to client users of its own company, without description or external id', async () => {
    const own = await clientAdmin.post('/api/Users', clientUser({ roleId: t.demo.roleIds['SITE-USER'] }));
    expect(own.statusCode).toBe(200);
    const lo = await clientAdmin.post('/api/Users', loUser());
    expect(lo.statusCode).toBe(403);
    expect(lo.json().error).toBe(USERS.clientAdminNoLoUsers);
    const other = t.demo.clients[1];
    const otherCompany = await clientAdmin.post('/api/Users', clientUser({ companyId: other.id, siteIds: other.siteIds }));
    expect(otherCompany.statusCode).toBe(403);
    const described = await clientAdmin.post('/api/Users', clientUser({ description: 'VIP' }));
    expect(described.statusCode).toBe(403);
    const row = own.json();
    const sameValues = await clientAdmin.post(
      '/api/Users',
      clientUser({ id: row.id, email: row.email, description: null, externalId: '' }),
    );
    expect(sameValues.statusCode).toBe(200);
    const external = await clientAdmin.post('/api/Users', clientUser({ id: row.id, email: row.email, externalId: 'HR-1' }));
    expect(external.statusCode).toBe(403);
    expect(external.json().error).toBe(USERS.clientAdminField('External Id'));
    // Description and External Id are not shown to it at all (shell document 6).
    await loAdmin.post('/api/Users', clientUser({ id: row.id, email: row.email, description: 'Internal note', externalId: 'HR-7' }));
    const seen = (await list(clientAdmin, { email: row.email }))[0];
    expect(seen).toMatchObject({ description: null, externalId: null });
    expect((await list(loAdmin, { email: row.email }))[0]).toMatchObject({ description: 'Internal note', externalId: 'HR-7' });
    // Users of other companies are not there for it at all.
    const otherUser = (await loAdmin.post('/api/Users', clientUser({ companyId: other.id, siteIds: other.siteIds }))).json();
    const edit = await clientAdmin.post('/api/Users', clientUser({ id: otherUser.id, email: otherUser.email }));
    expect(edit.statusCode).toBe(404);
  });

  it('refuses a client user beyond the role licence of the company with 402 and the licence message', async () => {
    const client = t.demo.clients[2];
    const roleId = t.demo.roleIds['CLIENT-USER'];
    await t.app.db
      .update(roleLicences)
      .set({ licenceCount: 1 })
      .where(and(eq(roleLicences.roleId, roleId), eq(roleLicences.clientId, client.id)));
    const body = () => clientUser({ companyId: client.id, siteIds: client.siteIds });
    const first = await loAdmin.post('/api/Users', body());
    expect(first.statusCode).toBe(200);
    const second = await loAdmin.post('/api/Users', body());
    expect(second.statusCode).toBe(402);
    expect(second.json().error).toBe(USERS.licenceUsedUp('CLIENT-USER', client.name));
    // Saving the seat holder again is fine: it does not take a second seat.
    const again = await loAdmin.post('/api/Users', { ...body(), id: first.json().id, email: first.json().email });
    expect(again.statusCode).toBe(200);
    // A suspended user frees the seat; activating it again needs one.
    expect((await loAdmin.delete(`/api/Users/${first.json().id}/suspend`)).statusCode).toBe(200);
    const replacement = await loAdmin.post('/api/Users', body());
    expect(replacement.statusCode).toBe(200);
    const activate = await loAdmin.delete(`/api/Users/${first.json().id}/activate`);
    expect(activate.statusCode).toBe(402);
    expect(activate.json().error).toBe(USERS.licenceUsedUp('CLIENT-USER', client.name));
    // Moving another user into the role is a new seat too.
    const requester = (
      await loAdmin.post('/api/Users', clientUser({ companyId: client.id, siteIds: client.siteIds, roleId: t.demo.roleIds.REQUESTER }))
    ).json();
    const move = await loAdmin.post('/api/Users', { ...body(), id: requester.id, email: requester.email });
    expect(move.statusCode).toBe(402);
  });

  it('answers 401 without a session and 403 to roles without users.write', async () => {
    expect((await t.anonymous.post('/api/Users', loUser())).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => !rolesWith('users.write').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await client.post('/api/Users', loUser())).statusCode, role).toBe(403);
    }
  });
});

describe('POST /api/Users?isJob=true (inline requester)', () => {
  const requester = (overrides: Record<string, unknown> = {}) => {
    counter++;
    const client = t.demo.clients[0];
    return {
      name: `Requester ${counter}`,
      email: `requester.${counter}@demo.test`,
      phone: '+971 4 000 0000',
      companyId: client.id,
      siteIds: String(client.siteIds[0]),
      objectType: 'REQUESTER',
      type: 1,
      timeZone: 'Asia/Dubai',
      ...overrides,
    };
  };

  it('creates a client user with the REQUESTER role on the chosen site', async () => {
    const engineer = await t.login('field-engg@demo.test');
    const response = await engineer.post('/api/Users?isJob=true', requester());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      type: 1,
      designation: 'REQUESTER',
      companyId: t.demo.clients[0].id,
      siteIds: String(t.demo.clients[0].siteIds[0]),
    });
  });

  it('needs name, email and a site of that client', async () => {
    const engineer = await t.login('field-engg@demo.test');
    const missing = await engineer.post('/api/Users?isJob=true', requester({ name: '', email: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ name: 'Name is required', email: 'Email is required' });
    const otherSite = await engineer.post('/api/Users?isJob=true', requester({ siteIds: String(t.demo.clients[1].siteIds[0]) }));
    expect(otherSite.statusCode).toBe(400);
    const noSite = await engineer.post('/api/Users?isJob=true', requester({ siteIds: '' }));
    expect(noSite.statusCode).toBe(400);
    const duplicate = await engineer.post('/api/Users?isJob=true', requester({ email: 'requester@demo.test' }));
    expect(duplicate.statusCode).toBe(409);
  });

  it('is for roles with users.createRequester only', async () => {
    const approver = await t.login('approver@demo.test');
    expect((await approver.post('/api/Users?isJob=true', requester())).statusCode).toBe(403);
    const engineer = await t.login('field-engg@demo.test');
    expect((await engineer.post('/api/Users', requester())).statusCode).toBe(403);
    expect((await engineer.post('/api/Users?isJob=false', requester())).statusCode).toBe(403);
  });
});
