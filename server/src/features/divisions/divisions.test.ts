import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVISIONS, type DivisionRow, SHELL, VALIDATION } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let master: Client;
let config: Client;
let loAdmin: Client;
let scheduler: Client;
let fieldEngineer: Client;
let clientUser: Client;

const LIST = '/api/Setting?objectType=Division&offset=0&limit=15';

beforeAll(async () => {
  t = await createTestContext();
  // Sign-ins hash passwords; in parallel they keep the set-up well inside the hook timeout.
  [master, config, loAdmin, scheduler, fieldEngineer, clientUser] = await Promise.all(
    [
      'master_admin@demo.test',
      'config_admin@demo.test',
      'lo-admin@demo.test',
      'scheduler@demo.test',
      'field-engg@demo.test',
      'client-user@demo.test',
    ].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

async function names(client: Client, url = LIST): Promise<string[]> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().map((d: DivisionRow) => d.name);
}

async function create(name: string, extra: Record<string, unknown> = {}): Promise<DivisionRow> {
  const response = await master.post('/api/Setting', { objectType: 'Division', name, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('division list', () => {
  it('lists the active divisions by name with rights and the settings envelope', async () => {
    const response = await config.get(LIST);
    expect(response.statusCode).toBe(200);
    const rows: DivisionRow[] = response.json();
    expect(rows.map((r) => r.name)).toEqual(['LIFTING', 'MACHINERY', 'PRESSURE']);
    expect(rows[0]).toMatchObject({
      id: t.demo.divisions[0].id,
      objectType: 'Division',
      acronymCode: 'LFT',
      displayName: 'LIFTING',
      status: 1,
      can: { edit: true, delete: true },
    });
    expect(JSON.parse(rows[0].settingWithMetadata)).toMatchObject({
      id: t.demo.divisions[0].id,
      name: 'LIFTING',
      acronym_code: 'LFT',
      tenant_id: 2,
      object_type: 'Division',
      metadata: [],
    });
  });

  it('pages by offset and limit, and accepts the spec’s other spellings of the object type', async () => {
    expect(await names(master, '/api/Setting?objectType=DIVISION&offset=1&limit=1')).toEqual(['MACHINERY']);
    expect(await names(master, '/api/Setting?objectType=Divisions&offset=-1&limit=-1')).toEqual(['LIFTING', 'MACHINERY', 'PRESSURE']);
  });
});

describe('division pickers and single division', () => {
  it('offers active divisions {id, name, acronymCode} to every role', async () => {
    for (const path of ['/api/Setting/Objects', '/api/Setting/Others']) {
      const response = await clientUser.get(`${path}?objectType=DIVISION`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: t.demo.divisions[0].id, name: 'LIFTING', acronymCode: 'LFT' },
        { id: t.demo.divisions[1].id, name: 'MACHINERY', acronymCode: 'MCH' },
        { id: t.demo.divisions[2].id, name: 'PRESSURE', acronymCode: 'PRS' },
      ]);
    }
  });

  it('answers one division by id, and 404 for another namespace’s division', async () => {
    const own = await fieldEngineer.get(`/api/Setting/${t.demo.divisions[1].id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'MACHINERY', can: { edit: false, delete: false } });
    expect((await master.get(`/api/Setting/${t.acme.divisions[0].id}`)).statusCode).toBe(404);
  });
});

describe('saving a division', () => {
  it('creates a division that appears in the list and the pickers', async () => {
    const row = await create('NDT', { acronymCode: 'NDT', description: 'Non-destructive testing' });
    expect(row).toMatchObject({ name: 'NDT', displayName: 'NDT', acronymCode: 'NDT', description: 'Non-destructive testing', status: 1 });
    expect(await names(master)).toContain('NDT');
    const options = (await scheduler.get('/api/Setting/Objects?objectType=Division')).json();
    expect(options.map((o: { id: number }) => o.id)).toContain(row.id);
  });

  it('updates a division by id, accepting the spec’s acronym_code spelling', async () => {
    const row = await create('Rope Access');
    const response = await config.post('/api/Setting', { ...row, name: 'Rope Access & Height', acronym_code: 'RAH' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, name: 'Rope Access & Height', acronymCode: 'RAH' });
    expect(await names(master)).toContain('Rope Access & Height');
  });

  it('answers 400 with field messages for a missing name or wrong types', async () => {
    const missing = await master.post('/api/Setting', { objectType: 'Division', acronymCode: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'Name is required', fields: { name: 'Name is required' } });
    const blank = await master.post('/api/Setting', { objectType: 'Division', name: '   ' });
    expect(blank.json().fields).toEqual({ name: 'Name is required' });
    const wrongId = await master.post('/api/Setting', { objectType: 'Division', name: 'Wrong', id: 'seven' });
    expect(wrongId.statusCode).toBe(400);
    expect(wrongId.json().fields.id).toBeDefined();
    const malformed = await master.request({
      method: 'POST',
      url: '/api/Setting',
      payload: '{"objectType":"Division",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(VALIDATION.invalidJson);
    expect(await names(master)).not.toContain('Wrong');
  });

  it('refuses a duplicate active name with 409, whatever its case', async () => {
    const response = await master.post('/api/Setting', { objectType: 'Division', name: 'lifting' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: DIVISIONS.duplicateName, fields: { name: DIVISIONS.duplicateName } });
  });

  it('lets exactly one of many simultaneous saves of a new name through; the others get 409', async () => {
    const answers = await Promise.all(
      ['Rigging', 'RIGGING', 'rigging', 'Rigging', 'rigging '].map((name) => master.post('/api/Setting', { objectType: 'Division', name })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json().error).toBe(DIVISIONS.duplicateName);
    expect((await names(master)).filter((n) => n.toLowerCase() === 'rigging')).toHaveLength(1);
  });

  it('renaming onto another active division’s name is refused and leaves both unchanged', async () => {
    const row = await create('Hoists');
    const rename = await master.post('/api/Setting', { ...row, name: 'Machinery' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().fields).toEqual({ name: DIVISIONS.duplicateName });
    expect(await names(master)).toEqual(expect.arrayContaining(['Hoists', 'MACHINERY']));
  });

  it('answers 404 for unknown ids and another namespace’s divisions', async () => {
    expect((await master.post('/api/Setting', { objectType: 'Division', id: 999999, name: 'Ghost' })).statusCode).toBe(404);
    const acme = await master.post('/api/Setting', { objectType: 'Division', id: t.acme.divisions[0].id, name: 'Taken' });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().error).toBe(SHELL.notFound);
  });
});

describe('division codes (DECISIONS 9): typed or derived, unique among active divisions', () => {
  it('derives a free code for divisions without an acronym whose names share their first letters', async () => {
    const first = await create('Crane Inspection');
    const second = await create('Crane Load Tests', { acronym_code: ' ' });
    expect([first, second].map((d) => [d.acronymCode, d.code])).toEqual([
      [null, 'CRA'],
      [null, 'CRA2'],
    ]);
    const again = await master.post('/api/Setting', { ...second, name: 'Crane Load Testing' });
    expect(again.json()).toMatchObject({ name: 'Crane Load Testing', code: 'CRA2' });
    const typed = await master.post('/api/Setting', { ...first, acronymCode: 'cri' });
    expect(typed.json()).toMatchObject({ acronymCode: 'cri', code: 'CRI' });
    expect((await create('Crawler Cranes')).code).toBe('CRA');
  });

  it('refuses a typed acronym another active division holds, typed or derived, naming it (409)', async () => {
    await create('Welding');
    const derived = await master.post('/api/Setting', { objectType: 'Division', name: 'Weld Tests', acronymCode: 'wel' });
    expect(derived.statusCode).toBe(409);
    expect(derived.json()).toEqual({
      error: DIVISIONS.codeTaken('WEL', 'Welding'),
      fields: { acronymCode: DIVISIONS.codeTaken('WEL', 'Welding') },
    });
    const typed = await master.post('/api/Setting', { objectType: 'Division', name: 'Lifting Gear', acronym_code: 'LFT' });
    expect(typed.json().error).toBe(DIVISIONS.codeTaken('LFT', 'LIFTING'));
    expect(await names(master)).not.toContain('Weld Tests');
  });

  it('gives simultaneous saves of look-alike names distinct codes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => master.post('/api/Setting', { objectType: 'Division', name: `Marine ${i + 1}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(answers.map((a) => (a.json() as DivisionRow).code).sort()).toEqual(['MAR', 'MAR2', 'MAR3', 'MAR4', 'MAR5', 'MAR6']);
  });

  it('answers 400 for wrong types and lengths, never 500', async () => {
    for (const acronymCode of [7, { code: 'X' }, 'X'.repeat(21)]) {
      const response = await master.post('/api/Setting', { objectType: 'Division', name: 'Forklifts', acronymCode });
      expect(response.statusCode, JSON.stringify(acronymCode)).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['acronymCode']);
    }
  });
});

describe('archiving a division', () => {
  it('archives: the division leaves the list and pickers, cannot be edited, and its name is free again', async () => {
    const row = await create('Scaffolding');
    const response = await master.delete(`/api/Setting/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: DIVISIONS.archived });
    expect(await names(master)).not.toContain('Scaffolding');
    const options = (await master.get('/api/Setting/Objects?objectType=Division')).json();
    expect(options.map((o: { id: number }) => o.id)).not.toContain(row.id);
    const single = await master.get(`/api/Setting/${row.id}`);
    expect(single.json()).toMatchObject({ status: 0, can: { edit: false, delete: false } });
    const edit = await master.post('/api/Setting', { ...row, name: 'Scaffolding 2' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(DIVISIONS.notActive);
    await create('Scaffolding');
  });

  it('answers 404 for unknown ids; refused archives leave the division in place', async () => {
    expect((await master.delete('/api/Setting/999999')).statusCode).toBe(404);
    expect((await loAdmin.delete(`/api/Setting/${t.demo.divisions[2].id}`)).statusCode).toBe(403);
    expect(await names(master)).toContain('PRESSURE');
  });
});

describeAreaAccess('Divisions', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => LIST,
    permission: 'divisions.read',
    namesRecord: false,
    malformed: [{ url: '/api/Setting?objectType=Division&offset=x' }, { url: '/api/Setting?objectType=Division&limit=1.5' }],
  },
  {
    name: 'pickers',
    method: 'GET',
    url: () => '/api/Setting/Objects?objectType=Division',
    permission: 'divisions.options',
    namesRecord: false,
  },
  { name: 'one division', method: 'GET', url: (ns) => `/api/Setting/${ns.divisions[0].id}`, permission: 'divisions.options' },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => ({ objectType: 'Division', id: ns.divisions[0].id, name: 'Renamed' }),
    permission: 'divisions.write',
    malformed: [
      { rawBody: '{"objectType": "Division", "name": ' },
      { body: { objectType: 'Division', name: 42 } },
      { body: { objectType: 'Division', id: 'one', name: 'X' } },
    ],
  },
  {
    name: 'archive',
    method: 'DELETE',
    url: (ns) => `/api/Setting/${ns.divisions[2].id}`,
    permission: 'divisions.write',
    malformed: [{ url: '/api/Setting/abc' }, { url: '/api/Setting/0x10' }, { url: '/api/Setting/+1' }],
  },
]);
