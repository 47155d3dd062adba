import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TYPE_TEXT, can, ROLES, type AssetTypeRow } from '@portal/contracts';
import type { SeededNamespace } from '../../db/seed/demo';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let admin: Client;
let other: Client;
/** One record per namespace, made by the tests (the demo data has none yet). */
const made = new Map<string, AssetTypeRow>();
const LIST = '/api/Setting?objectType=ASSET_TYPE&offset=0&limit=15';

beforeAll(async () => {
  t = await createTestContext();
  // A role that may write these records, in each namespace.
  const writer = ROLES.find((role) => can(role, 'assetTypes.write'))?.toLowerCase();
  [admin, other] = await Promise.all([t.login(`${writer}@demo.test`), t.login(`${writer}@acme.test`)]);
  for (const [client, ns] of [
    [admin, 'demo'],
    [other, 'acme'],
  ] as const) {
    const response = await client.post('/api/Setting', { objectType: 'ASSET_TYPE', name: `First ${ns}` });
    expect(response.statusCode, response.body).toBe(200);
    made.set(ns, response.json());
  }
});
afterAll(async () => t.close());

const recordOf = (ns: SeededNamespace) => made.get(ns === t.demo ? 'demo' : 'acme') as AssetTypeRow;

describe('Asset Types', () => {
  it('lists the active records by name with their rights', async () => {
    const response = await admin.get(LIST);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ name: 'First demo', can: { edit: true, delete: true } })]);
  });

  it('updates a record and refuses a duplicate active name with 409', async () => {
    const row = recordOf(t.demo);
    const renamed = await admin.post('/api/Setting', { objectType: 'ASSET_TYPE', id: row.id, name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ id: row.id, name: 'Renamed' });
    const duplicate = await admin.post('/api/Setting', { objectType: 'ASSET_TYPE', name: 'renamed' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(ASSET_TYPE_TEXT.duplicateName);
  });

  it('archives: the record leaves the list and can no longer be changed', async () => {
    const row = (await admin.post('/api/Setting', { objectType: 'ASSET_TYPE', name: 'Short-lived' })).json();
    expect((await admin.delete(`/api/Setting/${row.id}`)).json()).toEqual({ message: ASSET_TYPE_TEXT.archived });
    expect((await admin.get(LIST)).json().map((r: AssetTypeRow) => r.id)).not.toContain(row.id);
    const edit = await admin.post('/api/Setting', { objectType: 'ASSET_TYPE', id: row.id, name: 'Again' });
    expect(edit.statusCode).toBe(409);
  });
});

describeAreaAccess('Asset Types', () => t, [
  { name: 'list', method: 'GET', url: () => LIST, permission: 'assetTypes.read', namesRecord: false, malformed: [{ url: `${LIST}x` }] },
  { name: 'one record', method: 'GET', url: (ns) => `/api/Setting/${recordOf(ns).id}`, permission: 'assetTypes.options' },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => ({ objectType: 'ASSET_TYPE', id: recordOf(ns).id, name: `Saved ${ns.name}` }),
    permission: 'assetTypes.write',
    malformed: [{ body: { objectType: 'ASSET_TYPE', name: 42 } }, { rawBody: '{"objectType":' }],
  },
  { name: 'archive', method: 'DELETE', url: (ns) => `/api/Setting/${recordOf(ns).id}`, permission: 'assetTypes.write' },
]);
