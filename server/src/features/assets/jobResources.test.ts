import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS, type JobClientOption, type JobSiteOption, type JobUserOption, LOCATIONS, rolesWith } from '@portal/contracts';
import { sites, userDivisions, users } from '../../db/schema';
import { scopeOf } from '../../lib/scope';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { loUserIds, qualifyingInspectorIds, siteUserIds, topLevelSiteOf } from './jobResources.service';

let t: TestContext;
let scheduler: Client;
let loAdmin: Client;
let admin: Client;
beforeAll(async () => {
  t = await createTestContext();
  [scheduler, loAdmin, admin] = await Promise.all(
    ['scheduler@demo.test', 'lo-admin@demo.test', 'demo@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

let counter = 0;
/** Creates an LO user (as LO-ADMIN) and answers its id. */
async function loUser(role: string, fields: { officeId: number; secondaryOfficeIds?: number[]; divisionIds: number[] }) {
  counter++;
  const response = await loAdmin.post('/api/Users', {
    name: `Picker Person ${counter}`,
    email: `picker.person.${counter}@demo.test`,
    type: 0,
    roleId: t.demo.roleIds[role as 'FIELD-ENGG'],
    companyId: t.demo.id,
    officeId: fields.officeId,
    secondaryOfficeIds: (fields.secondaryOfficeIds ?? []).join(','),
    divisionIds: fields.divisionIds.join(','),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

const jobSite = (overrides: Record<string, unknown> = {}) => {
  counter++;
  return {
    objectType: 'SITE',
    name: `Jebel Ali Yard ${counter}`,
    companyId: t.demo.clients[0].id,
    parentId: t.demo.clients[0].id,
    street: 'Street 14, Jebel Ali Free Zone',
    city: 'Dubai',
    state: 'Dubai',
    country: 'United Arab Emirates',
    pin: 17000,
    phone: '+971 4 881 0000',
    locationLevel: 0,
    type: 1,
    status: 0,
    timeZone: 'Asia/Dubai',
    ...overrides,
  };
};

describe('GET /api/Location/Client?locationLevel=0', () => {
  it('answers the active clients by name, each with its address and active top-level sites', async () => {
    const response = await scheduler.get('/api/Location/Client?locationLevel=0');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json() as JobClientOption[];
    expect(rows.map((r) => r.name)).toEqual(t.demo.clients.map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const client of t.demo.clients) {
      const row = rows.find((r) => r.id === client.id) as JobClientOption;
      expect(row.sites.map((s) => s.id).sort()).toEqual([...client.siteIds].sort());
      expect(row.address).toContain(String(row.street));
      expect(row.sites[0]).toMatchObject({ objectType: 'SITE', companyId: client.id, parentId: null, locationLevel: 0 });
      expect(row.sites[0].address).toContain(String(row.sites[0].street));
    }
  });

  it('leaves out sub-locations and archived sites, and narrows to one client', async () => {
    const client = t.demo.clients[1];
    const sub = await scheduler.post('/api/Location', {
      objectType: 'SITE',
      name: 'Bay 3',
      companyId: client.id,
      parentId: client.siteIds[0],
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const [archived] = await t.app.db
      .insert(sites)
      .values({ namespaceId: t.demo.id, companyId: client.id, name: 'Old Yard (closed)', status: 0 })
      .returning({ id: sites.id });
    const rows = (await scheduler.get(`/api/Location/Client?locationLevel=0&companyId=${client.id}`)).json() as JobClientOption[];
    expect(rows.map((r) => r.id)).toEqual([client.id]);
    const ids = rows[0].sites.map((s) => s.id);
    expect(ids).not.toContain(sub.json().id);
    expect(ids).not.toContain(archived.id);
  });

  it('limits client roles to their company and SITE-USER to its sites', async () => {
    const first = t.demo.clients[0];
    const clientAdmin = (await (await t.login('client-admin@demo.test')).get('/api/Location/Client')).json() as JobClientOption[];
    expect(clientAdmin.map((r) => r.id)).toEqual([first.id]);
    expect(clientAdmin[0].sites.map((s) => s.id).sort()).toEqual([...first.siteIds].sort());
    const siteUser = (await (await t.login('site-user@demo.test')).get('/api/Location/Client?locationLevel=0')).json() as JobClientOption[];
    expect(siteUser.map((r) => r.id)).toEqual([first.id]);
    expect(siteUser[0].sites.map((s) => s.id)).toEqual([first.siteIds[0]]);
    expect((await (await t.login('client-admin@demo.test')).get(`/api/Location/Client?companyId=${t.demo.clients[1].id}`)).statusCode).toBe(
      404,
    );
  });

  it('searches client names, any case', async () => {
    const target = t.demo.clients[2];
    const part = target.name.slice(1, 7).toUpperCase();
    const rows = (await scheduler.get(`/api/Location/Client?locationLevel=0&name=${encodeURIComponent(part)}`)).json() as JobClientOption[];
    expect(rows.map((r) => r.id)).toContain(target.id);
    expect(rows.every((r) => r.name.toUpperCase().includes(part))).toBe(true);
    expect((await scheduler.get('/api/Location/Client?name=%25%25no%20such')).json()).toEqual([]);
  });

  it('refuses levels other than 0 and unknown query keys', async () => {
    expect((await scheduler.get('/api/Location/Client?locationLevel=1')).statusCode).toBe(400);
    expect((await scheduler.get('/api/Location/Client?locationLevel=top')).statusCode).toBe(400);
    expect((await scheduler.get('/api/Location/Client?siteId=1')).statusCode).toBe(400);
  });
});

describe('POST /api/Location/Job (Add New Site)', () => {
  it('creates an active top-level site of the client with its address, offered at once in the client picker', async () => {
    const body = jobSite();
    const response = await scheduler.post('/api/Location/Job', body);
    expect(response.statusCode, response.body).toBe(200);
    const site = response.json() as JobSiteOption;
    expect(site).toMatchObject({
      objectType: 'SITE',
      name: body.name,
      companyId: body.companyId,
      parentId: null,
      locationLevel: 0,
      street: body.street,
      city: 'Dubai',
      pin: 17000,
      phone: body.phone,
      timeZone: 'Asia/Dubai',
    });
    const [stored] = await t.app.db.select().from(sites).where(eq(sites.id, site.id));
    expect(stored).toMatchObject({ status: 1, type: 1, namespaceId: t.demo.id });
    const picker = (await scheduler.get(`/api/Location/Client?locationLevel=0&companyId=${body.companyId}`)).json() as JobClientOption[];
    expect(picker[0].sites.map((s) => s.id)).toContain(site.id);
  });

  it('copies the client address on request, whatever address was sent', async () => {
    const client = (await scheduler.get(`/api/Location/${t.demo.clients[0].id}`)).json();
    const response = await scheduler.post('/api/Location/Job', jobSite({ copyClientAddress: true, street: undefined, city: 'Ignored' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      street: client.street,
      city: client.city,
      state: client.state,
      country: client.country,
      pin: client.pin,
      phone: client.phone,
    });
  });

  it('refuses the name of an active top-level site of the client (any case): 409 with the server text', async () => {
    const client = t.demo.clients[0];
    const existing = (await scheduler.get(`/api/Location/${client.siteIds[0]}`)).json();
    const response = await scheduler.post('/api/Location/Job', jobSite({ name: `  ${existing.name.toUpperCase()} ` }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(LOCATIONS.duplicateSiteName);
    // A sub-location's name, or another client's site name, is free.
    const sub = await scheduler.post('/api/Location', {
      objectType: 'SITE',
      name: 'Gate 7 Store',
      companyId: client.id,
      parentId: client.siteIds[0],
    });
    expect(sub.statusCode).toBe(200);
    expect((await scheduler.post('/api/Location/Job', jobSite({ name: 'Gate 7 Store' }))).statusCode).toBe(200);
    const other = t.demo.clients[1];
    const otherName = (await scheduler.get(`/api/Location/${other.siteIds[0]}`)).json().name;
    expect((await scheduler.post('/api/Location/Job', jobSite({ name: otherName }))).statusCode).toBe(200);
  });

  it('gives one of several simultaneous saves of a name the site and the others 409', async () => {
    const body = jobSite();
    const answers = await Promise.all(Array.from({ length: 4 }, () => scheduler.post('/api/Location/Job', body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it('needs a name and a street (unless copied); pin numeric from 0; the client of this namespace', async () => {
    const blank = await scheduler.post('/api/Location/Job', jobSite({ name: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.name).toBe('Site Name is required');
    const noStreet = await scheduler.post('/api/Location/Job', jobSite({ street: '' }));
    expect(noStreet.statusCode).toBe(400);
    expect(noStreet.json().fields.street).toBe(ASSETS.siteStreetRequired);
    expect((await scheduler.post('/api/Location/Job', jobSite({ pin: -1 }))).statusCode).toBe(400);
    expect((await scheduler.post('/api/Location/Job', jobSite({ pin: 'abc' }))).statusCode).toBe(400);
    expect((await scheduler.post('/api/Location/Job', jobSite({ pin: '0' }))).statusCode).toBe(200);
    expect((await scheduler.post('/api/Location/Job', jobSite({ companyId: t.acme.clients[0].id }))).statusCode).toBe(404);
    expect((await scheduler.post('/api/Location/Job', jobSite({ companyId: undefined }))).statusCode).toBe(400);
    expect((await scheduler.post('/api/Location/Job', jobSite({ copyClientAddress: 'yes' }))).statusCode).toBe(400);
  });

  it('is for the roles that may add jobs', async () => {
    for (const role of ['FIELD-JUNIOR', 'APPROVER', 'CLIENT-ADMIN', 'CORPORATE'] as const) {
      expect(rolesWith('jobs.create')).not.toContain(role);
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await client.post('/api/Location/Job', jobSite())).statusCode, role).toBe(403);
    }
    const engineer = await t.login('field-engg@demo.test');
    expect((await engineer.post('/api/Location/Job', jobSite())).statusCode).toBe(200);
  });
});

describe('GET /api/Users/Inspectors?officeId=', () => {
  it('offers active FIELD-ENGG and FIELD-JUNIOR users of the office who share a division with the caller', async () => {
    const [dubai, abuDhabi] = t.demo.offices;
    const [lifting, second, third] = t.demo.divisions;
    const sameDivision = await loUser('FIELD-ENGG', { officeId: abuDhabi.id, secondaryOfficeIds: [dubai.id], divisionIds: [second.id] });
    const otherDivision = await loUser('FIELD-ENGG', { officeId: dubai.id, divisionIds: [third.id] });
    const otherOffice = await loUser('FIELD-JUNIOR', { officeId: abuDhabi.id, divisionIds: [lifting.id] });
    const notInspector = await loUser('APPROVER', { officeId: dubai.id, divisionIds: [lifting.id] });
    const suspended = await loUser('FIELD-ENGG', { officeId: dubai.id, divisionIds: [lifting.id] });
    expect((await loAdmin.delete(`/api/Users/${suspended}/suspend`)).statusCode).toBe(200);

    const response = await scheduler.get(`/api/Users/Inspectors?officeId=${dubai.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json() as JobUserOption[];
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(t.demo.accounts['field-engg@demo.test']);
    expect(ids).toContain(t.demo.accounts['field-junior@demo.test']);
    expect(ids).toContain(sameDivision);
    for (const id of [otherDivision, otherOffice, notInspector, suspended]) expect(ids).not.toContain(id);
    expect(rows.every((r) => r.type === 0 && ['FIELD-ENGG', 'FIELD-JUNIOR'].includes(r.role))).toBe(true);
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(rows.find((r) => r.id === sameDivision)).toMatchObject({
      officeId: abuDhabi.id,
      secondaryOfficeIds: String(dubai.id),
      divisionIds: String(second.id),
      designation: 'FIELD-ENGG',
    });

    // The other office: its own people, not Dubai's only engineers.
    const abu = ((await scheduler.get(`/api/Users/Inspectors?officeId=${abuDhabi.id}`)).json() as JobUserOption[]).map((r) => r.id);
    expect(abu).toContain(otherOffice);
    expect(abu).toContain(sameDivision);
    // The namespace administrator holds every division: the third division's engineer qualifies for it.
    const all = ((await admin.get(`/api/Users/Inspectors?officeId=${dubai.id}`)).json() as JobUserOption[]).map((r) => r.id);
    expect(all).toContain(otherDivision);

    // An existing job keeps showing its inspectors (active LO users of the namespace) even when they no longer qualify.
    const kept = await scheduler.get(
      `/api/Users/Inspectors?officeId=${dubai.id}&include=${otherDivision},${suspended},${notInspector},${t.acme.accounts['field-engg@acme.test']}`,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const keptIds = (kept.json() as JobUserOption[]).map((r) => r.id);
    expect(keptIds).toEqual(expect.arrayContaining([otherDivision, notInspector, t.demo.accounts['field-engg@demo.test']]));
    expect(keptIds).not.toContain(suspended);
    expect(keptIds).not.toContain(t.acme.accounts['field-engg@acme.test']);
    expect((await scheduler.get(`/api/Users/Inspectors?officeId=${dubai.id}&include=1,x`)).statusCode).toBe(400);

    // The same rule for the job save (jobs-core).
    const user = { id: t.demo.accounts['scheduler@demo.test'] };
    const scope = { namespaceId: t.demo.id, userId: user.id, role: 'SCHEDULER' as const, companyId: null, siteIds: null };
    const ok = await qualifyingInspectorIds(t.app.db, scope, user.id, dubai.id, [
      sameDivision,
      otherDivision,
      otherOffice,
      suspended,
      999_999,
    ]);
    expect([...ok]).toEqual([sameDivision]);
  });

  it('does not limit a caller without divisions by division', async () => {
    const dubai = t.demo.offices[0];
    const thirdDivision = await loUser('FIELD-ENGG', { officeId: dubai.id, divisionIds: [t.demo.divisions[2].id] });
    const master = await t.login('master_admin@demo.test');
    const masterId = t.demo.accounts['master_admin@demo.test'];
    const before = ((await master.get(`/api/Users/Inspectors?officeId=${dubai.id}`)).json() as JobUserOption[]).map((r) => r.id);
    expect(before).not.toContain(thirdDivision);
    await t.app.db.delete(userDivisions).where(eq(userDivisions.userId, masterId));
    const after = ((await master.get(`/api/Users/Inspectors?officeId=${dubai.id}`)).json() as JobUserOption[]).map((r) => r.id);
    expect(after).toContain(thirdDivision);
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it('answers 404 for another namespace office and 400 without one', async () => {
    expect((await scheduler.get(`/api/Users/Inspectors?officeId=${t.acme.offices[0].id}`)).statusCode).toBe(404);
    expect((await scheduler.get('/api/Users/Inspectors')).statusCode).toBe(400);
    expect((await scheduler.get('/api/Users/Inspectors?officeId=1,2')).statusCode).toBe(400);
  });
});

describe('GET /api/Users/SalesPersons', () => {
  it('offers the active LO users of the namespace', async () => {
    const response = await scheduler.get('/api/Users/SalesPersons');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as JobUserOption[];
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(t.demo.accounts['sales-person@demo.test']);
    expect(ids).toContain(t.demo.accounts['scheduler@demo.test']);
    expect(ids).not.toContain(t.demo.accounts['client-user@demo.test']);
    expect(rows.every((r) => r.type === 0)).toBe(true);
    expect(ids).not.toContain(t.acme.accounts['sales-person@acme.test']);
    const scope = scopeOf({ ...(await userOfAccount('scheduler@demo.test')) });
    const known = await loUserIds(t.app.db, scope, [t.demo.accounts['sales-person@demo.test'], t.demo.accounts['client-user@demo.test']]);
    expect([...known]).toEqual([t.demo.accounts['sales-person@demo.test']]);
  });
});

async function userOfAccount(email: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.email, email));
  return {
    id: row.id,
    namespaceId: row.namespaceId,
    namespace: 'demo',
    email: row.email,
    name: row.name,
    role: 'SCHEDULER' as const,
    roleName: 'SCHEDULER',
    roleId: row.roleId,
    type: row.type,
    companyId: row.companyId,
    officeId: row.officeId,
    siteIds: [],
  };
}

describe('GET /api/Users/Site?siteId=', () => {
  it('offers the active client users of the site, and with role=REQUESTER its requesters (a new one at once)', async () => {
    const client = t.demo.clients[0];
    const siteId = client.siteIds[0];
    const all = (await scheduler.get(`/api/Users/Site?siteId=${siteId}`)).json() as JobUserOption[];
    const ids = all.map((r) => r.id);
    for (const email of ['client-user@demo.test', 'site-user@demo.test', 'requester@demo.test', 'client-admin@demo.test']) {
      expect(ids, email).toContain(t.demo.accounts[email]);
    }
    expect(all.every((r) => r.type === 1 && r.siteIds.split(',').includes(String(siteId)))).toBe(true);
    const created = await scheduler.post('/api/Users?isJob=true', {
      name: 'Omar Haddad',
      email: 'omar.haddad.requester@demo.test',
      companyId: client.id,
      siteIds: String(siteId),
      objectType: 'REQUESTER',
      type: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const requesters = (await scheduler.get(`/api/Users/Site?siteId=${siteId}&role=REQUESTER`)).json() as JobUserOption[];
    expect(requesters.map((r) => r.id)).toContain(created.json().id);
    expect(requesters.map((r) => r.id)).toContain(t.demo.accounts['requester@demo.test']);
    expect(requesters.every((r) => r.role === 'REQUESTER')).toBe(true);
    // The second site: not the site user's.
    const other = ((await scheduler.get(`/api/Users/Site?siteId=${client.siteIds[1]}`)).json() as JobUserOption[]).map((r) => r.id);
    expect(other).not.toContain(t.demo.accounts['site-user@demo.test']);
    const scope = scopeOf(await userOfAccount('scheduler@demo.test'));
    const onSite = await siteUserIds(t.app.db, scope, siteId, [created.json().id, t.demo.accounts['client-user@demo.test']], 'REQUESTER');
    expect([...onSite]).toEqual([created.json().id]);
    expect(await topLevelSiteOf(t.app.db, scope, client.id, siteId)).toMatchObject({ id: siteId });
    expect(await topLevelSiteOf(t.app.db, scope, t.demo.clients[1].id, siteId)).toBeNull();
  });

  it('answers 404 for a site of another namespace and 400 for other roles or keys', async () => {
    expect((await scheduler.get(`/api/Users/Site?siteId=${t.acme.clients[0].siteIds[0]}`)).statusCode).toBe(404);
    expect((await scheduler.get(`/api/Users/Site?siteId=${t.demo.clients[0].siteIds[0]}&role=SCHEDULER`)).statusCode).toBe(400);
    expect((await scheduler.get('/api/Users/Site')).statusCode).toBe(400);
  });
});

describe('POST /api/Users?isJob=true (Add New Requester)', () => {
  const requester = (overrides: Record<string, unknown> = {}) => {
    counter++;
    const client = t.demo.clients[0];
    return {
      name: `Layla Requester ${counter}`,
      email: `layla.requester.${counter}@demo.test`,
      phone: '+971 50 111 2233',
      objectType: 'REQUESTER',
      companyId: client.id,
      siteIds: String(client.siteIds[1]),
      type: 1,
      timeZone: 'Asia/Dubai',
      ...overrides,
    };
  };

  it('creates an active requester of the site, offered at once among the site users', async () => {
    const response = await scheduler.post('/api/Users?isJob=true', requester());
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json();
    expect(row).toMatchObject({ type: 1, role: 'REQUESTER', status: 1, siteIds: String(t.demo.clients[0].siteIds[1]) });
    const siteUsers = (
      await scheduler.get(`/api/Users/Site?siteId=${t.demo.clients[0].siteIds[1]}&role=REQUESTER`)
    ).json() as JobUserOption[];
    expect(siteUsers.map((u) => u.id)).toContain(row.id);
  });

  it('answers 404 for another namespace client and 400 for a site of another client', async () => {
    const acme = t.acme.clients[0];
    const foreign = await scheduler.post('/api/Users?isJob=true', requester({ companyId: acme.id, siteIds: String(acme.siteIds[0]) }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(ASSETS.clientNotFound);
    const otherSite = await scheduler.post('/api/Users?isJob=true', requester({ siteIds: String(t.demo.clients[1].siteIds[0]) }));
    expect(otherSite.statusCode).toBe(400);
    const bad = await scheduler.request({
      method: 'POST',
      url: '/api/Users?isJob=true',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('job panel pickers: permission', () => {
  it('jobs.create roles are all jobs.update roles, so the pickers are jobs.update', () => {
    for (const role of rolesWith('jobs.create')) expect(rolesWith('jobs.update')).toContain(role);
  });
});

describeAreaAccess('job resources', () => t, [
  {
    name: 'job clients',
    method: 'GET',
    url: (ns) => `/api/Location/Client?locationLevel=0&companyId=${ns.clients[0].id}`,
    permission: 'locations.read',
    malformed: [{ url: '/api/Location/Client?locationLevel=2' }, { url: '/api/Location/Client?companyId=abc' }],
  },
  {
    name: 'new job site',
    method: 'POST',
    url: () => '/api/Location/Job',
    body: (ns) => ({ name: `Access Kit Yard ${ns.name}`, street: 'Road 1', companyId: ns.clients[0].id }),
    permission: 'jobs.create',
    malformed: [{ rawBody: '{"name":' }, { body: { name: 'x', street: 'y', companyId: 'first' } }, { body: [] }],
  },
  {
    name: 'new requester',
    method: 'POST',
    url: () => '/api/Users?isJob=true',
    body: (ns) => ({
      name: 'Access Kit Requester',
      email: `access.kit.requester.${ns.name}@${ns.name}.test`,
      companyId: ns.clients[0].id,
      siteIds: String(ns.clients[0].siteIds[0]),
    }),
    permission: 'users.createRequester',
    malformed: [{ rawBody: '{' }, { body: { name: 'x', email: 'not an address', companyId: 1, siteIds: '1' } }],
  },
  {
    name: 'inspectors',
    method: 'GET',
    url: (ns) => `/api/Users/Inspectors?officeId=${ns.offices[0].id}`,
    permission: 'jobs.update',
    malformed: [{ url: '/api/Users/Inspectors?officeId=0' }, { url: '/api/Users/Inspectors?officeId=1&x=__proto__' }],
  },
  {
    name: 'sales persons',
    method: 'GET',
    url: () => '/api/Users/SalesPersons',
    permission: 'jobs.update',
    namesRecord: false,
    malformed: [{ url: '/api/Users/SalesPersons?constructor=1' }],
  },
  {
    name: 'site users',
    method: 'GET',
    url: (ns) => `/api/Users/Site?siteId=${ns.clients[0].siteIds[0]}`,
    permission: 'jobs.update',
    malformed: [{ url: '/api/Users/Site?siteId=x' }],
  },
]);
