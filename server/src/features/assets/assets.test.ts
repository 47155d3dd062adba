import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS, type AssetRow, DEFAULT_DISALLOWED_ASSET_CHARS } from '@portal/contracts';
import { assets, auditLog } from '../../db/schema';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let scheduler: Client;
let loAdmin: Client;
let clientAdmin: Client;
let siteUser: Client;
beforeAll(async () => {
  t = await createTestContext();
  [scheduler, loAdmin, clientAdmin, siteUser] = await Promise.all(
    ['scheduler@demo.test', 'lo-admin@demo.test', 'client-admin@demo.test', 'site-user@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

let counter = 0;
const crane = () => t.demo.assetTypeIds['Mobile Crane'];
/** A new asset body on the first site of the first client. */
function newAsset(overrides: Record<string, unknown> = {}) {
  counter++;
  const client = t.demo.clients[0];
  return {
    objectType: 'ASSET',
    assetTypeId: crane(),
    companyId: client.id,
    parentId: client.siteIds[0],
    name: `MC-${9000 + counter} Liebherr LTM 1090`,
    type: 1,
    status: 1,
    locationLevel: 1,
    timeZone: 'Asia/Dubai',
    ...overrides,
  };
}

async function save(client: Client, body: Record<string, unknown>) {
  return client.post('/api/Location', body);
}

const options = (client: Client, query: string) => client.get(`/api/Location/Asset?${query}`);

describe('demo assets', () => {
  it('every site of the fixture carries one asset of each machinery and PPE type, none of LLG or trainee types', async () => {
    const demo = t.demo.assets;
    expect(demo.length).toBeGreaterThan(10);
    const typeNames = new Set(demo.map((a) => a.assetType));
    expect(typeNames).toContain('Mobile Crane');
    expect(typeNames).not.toContain('LLG');
    expect(typeNames).not.toContain('Shackle');
    expect(typeNames).not.toContain('Trainee Assessment');
    for (const client of t.demo.clients) {
      for (const siteId of client.siteIds) expect(demo.some((a) => a.siteId === siteId && a.companyId === client.id)).toBe(true);
    }
    for (const asset of demo) expect(asset.name).not.toMatch(/["'<.>#%|/\\&]/);
    expect(t.acme.assets.length).toBeGreaterThan(0);
  });
});

describe('POST /api/Location with objectType ASSET', () => {
  it('adds an asset on the site with the spec payload, answers the row and audits it', async () => {
    const body = newAsset({ serialNumber: '  ' });
    const response = await save(scheduler, body);
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json() as AssetRow;
    expect(row).toMatchObject({
      objectType: 'ASSET',
      name: body.name,
      assetTypeId: crane(),
      assetType: 'Mobile Crane',
      companyId: t.demo.clients[0].id,
      client: t.demo.clients[0].name,
      parentId: t.demo.clients[0].siteIds[0],
      siteId: t.demo.clients[0].siteIds[0],
      serialNumber: null,
      locationLevel: 1,
      type: 1,
      status: 1,
      timeZone: 'Asia/Dubai',
    });
    // One id space with the other locations: GET /api/Location/{id} finds it.
    const read = await scheduler.get(`/api/Location/${row.id}`);
    expect(read.statusCode).toBe(200);
    // The read adds what the asset panel shows (assetsArea.service.ts assetDetailExtra).
    expect(read.json()).toMatchObject(row);
    expect(read.json()).toMatchObject({ fileList: [], can: { save: true } });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'assets'), eq(auditLog.entityId, String(row.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'INSERT', userId: t.demo.accounts['scheduler@demo.test'] });
  });

  it('trims the name and refuses a blank one with the spec message', async () => {
    const trimmed = await save(scheduler, newAsset({ name: '  FLT-77 Toyota 8FD30  ' }));
    expect(trimmed.json().name).toBe('FLT-77 Toyota 8FD30');
    for (const name of ['', '   ', undefined]) {
      const response = await save(scheduler, newAsset({ name }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(ASSETS.nameMandatory);
      expect(response.json().fields.name).toBe(ASSETS.nameMandatory);
    }
  });

  it('refuses every default disallowed character; LO-ADMIN, who may relax the list, is held only to #', async () => {
    for (const char of DEFAULT_DISALLOWED_ASSET_CHARS) {
      const response = await save(scheduler, newAsset({ name: `Crane ${char} 1` }));
      expect(response.statusCode, char).toBe(400);
      expect(response.json().error).toBe(ASSETS.invalidCharacters);
    }
    const dotted = await save(loAdmin, newAsset({ name: `M.C. ${counter} Grove` }));
    expect(dotted.statusCode, dotted.body).toBe(200);
    const hashed = await save(loAdmin, newAsset({ name: 'Crane #4' }));
    expect(hashed.statusCode).toBe(400);
    expect(hashed.json().error).toBe(ASSETS.invalidCharacters);
    const control = await save(loAdmin, newAsset({ name: 'Crane\u00074' }));
    expect(control.statusCode).toBe(400);
  });

  it('keeps one active asset per client and name, in any case: 409 with the server text; another client may use it', async () => {
    const body = newAsset();
    expect((await save(scheduler, body)).statusCode).toBe(200);
    const again = await save(scheduler, { ...body, name: body.name.toUpperCase(), parentId: t.demo.clients[0].siteIds[1] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(ASSETS.duplicateName(body.name.toUpperCase()));
    const other = t.demo.clients[1];
    const elsewhere = await save(scheduler, { ...body, companyId: other.id, parentId: other.siteIds[0] });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('gives one of many simultaneous saves of a name the asset and the others 409', async () => {
    const body = newAsset();
    const answers = await Promise.all(Array.from({ length: 6 }, () => save(scheduler, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await t.app.db.select().from(assets).where(eq(assets.name, body.name));
    expect(rows).toHaveLength(1);
  });

  it('checks the site, client and asset type: 404 when not visible, 400 when they do not fit together', async () => {
    const [first, second] = t.demo.clients;
    const wrongSite = await save(scheduler, newAsset({ parentId: second.siteIds[0] }));
    expect(wrongSite.statusCode).toBe(400);
    expect(wrongSite.json().error).toBe(ASSETS.siteNotOfClient);
    const llg = await save(scheduler, newAsset({ assetTypeId: t.demo.assetTypeIds.LLG }));
    expect(llg.statusCode).toBe(400);
    expect(llg.json().error).toBe(ASSETS.assetTypeIsLlg);
    const shackle = await save(scheduler, newAsset({ assetTypeId: t.demo.assetTypeIds.Shackle }));
    expect(shackle.statusCode).toBe(400);
    const acme = t.acme.clients[0];
    expect((await save(scheduler, newAsset({ assetTypeId: t.acme.assetTypeIds['Mobile Crane'] }))).statusCode).toBe(404);
    expect((await save(scheduler, newAsset({ parentId: acme.siteIds[0] }))).statusCode).toBe(404);
    expect((await save(scheduler, newAsset({ companyId: acme.id, parentId: acme.siteIds[0] }))).statusCode).toBe(404);
    expect((await save(scheduler, newAsset({ companyId: first.id, parentId: 2_000_000_000 }))).statusCode).toBe(404);
    const missing = await save(scheduler, newAsset({ assetTypeId: undefined, parentId: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ assetTypeId: 'Asset Type is required', parentId: 'Site is required' });
  });

  it('lets a client administrator add assets to its own company only; SITE-USER and CORPORATE not at all', async () => {
    const own = await save(clientAdmin, newAsset());
    expect(own.statusCode, own.body).toBe(200);
    const other = t.demo.clients[1];
    const foreign = await save(clientAdmin, newAsset({ companyId: other.id, parentId: other.siteIds[0] }));
    expect(foreign.statusCode).toBe(404);
    expect((await save(siteUser, newAsset())).statusCode).toBe(403);
    expect((await save(await t.login('corporate@demo.test'), newAsset())).statusCode).toBe(403);
  });

  it('edits an asset by id: renames it, keeps its client and site; CLIENT-USER may add but not edit', async () => {
    const created = (await save(scheduler, newAsset())).json() as AssetRow;
    const renamed = await save(scheduler, newAsset({ id: created.id, name: `${created.name} B`, serialNumber: 'Q7K2M9X4PA' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, name: `${created.name} B`, serialNumber: 'Q7K2M9X4PA' });
    const moved = await save(scheduler, newAsset({ id: created.id, parentId: t.demo.clients[0].siteIds[1] }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe(ASSETS.siteLocked);
    const clientUser = await t.login('client-user@demo.test');
    expect((await save(clientUser, newAsset())).statusCode).toBe(200);
    expect((await save(clientUser, newAsset({ id: created.id, name: 'Other name' }))).statusCode).toBe(403);
    const acmeAsset = t.acme.assets[0];
    expect((await save(scheduler, newAsset({ id: acmeAsset.id }))).statusCode).toBe(404);
    await t.app.db.update(assets).set({ status: 0 }).where(eq(assets.id, created.id));
    const inactive = await save(scheduler, newAsset({ id: created.id }));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe(ASSETS.assetNotActive);
  });

  it('answers 400 to malformed bodies and never 500', async () => {
    const raw = await scheduler.request({
      method: 'POST',
      url: '/api/Location',
      payload: '{"objectType": "ASSET",',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    for (const body of [
      newAsset({ name: 42 }),
      newAsset({ assetTypeId: 'crane' }),
      newAsset({ companyId: -5 }),
      newAsset({ parentId: 1e12 }),
      newAsset({ name: 'x'.repeat(201) }),
      newAsset({ status: 7 }),
      newAsset({ serialNumber: ['a'] }),
      JSON.parse(`{"objectType":"ASSET","__proto__":{"assetTypeId":1},"name":"Proto"}`),
    ]) {
      const response = await save(scheduler, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });
});

describe('GET /api/Location/Asset', () => {
  it('lists the active assets of a type on a site by name, with type, client and site names', async () => {
    const client = t.demo.clients[0];
    const siteId = client.siteIds[0];
    const rows = (await options(scheduler, `assetTypeId=${crane()}&siteId=${siteId}`)).json() as AssetRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.siteId === siteId && r.assetTypeId === crane() && r.status === 1)).toBe(true);
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const seeded = t.demo.assets.find((a) => a.siteId === siteId && a.assetTypeId === crane());
    expect(rows.map((r) => r.id)).toContain(seeded?.id);
    expect(rows[0]).toMatchObject({ assetType: 'Mobile Crane', client: client.name, objectType: 'ASSET' });
    // Without a site: every site of the namespace; with a client: that client's.
    const all = (await options(scheduler, `assetTypeId=${crane()}`)).json() as AssetRow[];
    expect(new Set(all.map((r) => r.companyId)).size).toBe(t.demo.clients.length);
    const ofClient = (await options(scheduler, `assetTypeId=${crane()}&companyId=${client.id}`)).json() as AssetRow[];
    expect(ofClient.every((r) => r.companyId === client.id)).toBe(true);
    expect(ofClient.length).toBeGreaterThan(rows.length - 1);
  });

  it('leaves out inactive assets', async () => {
    const created = (await save(scheduler, newAsset())).json() as AssetRow;
    const query = `assetTypeId=${crane()}&siteId=${created.siteId}`;
    expect((await options(scheduler, query)).json().map((r: AssetRow) => r.id)).toContain(created.id);
    await t.app.db.update(assets).set({ status: 0 }).where(eq(assets.id, created.id));
    expect((await options(scheduler, query)).json().map((r: AssetRow) => r.id)).not.toContain(created.id);
  });

  it('limits client roles to their company and SITE-USER to its sites', async () => {
    const [first, second] = t.demo.clients;
    const own = (await options(clientAdmin, `assetTypeId=${crane()}`)).json() as AssetRow[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.companyId === first.id)).toBe(true);
    expect((await options(clientAdmin, `assetTypeId=${crane()}&siteId=${second.siteIds[0]}`)).statusCode).toBe(404);
    const mine = (await options(siteUser, `assetTypeId=${crane()}`)).json() as AssetRow[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.siteId === first.siteIds[0])).toBe(true);
    expect((await options(siteUser, `assetTypeId=${crane()}&siteId=${first.siteIds[1]}`)).statusCode).toBe(404);
  });

  it('answers an empty list when the site is not of the named client', async () => {
    const [first, second] = t.demo.clients;
    const response = await options(scheduler, `assetTypeId=${crane()}&siteId=${first.siteIds[0]}&companyId=${second.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/Location/Object?objectType=ASSET', () => {
  it('lists the assets of a client', async () => {
    const client = t.demo.clients[1];
    const response = await scheduler.get(`/api/Location/Object?objectType=ASSET&companyId=${client.id}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json() as AssetRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.companyId === client.id)).toBe(true);
    expect((await scheduler.get(`/api/Location/Object?objectType=ASSET&companyId=${t.acme.clients[0].id}`)).statusCode).toBe(404);
  });
});

describeAreaAccess('assets', () => t, [
  {
    name: 'asset options',
    method: 'GET',
    url: (ns) => `/api/Location/Asset?assetTypeId=${ns.assetTypeIds['Mobile Crane']}&siteId=${ns.clients[0].siteIds[0]}`,
    permission: 'assets.read',
    malformed: [
      { url: '/api/Location/Asset' },
      { url: '/api/Location/Asset?assetTypeId=crane' },
      { url: '/api/Location/Asset?assetTypeId=1&siteId=-1' },
      { url: '/api/Location/Asset?assetTypeId=1&colour=red' },
    ],
  },
  {
    name: 'save asset',
    method: 'POST',
    url: () => '/api/Location',
    body: (ns) => ({
      objectType: 'ASSET',
      assetTypeId: ns.assetTypeIds['Mobile Crane'],
      companyId: ns.clients[0].id,
      parentId: ns.clients[0].siteIds[0],
      name: `Access kit crane ${ns.name}`,
    }),
    permission: 'assets.create',
    malformed: [{ rawBody: '{"objectType":' }, { body: { objectType: 'ASSET', name: ['x'] } }, { body: { objectType: 'ASSET' } }],
  },
  {
    name: 'read asset',
    method: 'GET',
    url: (ns) => `/api/Location/${ns.assets[0].id}`,
    permission: 'locations.read',
    malformed: [{ url: '/api/Location/abc' }],
  },
]);
