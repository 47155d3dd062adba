import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientRow, LOCATIONS, ROLES, rolesWith, type SiteRow } from '@portal/contracts';
import { clientCompanies, sites } from '../../db/schema';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';

let t: TestContext;
let scheduler: Client;
beforeAll(async () => {
  t = await createTestContext();
  scheduler = await t.login('scheduler@demo.test');
});
afterAll(async () => t.close());

const view = (client: Client, query: string, filter: Record<string, unknown> = {}) =>
  client.get(`/api/Location/view?${query}`, filterHeader(filter));
const clients = (client: Client, filter: Record<string, unknown> = {}, paging = 'offset=0&limit=50') =>
  view(client, `objectType=CLIENT_COMPANY&${paging}`, filter);

describe('GET /api/Location/view?objectType=CLIENT_COMPANY and /view/count', () => {
  it('lists the active clients of the namespace by name with address, offices and what the caller may do', async () => {
    const response = await clients(scheduler);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as ClientRow[];
    expect(rows.map((r) => r.name)).toEqual(t.demo.clients.map((c) => c.name).sort());
    const first = rows.find((r) => r.id === t.demo.clients[0].id) as ClientRow;
    expect(first).toMatchObject({
      objectType: 'CLIENT_COMPANY',
      hasLogo: true,
      status: 1,
      can: { edit: true, expand: true, logo: true, addLocation: true },
    });
    expect(first.address).toContain(String(first.street));
    expect(first.address).toContain(String(first.pin));
    expect(first.officeIds.split(',').every((id) => t.demo.offices.some((o) => String(o.id) === id))).toBe(true);
    expect(first.officeNames).toMatch(/Office/);
    expect((await view(scheduler, 'objectType=CLIENT_COMPANY').then((r) => r.json())).length).toBe(3);
    expect((await scheduler.get('/api/Location/view/count?objectType=CLIENT_COMPANY')).json()).toBe(3);
  });

  it('searches by name and by code on the server, case-insensitively, and pages', async () => {
    const target = (await clients(scheduler)).json()[1] as ClientRow;
    const byName = (await clients(scheduler, { name: target.name.slice(2, 9).toUpperCase() })).json() as ClientRow[];
    expect(byName.map((r) => r.id)).toContain(target.id);
    const byCode = (await clients(scheduler, { code: String(target.acronymCode).toLowerCase() })).json() as ClientRow[];
    expect(byCode.map((r) => r.id)).toEqual([target.id]);
    const byAcronym = await scheduler.get(
      '/api/Location/view/count?objectType=CLIENT_COMPANY',
      filterHeader({ acronym_code: target.acronymCode }),
    );
    expect(byAcronym.json()).toBe(1);
    expect((await clients(scheduler, { name: 'no such client' })).json()).toEqual([]);
    const page = (await clients(scheduler, {}, 'offset=1&limit=1')).json();
    expect(page.map((r: ClientRow) => r.id)).toEqual([target.id]);
    const all = (await clients(scheduler, {}, 'offset=-1&limit=-1')).json();
    expect(all).toHaveLength(3);
  });

  it('shows a client administrator only its own company, read-only; FIELD-ENGG neither edits nor expands', async () => {
    const own = (await clients(await t.login('client-admin@demo.test'))).json() as ClientRow[];
    expect(own.map((r) => r.id)).toEqual([t.demo.clients[0].id]);
    expect(own[0].can).toEqual({ edit: false, expand: true, logo: false, addLocation: false });
    const engineer = (await clients(await t.login('field-engg@demo.test'))).json() as ClientRow[];
    expect(engineer[0].can).toEqual({ edit: false, expand: false, logo: false, addLocation: false });
    const sales = (await clients(await t.login('sales-person@demo.test'))).json() as ClientRow[];
    expect(sales[0].can).toEqual({ edit: true, expand: true, logo: false, addLocation: true });
  });

  it('answers 400 for unknown filter keys and bad JSON, 401 without a session and 403 to roles without clients.read', async () => {
    const unknown = await clients(scheduler, { city: 'Dubai' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown filter field: city');
    expect((await scheduler.get('/api/Location/view?objectType=CLIENT_COMPANY', { filter: '%7B' })).statusCode).toBe(400);
    expect((await t.anonymous.get('/api/Location/view?objectType=CLIENT_COMPANY')).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => !rolesWith('clients.read').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await clients(client)).statusCode, role).toBe(403);
    }
    // A client's Locations list is behind the expand icon: clients.locations.
    for (const role of ROLES.filter((r) => !rolesWith('clients.locations').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await view(client, `objectType=SITE&companyId=${t.demo.clients[0].id}`)).statusCode, role).toBe(403);
    }
  });
});

describe("GET /api/Location/view?objectType=SITE (a client's locations)", () => {
  it('lists the sites of one client with the same filter and paging', async () => {
    const client = t.demo.clients[1];
    const response = await view(scheduler, `objectType=SITE&companyId=${client.id}&offset=0&limit=50`);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as SiteRow[];
    expect(rows.map((r) => r.id).sort()).toEqual([...client.siteIds].sort());
    expect(rows[0]).toMatchObject({
      objectType: 'SITE',
      companyId: client.id,
      companyName: client.name,
      parentId: null,
      can: { edit: true },
    });
    const count = await scheduler.get(
      `/api/Location/view/count?objectType=SITE&companyId=${client.id}`,
      filterHeader({ name: rows[0].name }),
    );
    expect(count.json()).toBeGreaterThanOrEqual(1);
    const acme = await view(scheduler, `objectType=SITE&companyId=${t.acme.clients[0].id}`);
    expect(acme.json()).toEqual([]);
  });
});

describe('GET /api/Location/Object (pickers) and GET /api/Location/{id}', () => {
  it('answers the active clients and sites the caller may use', async () => {
    const all = (await scheduler.get('/api/Location/Object?objectType=CLIENT_COMPANY')).json();
    expect(all.map((c: { id: number }) => c.id).sort()).toEqual(t.demo.clients.map((c) => c.id).sort());
    expect(all[0]).toMatchObject({ objectType: 'CLIENT_COMPANY', address: expect.any(String) });
    const clientUser = await t.login('client-user@demo.test');
    const own = (await clientUser.get('/api/Location/Object?objectType=CLIENT_COMPANY')).json();
    expect(own.map((c: { id: number }) => c.id)).toEqual([t.demo.clients[0].id]);
    const sitesOfClient = (await scheduler.get(`/api/Location/Object?objectType=SITE&companyId=${t.demo.clients[2].id}`)).json();
    expect(sitesOfClient.map((s: { id: number }) => s.id).sort()).toEqual([...t.demo.clients[2].siteIds].sort());
    const siteUser = await t.login('site-user@demo.test');
    const mine = (await siteUser.get('/api/Location/Object?objectType=SITE')).json();
    expect(mine.map((s: { id: number }) => s.id)).toEqual([t.demo.clients[0].siteIds[0]]);
  });

  it('reads one client or site in scope, and answers 404 outside it', async () => {
    const client = t.demo.clients[0];
    const one = await scheduler.get(`/api/Location/${client.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: client.id, objectType: 'CLIENT_COMPANY', name: client.name });
    const site = await scheduler.get(`/api/Location/${client.siteIds[1]}`);
    expect(site.json()).toMatchObject({ id: client.siteIds[1], objectType: 'SITE', companyId: client.id });
    expect((await scheduler.get(`/api/Location/${t.acme.clients[0].id}`)).statusCode).toBe(404);
    expect((await scheduler.get(`/api/Location/${t.acme.clients[0].siteIds[0]}`)).statusCode).toBe(404);
    const clientUser = await t.login('client-user@demo.test');
    expect((await clientUser.get(`/api/Location/${t.demo.clients[1].id}`)).statusCode).toBe(404);
    const siteUser = await t.login('site-user@demo.test');
    expect((await siteUser.get(`/api/Location/${client.siteIds[0]}`)).statusCode).toBe(200);
    expect((await siteUser.get(`/api/Location/${client.siteIds[1]}`)).statusCode).toBe(404);
  });
});

describe('POST /api/Location (edit a client, save a site)', () => {
  const clientBody = (overrides: Record<string, unknown> = {}) => ({
    objectType: 'CLIENT_COMPANY',
    id: t.demo.clients[1].id,
    name: 'Renamed Client LLC',
    street: 'Sheikh Zayed Road 1',
    city: 'Dubai',
    pin: '12345',
    officeIds: String(t.demo.offices[1].id),
    timeZone: 'Asia/Dubai',
    tenantId: 2,
    ...overrides,
  });

  it('edits a client: fields, offices and time zone', async () => {
    const response = await scheduler.post('/api/Location', clientBody());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: t.demo.clients[1].id,
      name: 'Renamed Client LLC',
      pin: 12345,
      officeIds: String(t.demo.offices[1].id),
      officeNames: 'Abu Dhabi Office',
      timeZone: 'Asia/Dubai',
    });
    t.demo.clients[1].name = 'Renamed Client LLC';
  });

  it('needs name, street and an office; pin is a whole number of at least 1', async () => {
    const missing = await scheduler.post('/api/Location', clientBody({ name: ' ', street: undefined, officeIds: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      name: 'Client Name is required',
      street: 'Street is required',
      officeIds: 'LO Office is required',
    });
    for (const pin of [0, 'abc', 1.5]) {
      const response = await scheduler.post('/api/Location', clientBody({ pin }));
      expect(response.statusCode, String(pin)).toBe(400);
      expect(response.json().fields).toHaveProperty('pin');
    }
    const acmeOffice = await scheduler.post('/api/Location', clientBody({ officeIds: [t.acme.offices[0].id] }));
    expect(acmeOffice.statusCode).toBe(400);
    const noId = await scheduler.post('/api/Location', clientBody({ id: undefined }));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error).toBe(LOCATIONS.addThroughAddClient);
  });

  it("refuses a duplicate active client name (409) and other namespaces' or unknown ids (404)", async () => {
    const duplicate = await scheduler.post('/api/Location', clientBody({ name: t.demo.clients[2].name.toUpperCase() }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(LOCATIONS.duplicateClientName);
    expect((await scheduler.post('/api/Location', clientBody({ id: t.acme.clients[0].id }))).statusCode).toBe(404);
    expect((await scheduler.post('/api/Location', clientBody({ id: 999999 }))).statusCode).toBe(404);
    const [acme] = await t.app.db
      .select({ name: clientCompanies.name })
      .from(clientCompanies)
      .where(eq(clientCompanies.id, t.acme.clients[0].id));
    expect(acme.name).toBe(t.acme.clients[0].name);
  });

  it('creates and edits sites, refusing a duplicate top-level name within the client', async () => {
    const client = t.demo.clients[2];
    const site = {
      objectType: 'SITE',
      name: 'North Yard',
      street: 'Jebel Ali',
      companyId: client.id,
      parentId: client.id,
      pin: 0,
      timeZone: 'Asia/Dubai',
      status: 0,
    };
    const created = await scheduler.post('/api/Location', site);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      objectType: 'SITE',
      name: 'North Yard',
      companyId: client.id,
      parentId: null,
      status: 1,
      locationLevel: 0,
    });
    const duplicate = await scheduler.post('/api/Location', { ...site, name: 'north yard ' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(LOCATIONS.duplicateSiteName);
    // The same name under another client is fine.
    const other = await scheduler.post('/api/Location', { ...site, companyId: t.demo.clients[0].id, parentId: undefined });
    expect(other.statusCode).toBe(200);
    const edited = await scheduler.post('/api/Location', { ...site, id: created.json().id, name: 'North Yard 2', city: 'Dubai' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.json().id, name: 'North Yard 2', city: 'Dubai' });
    const [stored] = await t.app.db.select().from(sites).where(eq(sites.id, created.json().id));
    expect(stored.timeZone).toBe('Asia/Dubai');
  });

  it('refuses to place a site under one of its own sub-sites (the tree would loop)', async () => {
    const client = t.demo.clients[2];
    const base = { objectType: 'SITE', street: 'Port Road', companyId: client.id, timeZone: 'Asia/Dubai' };
    const top = (await scheduler.post('/api/Location', { ...base, name: 'Loop Top' })).json();
    const child = (await scheduler.post('/api/Location', { ...base, name: 'Loop Child', parentId: top.id })).json();
    const grandchild = (await scheduler.post('/api/Location', { ...base, name: 'Loop Grandchild', parentId: child.id })).json();
    expect(grandchild.parentId).toBe(child.id);
    for (const under of [child.id, grandchild.id, top.id]) {
      const loop = await scheduler.post('/api/Location', { ...base, id: top.id, name: 'Loop Top', parentId: under });
      expect(loop.statusCode, String(under)).toBe(400);
      expect(loop.json().fields).toHaveProperty('parentId');
    }
    const [stored] = await t.app.db.select({ parentId: sites.parentId }).from(sites).where(eq(sites.id, top.id));
    expect(stored.parentId).toBeNull();
  });

  it('needs a site name and a client of this namespace', async () => {
    const missing = await scheduler.post('/api/Location', { objectType: 'SITE', companyId: t.demo.clients[0].id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.name).toBe('Site Name is required');
    const acme = await scheduler.post('/api/Location', { objectType: 'SITE', name: 'X', companyId: t.acme.clients[0].id });
    expect(acme.statusCode).toBe(400);
    expect(acme.json().fields).toHaveProperty('companyId');
    const unknown = await scheduler.post('/api/Location', { objectType: 'SITE', id: 999999, name: 'X', companyId: t.demo.clients[0].id });
    expect(unknown.statusCode).toBe(404);
    const acmeSite = await scheduler.post('/api/Location', {
      objectType: 'SITE',
      id: t.acme.clients[0].siteIds[0],
      name: 'X',
      companyId: t.demo.clients[0].id,
    });
    expect(acmeSite.statusCode).toBe(404);
  });

  it('is for roles with clients.update only (401 without a session)', async () => {
    expect((await t.anonymous.post('/api/Location', clientBody())).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => !rolesWith('clients.update').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await client.post('/api/Location', clientBody())).statusCode, role).toBe(403);
      const site = { objectType: 'SITE', name: 'Forbidden Yard', companyId: t.demo.clients[0].id };
      expect((await client.post('/api/Location', site)).statusCode, role).toBe(403);
    }
  });
});
