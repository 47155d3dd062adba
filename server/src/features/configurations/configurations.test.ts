import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigRow, CONFIGURATIONS, checkConfigurationText, SHELL, type SessionUser } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let config: Client;
let loAdmin: Client;
let scheduler: Client;

const LIST = '/api/Setting?tenantId=2&objectType=Config&offset=0&limit=-1';

beforeAll(async () => {
  t = await createTestContext();
  [config, loAdmin, scheduler] = await Promise.all(
    ['config_admin@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

async function list(client: Client = config): Promise<ConfigRow[]> {
  const response = await client.get(LIST);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function byName(name: string): Promise<ConfigRow> {
  const row = (await list()).find((r) => r.name === name);
  if (!row) throw new Error(`no configuration ${name}`);
  return row;
}

const save = (body: Record<string, unknown>, client: Client = config) => client.post('/api/Setting', { objectType: 'Config', ...body });

describe('configuration list', () => {
  it('lists the namespace’s configurations by name, with the text, the envelope and rights', async () => {
    const rows = await list();
    expect(rows.map((r) => r.name)).toEqual([
      'dashboardConfiguration',
      'dueReminders',
      'mobileAppSettings',
      'namespaceFeatures',
      'reportBranding',
      'webUIAccessConfiguration',
    ]);
    const features = rows.find((r) => r.name === 'namespaceFeatures')!;
    expect(features).toMatchObject({
      id: t.demo.configurations.namespaceFeatures,
      objectType: 'Config',
      tenantId: 2,
      key: 'config_json',
      known: 'Feature switches',
      status: 1,
      can: { edit: true, delete: false },
    });
    expect(JSON.parse(features.configJson)).toEqual({ jobs: true, jobLite: true, technicalLibrary: true, qrSticker: true });
    expect(rows.find((r) => r.name === 'mobileAppSettings')).toMatchObject({ known: null, can: { edit: true, delete: true } });
    const envelope = JSON.parse(features.settingWithMetadata);
    expect(envelope).toMatchObject({ id: features.id, object_type: 'Config', tenant_id: 2, created_date: expect.any(String) });
    expect(envelope.metadata[0]).toMatchObject({ meta_key: 'config_json', meta_value: features.configJson, setting_id: features.id });
  });

  it('the seeded documents fit their schemas (the readers’ truth and the schemas agree)', async () => {
    for (const row of await list()) expect(checkConfigurationText(row.name, row.configJson), row.name).toMatchObject({ ok: true });
  });

  it('never lists another namespace’s configurations', async () => {
    const acme = await t.login('config_admin@acme.test');
    const acmeRows = await list(acme);
    const demoIds = new Set((await list()).map((r) => r.id));
    expect(acmeRows.length).toBeGreaterThan(0);
    expect(acmeRows.some((r) => demoIds.has(r.id))).toBe(false);
    expect(JSON.parse(acmeRows.find((r) => r.name === 'namespaceFeatures')!.configJson).technicalLibrary).toBe(false);
  });
});

describe('saving a configuration', () => {
  it('creates a configuration (id -1) and keeps the text as typed', async () => {
    const text = '{\n  "zeta": 1,\n  "alpha": [true, false]\n}';
    const response = await save({ id: -1, name: '  inspectionDefaults ', configJson: text });
    expect(response.statusCode, response.body).toBe(200);
    const row: ConfigRow = response.json();
    expect(row).toMatchObject({ name: 'inspectionDefaults', configJson: text, known: null, status: 1 });
    expect((await byName('inspectionDefaults')).configJson).toBe(text);
  });

  it('updates a configuration by id, also from a JSON document', async () => {
    const row = await byName('mobileAppSettings');
    const response = await save({ ...row, configJson: { syncIntervalMinutes: 5 } }, loAdmin);
    expect(response.statusCode, response.body).toBe(200);
    expect(JSON.parse(response.json().configJson)).toEqual({ syncIntervalMinutes: 5 });
    expect(response.json().id).toBe(row.id);
  });

  it('refuses an empty name with the spec’s message', async () => {
    for (const name of [undefined, '', '   ']) {
      const response = await save({ name, configJson: '{}' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: CONFIGURATIONS.nameMandatory, fields: { name: CONFIGURATIONS.nameMandatory } });
    }
  });

  it('refuses a duplicate active name, whatever its case, with the spec’s message', async () => {
    const response = await save({ name: 'REPORTBRANDING', configJson: '{}' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: CONFIGURATIONS.duplicateName, fields: { name: CONFIGURATIONS.duplicateName } });
    const mobile = await byName('mobileAppSettings');
    const rename = await save({ id: mobile.id, name: 'reportBranding', configJson: '{}' });
    expect(rename.statusCode).toBe(409);
  });

  it('refuses JSON text that does not parse with the spec’s message, and a document that is not an object or array', async () => {
    const response = await save({ name: 'broken', configJson: '{"a": 1,' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: CONFIGURATIONS.invalidJson, fields: { configJson: CONFIGURATIONS.invalidJson } });
    const scalar = await save({ name: 'scalar', configJson: '42' });
    expect(scalar.statusCode).toBe(400);
    expect(scalar.json().error).toBe('(top): must be a JSON object or array');
    expect((await list()).map((r) => r.name)).not.toContain('broken');
  });

  it('refuses a web-access document that does not fit, naming the path and the reason', async () => {
    const row = await byName('webUIAccessConfiguration');
    const before = row.configJson;
    const cases: [unknown, string, string][] = [
      [{ ASSET: { viewRules: [{ roles: ['LO-ADMIN', 'BOSS'] }] } }, 'ASSET.viewRules[0].roles[1]', '"BOSS" is not a role'],
      [{ ASSET: { viewRules: { roles: ['SCHEDULER'], isEnabled: 'yes' } } }, 'ASSET.viewRules.isEnabled', 'must be true or false'],
      [{ ASSETS: { name: 'Assets' } }, 'ASSETS', '"ASSETS" is not a known key'],
      [{ LLG: { viewRules: [{ roles: ['SCHEDULER'], office: [{}] }] } }, 'LLG.viewRules[0].office[0]', 'must be an id, a name or a code'],
    ];
    for (const [document, path, reason] of cases) {
      const response = await save({ id: row.id, name: row.name, configJson: JSON.stringify(document, null, 2) });
      expect(response.statusCode, JSON.stringify(document)).toBe(400);
      expect(response.json()).toEqual({ error: `${path}: ${reason}`, fields: { [path]: reason } });
    }
    expect((await byName('webUIAccessConfiguration')).configJson).toBe(before);
    // The LLG special-task switch and role aliases fit.
    const llg = {
      ...JSON.parse(before),
      LLG: { viewRules: [{ roles: ['SCHEDULER', 'CLIENT_USER'], isEnabled: true, office: ['DXB', 3] }] },
    };
    expect((await save({ id: row.id, name: row.name, configJson: JSON.stringify(llg) })).statusCode).toBe(200);
  });

  it('refuses a dashboard document that does not fit, naming the path and the reason', async () => {
    const row = await byName('dashboardConfiguration');
    const cases: [unknown, string, string][] = [
      [
        { tabs: [{ name: 'KPIs', url: 'http://example.com' }] },
        'tabs[0].url',
        'must be a path of this portal (/...), an https:// address or an in-app view (app:compliance)',
      ],
      [{ tabs: [{ url: '/api/dashboard/pages/overview' }] }, 'tabs[0].name', 'name is required'],
      [
        { tabs: [{ name: 'x', url: '/x', viewRules: [{ roles: ['EVERYONE'] }] }] },
        'tabs[0].viewRules[0].roles[0]',
        '"EVERYONE" is not a role (nor ALL or NONE)',
      ],
      [{ tabs: [], tab: [] }, 'tab', '"tab" is not a known key'],
    ];
    for (const [document, path, reason] of cases) {
      const response = await save({ id: row.id, name: row.name, configJson: JSON.stringify(document) });
      expect(response.statusCode, JSON.stringify(document)).toBe(400);
      expect(response.json()).toEqual({ error: `${path}: ${reason}`, fields: { [path]: reason } });
    }
  });

  it('refuses feature switches that do not fit, also when a new configuration takes a known name', async () => {
    const row = await byName('namespaceFeatures');
    const response = await save({ id: row.id, name: row.name, configJson: '{ "technicalLibrary": "on" }' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'technicalLibrary: must be true or false',
      fields: { technicalLibrary: 'must be true or false' },
    });
    const unknown = await save({ id: row.id, name: row.name, configJson: '{ "jobsLite": true }' });
    expect(unknown.json().fields).toEqual({ jobsLite: '"jobsLite" is not a known key' });
    // A custom configuration renamed to a known name is checked as that document.
    const custom = await save({ name: 'draftFeatures', configJson: '{ "colour": "blue" }' });
    expect(custom.statusCode).toBe(200);
    await config.delete(`/api/Setting/${custom.json().id}`);
  });

  it('keeps the configurations the portal reads under their names: no rename, no archive', async () => {
    const row = await byName('namespaceFeatures');
    const rename = await save({ id: row.id, name: 'oldFeatures', configJson: row.configJson });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ error: CONFIGURATIONS.knownCannotBeRenamed, fields: { name: CONFIGURATIONS.knownCannotBeRenamed } });
    const archive = await config.delete(`/api/Setting/${row.id}`);
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error).toBe(CONFIGURATIONS.knownCannotBeArchived);
    // A change of case is the same name.
    expect((await save({ id: row.id, name: 'NamespaceFeatures', configJson: row.configJson })).statusCode).toBe(200);
    expect((await save({ id: row.id, name: 'namespaceFeatures', configJson: row.configJson })).statusCode).toBe(200);
  });

  it('archives another configuration: it leaves the list and its name is free again', async () => {
    const created = (await save({ name: 'temporary', configJson: '[]' })).json() as ConfigRow;
    const response = await config.delete(`/api/Setting/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONFIGURATIONS.archived });
    expect((await list()).map((r) => r.name)).not.toContain('temporary');
    const edit = await save({ id: created.id, name: 'temporary', configJson: '[]' });
    expect(edit.statusCode).toBe(409);
    expect((await save({ name: 'temporary', configJson: '[]' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and another namespace’s configurations', async () => {
    expect((await save({ id: 999999, name: 'Ghost', configJson: '{}' })).statusCode).toBe(404);
    const acme = await save({ id: t.acme.configurations.reportBranding, name: 'reportBranding', configJson: '{}' });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().error).toBe(SHELL.notFound);
    expect((await config.get(`/api/Setting/${t.acme.configurations.namespaceFeatures}`)).statusCode).toBe(404);
    // One configuration by id: for the Settings roles; others are answered as for a missing record.
    const own = await loAdmin.get(`/api/Setting/${t.demo.configurations.reportBranding}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'reportBranding', objectType: 'Config' });
    expect((await scheduler.get(`/api/Setting/${t.demo.configurations.reportBranding}`)).statusCode).toBe(404);
  });
});

describe('a saved configuration takes effect without a restart', () => {
  const sessionUser = async (client: Client): Promise<SessionUser> => {
    const response = await client.get('/api/login');
    expect(response.statusCode).toBe(200);
    return response.json()[0];
  };

  it('feature switches and web-access rules reach signed-in users on their next session call', async () => {
    // Read (and cache) the session user first, then change the documents it is built from.
    expect((await sessionUser(scheduler)).features.technicalLibrary).toBe(true);
    expect((await sessionUser(scheduler)).assetView).toBe(true);
    const features = await byName('namespaceFeatures');
    const webAccess = await byName('webUIAccessConfiguration');
    const off = await save({
      id: features.id,
      name: features.name,
      configJson: '{"jobs":true,"jobLite":true,"technicalLibrary":false,"qrSticker":true}',
    });
    expect(off.statusCode).toBe(200);
    const noAssets = { ...JSON.parse(webAccess.configJson), ASSET: { viewRules: [{ roles: ['APPROVER'], isEnabled: true }] } };
    expect((await save({ id: webAccess.id, name: webAccess.name, configJson: JSON.stringify(noAssets) })).statusCode).toBe(200);
    const after = await sessionUser(scheduler);
    expect(after.features.technicalLibrary).toBe(false);
    expect(after.assetView).toBe(false);
    // And the Setting/metadata reader follows as well.
    const metadata = await scheduler.get('/api/Setting/metadata?metaKey=config_json&name=webUIAccessConfiguration');
    expect(metadata.json().configJson.ASSET).toEqual({ viewRules: [{ roles: ['APPROVER'], isEnabled: true }] });
    await save({ id: features.id, name: features.name, configJson: features.configJson });
    await save({ id: webAccess.id, name: webAccess.name, configJson: webAccess.configJson });
    expect((await sessionUser(scheduler)).features.technicalLibrary).toBe(true);
  });
});

describeAreaAccess('Configurations', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => LIST,
    permission: 'configurations.read',
    namesRecord: false,
    malformed: [{ url: '/api/Setting?tenantId=2&objectType=Config&offset=x' }],
  },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => ({ objectType: 'Config', id: ns.configurations.reportBranding, name: 'reportBranding', configJson: '{"paper":"A4"}' }),
    permission: 'configurations.write',
    malformed: [
      { rawBody: '{"objectType": "Config", "name": ' },
      { body: { objectType: 'Config', name: 42, configJson: '{}' } },
      { body: { objectType: 'Config', name: 'x', configJson: 42 } },
      { body: { objectType: 'Config', id: 'one', name: 'x', configJson: '{}' } },
      { body: { objectType: 'Config', name: '__proto__', configJson: '{"__proto__": ' } },
    ],
  },
  {
    name: 'archive',
    method: 'DELETE',
    url: (ns) => `/api/Setting/${ns.configurations.mobileAppSettings}`,
    permission: 'configurations.write',
  },
]);
