import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Checklist, checklistText, TASK_TYPE_TEXT, type TaskTypeRow } from '@portal/contracts';
import type { SeededNamespace } from '../../demo/demo';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let admin: Client;
let config: Client;
let other: Client;
/** One record per namespace, made by the tests. */
const made = new Map<string, TaskTypeRow>();
const LIST = '/api/Setting?objectType=TaskType&offset=0&limit=-1';

const CHECKLIST: Checklist = {
  sections: [
    {
      id: 'documentation',
      name: 'Documentation',
      items: [
        { id: 'register', name: 'Register of lifting equipment available', reportCategory: 'DOCUMENTATION' },
        { id: 'previous', name: 'Previous report reviewed' },
      ],
    },
    { id: 'structure', name: 'Structure', items: [{ id: 'boom', name: 'Boom sections free of cracks', reportCategory: 'VISUAL' }] },
  ],
};

const divisionOf = (ns: SeededNamespace, name = 'LIFTING') => ns.divisions.find((d) => d.name === name)?.id as number;
const bodyFor = (ns: SeededNamespace, extra: Record<string, unknown> = {}) => ({
  objectType: 'TaskType',
  name: `Thorough Examination ${ns.name}`,
  divisionId: divisionOf(ns),
  validity: 12,
  referenceStandard: 'LOLER 1998 Reg. 9',
  inspectionMethod: 'Visual and functional',
  eiac: true,
  reportTemplate: 'LIFTING_EQUIPMENT',
  sectionsJson: checklistText(CHECKLIST),
  ...extra,
});

beforeAll(async () => {
  t = await createTestContext();
  [admin, config, other] = await Promise.all([
    t.login('lo-admin@demo.test'),
    t.login('config_admin@demo.test'),
    t.login('lo-admin@acme.test'),
  ]);
  for (const [client, ns] of [
    [admin, t.demo],
    [other, t.acme],
  ] as const) {
    const response = await client.post('/api/Setting', bodyFor(ns));
    expect(response.statusCode, response.body).toBe(200);
    made.set(ns.name, response.json());
  }
});
afterAll(async () => t.close());

const recordOf = (ns: SeededNamespace) => made.get(ns.name) as TaskTypeRow;
const save = (client: Client, body: Record<string, unknown>) => client.post('/api/Setting', body);

describe('Task Types', () => {
  it('saves every field and answers the row with the checklist, its text and the envelope', async () => {
    const row = recordOf(t.demo);
    expect(row).toMatchObject({
      objectType: 'TaskType',
      name: 'Thorough Examination demo',
      divisionId: divisionOf(t.demo),
      division: 'LIFTING',
      validity: 12,
      eiac: true,
      externalId: null,
      reportTemplate: 'LIFTING_EQUIPMENT',
      checklist: CHECKLIST,
      sectionsJson: checklistText(CHECKLIST),
      can: { edit: true, delete: true },
    });
    const envelope = JSON.parse(row.settingWithMetadata);
    expect(envelope.metadata).toEqual([
      expect.objectContaining({ meta_key: 'validity', meta_value: '12' }),
      expect.objectContaining({ meta_key: 'eiac', meta_value: 'true' }),
    ]);
    const list = (await config.get(LIST)).json() as TaskTypeRow[];
    expect(list.find((r) => r.id === row.id)).toMatchObject({ name: row.name, checklist: CHECKLIST });
    // The aliases of the object type answer the same list.
    expect((await admin.get('/api/Setting?objectType=TASK_TYPE&offset=0&limit=-1')).json().length).toBe(list.length);
  });

  it('takes the checklist as an object too, and keeps it when a save sends none', async () => {
    const created = await save(admin, bodyFor(t.demo, { name: 'Object checklist', sectionsJson: undefined, checklist: CHECKLIST }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().checklist).toEqual(CHECKLIST);
    const renamed = await save(admin, bodyFor(t.demo, { id: created.json().id, name: 'Object checklist 2', sectionsJson: undefined }));
    expect(renamed.json()).toMatchObject({ name: 'Object checklist 2', checklist: CHECKLIST });
  });

  it("refuses checklist text that is not JSON with the spec's 'Please Enter a valid JSON'", async () => {
    const response = await save(admin, bodyFor(t.demo, { name: 'Broken', sectionsJson: '{"sections": [' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: TASK_TYPE_TEXT.invalidJson, fields: { sectionsJson: TASK_TYPE_TEXT.invalidJson } });
  });

  it('refuses a checklist that does not fit the format, naming the first wrong path', async () => {
    const wrong = { sections: [{ id: 'a', name: 'A', items: [{ id: 'b', name: '' }] }] };
    const response = await save(admin, bodyFor(t.demo, { name: 'Wrong', sectionsJson: JSON.stringify(wrong) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('sections[0].items[0].name: name is required');
    const twice = { sections: [{ id: 'a', name: 'A', items: [{ id: 'a', name: 'B' }] }] };
    const duplicate = await save(admin, bodyFor(t.demo, { name: 'Twice', sectionsJson: JSON.stringify(twice) }));
    expect(duplicate.json().error).toBe('sections[0].items[0].id: the id a is used twice');
    const extra = await save(admin, bodyFor(t.demo, { name: 'Extra', checklist: { sections: [], more: 1 }, sectionsJson: undefined }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatch(/^checklist/i);
  });

  it('refuses an unknown data form, naming its path in the checklist', async () => {
    const withForm = { sections: [{ id: 'a', name: 'A', items: [{ id: 'b', name: 'B', formId: 999_999 }] }] };
    const response = await save(admin, bodyFor(t.demo, { name: 'Formed', sectionsJson: JSON.stringify(withForm) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `sections[0].items[0].formId: ${TASK_TYPE_TEXT.unknownForm}`,
      fields: { 'sections[0].items[0].formId': TASK_TYPE_TEXT.unknownForm },
    });
  });

  it('takes active TASK TYPE forms of the namespace; LLG forms only for the LLG task types', async () => {
    const formsOf = async (client: Client, object: string) =>
      (await client.get(`/api/Setting/FormObject?formobject=${encodeURIComponent(object)}`)).json() as { id: number; name: string }[];
    const [taskForm] = await formsOf(admin, 'TASK TYPE');
    const [assetForm] = await formsOf(admin, 'ASSET TYPE');
    const [llgForm] = await formsOf(admin, 'LLG');
    const [acmeForm] = await formsOf(other, 'TASK TYPE');
    const using = (formId: number) =>
      JSON.stringify({ sections: [{ id: 's', name: 'S', formId, items: [{ id: 'i', name: 'I', formId: taskForm.id }] }] });
    const ok = await save(admin, bodyFor(t.demo, { name: 'With forms', sectionsJson: using(taskForm.id) }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checklist.sections[0]).toMatchObject({ formId: taskForm.id, items: [{ formId: taskForm.id }] });
    for (const [name, formId] of [
      ['Asset form', assetForm.id],
      ['LLG form', llgForm.id],
      ['Other namespace form', acmeForm.id],
    ] as const) {
      const refused = await save(admin, bodyFor(t.demo, { name, sectionsJson: using(formId) }));
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().fields, name).toEqual({ 'sections[0].formId': TASK_TYPE_TEXT.unknownForm });
    }
    const child = await save(admin, bodyFor(t.demo, { name: 'llg-master-link', sectionsJson: using(llgForm.id) }));
    expect(child.statusCode, child.body).toBe(200);
  });

  it("refuses the required fields, a validity that is not whole months, another namespace's division and asset type", async () => {
    const noName = await save(admin, bodyFor(t.demo, { name: '  ' }));
    expect(noName.json().error).toBe('Type Name is required');
    const noDivision = await save(admin, bodyFor(t.demo, { name: 'X', divisionId: undefined }));
    expect(noDivision.json().error).toBe(TASK_TYPE_TEXT.divisionRequired);
    const noValidity = await save(admin, bodyFor(t.demo, { name: 'X', validity: undefined }));
    expect(noValidity.json().error).toBe(TASK_TYPE_TEXT.validityRequired);
    for (const validity of [0, 1.5, -3, '12']) {
      const response = await save(admin, bodyFor(t.demo, { name: 'X', validity }));
      expect(response.statusCode, String(validity)).toBe(400);
      expect(response.json().fields.validity).toBe(TASK_TYPE_TEXT.validityWhole);
    }
    const foreign = await save(admin, bodyFor(t.demo, { name: 'X', divisionId: divisionOf(t.acme) }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: TASK_TYPE_TEXT.unknownDivision, fields: { divisionId: TASK_TYPE_TEXT.unknownDivision } });
    const assetType = await save(admin, bodyFor(t.demo, { name: 'X', assetTypeId: 987_654 }));
    expect(assetType.statusCode).toBe(400);
    expect(assetType.json().fields).toEqual({ assetTypeId: TASK_TYPE_TEXT.unknownAssetType });
    const acmeCrane = ((await other.get('/api/Setting/Objects?objectType=AssetType')).json() as { id: number; name: string }[]).find(
      (a) => a.name === 'Mobile Crane',
    );
    const foreignType = await save(admin, bodyFor(t.demo, { name: 'X', assetTypeId: acmeCrane?.id }));
    expect(foreignType.json().fields).toEqual({ assetTypeId: TASK_TYPE_TEXT.unknownAssetType });
    const template = await save(admin, bodyFor(t.demo, { name: 'X', reportTemplate: 'POSTCARD' }));
    expect(template.statusCode).toBe(400);
  });

  it('links ordinary task types to ordinary asset types, LLG ones to loose gear types only', async () => {
    const ordinary = (await admin.get('/api/Setting/Objects?objectType=AssetType')).json() as { id: number; name: string }[];
    const looseGear = (await admin.get('/api/Setting/llgAsset')).json() as { id: number; name: string }[];
    const crane = ordinary.find((a) => a.name === 'Mobile Crane') as { id: number };
    const shackle = looseGear.find((a) => a.name === 'Shackle') as { id: number };
    const linked = await save(admin, bodyFor(t.demo, { name: 'Crane check', assetTypeId: crane.id }));
    expect(linked.json()).toMatchObject({ assetTypeId: crane.id, assetType: 'Mobile Crane' });
    const child = await save(admin, bodyFor(t.demo, { name: 'llg-bow-shackle', assetTypeId: shackle.id }));
    expect(child.json()).toMatchObject({ assetTypeId: shackle.id, assetType: 'Shackle' });
    for (const [name, assetTypeId] of [
      ['Shackle check', shackle.id],
      ['llg-crane', crane.id],
    ] as const) {
      const refused = await save(admin, bodyFor(t.demo, { name, assetTypeId }));
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().fields).toEqual({ assetTypeId: TASK_TYPE_TEXT.unknownAssetType });
    }
  });

  it('never takes the external id from a body', async () => {
    const response = await save(admin, bodyFor(t.demo, { name: 'External', externalId: 'EXT-1' }));
    expect(response.json().externalId).toBeNull();
  });

  it('refuses a duplicate active name with 409, in any case; the other namespace may use it', async () => {
    const duplicate = await save(admin, bodyFor(t.demo, { name: 'THOROUGH examination demo' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(TASK_TYPE_TEXT.duplicateName);
    const elsewhere = await save(other, bodyFor(t.acme, { name: 'Thorough Examination demo' }));
    expect(elsewhere.statusCode).toBe(200);
  });

  it("copies as the web does: id -1 and the name plus ' Copy ' and a time stamp", async () => {
    const row = recordOf(t.demo);
    const copy = await save(config, {
      ...bodyFor(t.demo),
      id: -1,
      name: `${row.name} Copy 23-Nov-26_14:05:09`,
      sectionsJson: row.sectionsJson,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().id).not.toBe(row.id);
    expect(copy.json()).toMatchObject({ checklist: row.checklist, divisionId: row.divisionId });
  });

  it('archives: the record leaves the list and can no longer be changed', async () => {
    const row = (await save(admin, bodyFor(t.demo, { name: 'Short-lived' }))).json();
    expect((await admin.delete(`/api/Setting/${row.id}`)).json()).toEqual({ message: TASK_TYPE_TEXT.archived });
    expect((await admin.get(LIST)).json().map((r: TaskTypeRow) => r.id)).not.toContain(row.id);
    const edit = await save(admin, bodyFor(t.demo, { id: row.id, name: 'Again' }));
    expect(edit.statusCode).toBe(409);
    // Its name is free again.
    expect((await save(admin, bodyFor(t.demo, { name: 'Short-lived' }))).statusCode).toBe(200);
  });

  it('offers pickers to every LO role, with division, asset type and validity', async () => {
    const scheduler = await t.login('scheduler@demo.test');
    const response = await scheduler.get('/api/Setting/Objects?objectType=TaskType');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      id: recordOf(t.demo).id,
      name: recordOf(t.demo).name,
      divisionId: divisionOf(t.demo),
      assetTypeId: null,
      validity: 12,
    });
  });
});

describe('Task Types: demo data', () => {
  it('gives each namespace the LLG type, llg- children and checklists that fit the format', async () => {
    for (const client of [admin, other]) {
      const rows = (await client.get(LIST)).json() as TaskTypeRow[];
      const names = rows.map((r) => r.name);
      expect(names).toContain('LLG');
      expect(names.filter((n) => n.includes('llg-')).length).toBeGreaterThanOrEqual(2);
      expect(names).toContain('Thorough Examination - Mobile Crane');
      for (const row of rows) expect(Checklist.safeParse(row.checklist).success, row.name).toBe(true);
      const crane = rows.find((r) => r.name === 'Thorough Examination - Mobile Crane') as TaskTypeRow;
      expect(crane.assetType).toBe('Mobile Crane');
      // The load test is one MULTIPLE form for the whole section.
      expect(crane.checklist.sections[4].formId).toEqual(expect.any(Number));
      expect(rows.find((r) => r.name === 'llg-shackle')?.assetType).toBe('Shackle');
      expect(crane.checklist.sections.map((section) => section.name)).toEqual([
        'Documentation',
        'Structure',
        'Mechanisms',
        'Safety devices',
        'Load test',
      ]);
    }
  });
});

describe('Task Types: one record', () => {
  it('answers an LO role, and a client role like a missing record', async () => {
    const row = recordOf(t.demo);
    expect((await (await t.login('field-engg@demo.test')).get(`/api/Setting/${row.id}`)).json()).toMatchObject({ id: row.id });
    expect((await (await t.login('client-admin@demo.test')).get(`/api/Setting/${row.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/Setting/${recordOf(t.acme).id}`)).statusCode).toBe(404);
  });
});

describeAreaAccess('Task Types', () => t, [
  { name: 'list', method: 'GET', url: () => LIST, permission: 'taskTypes.read', namesRecord: false, malformed: [{ url: `${LIST}x` }] },
  {
    name: 'pickers',
    method: 'GET',
    url: () => '/api/Setting/Objects?objectType=TaskType',
    permission: 'taskTypes.options',
    namesRecord: false,
  },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => bodyFor(ns, { id: recordOf(ns).id, name: `Saved ${ns.name}` }),
    permission: 'taskTypes.write',
    malformed: [
      { body: { objectType: 'TaskType', name: 42 } },
      { body: { objectType: 'TaskType', name: 'X', divisionId: '__proto__', validity: 12 } },
      { body: { objectType: 'TaskType', name: 'X', divisionId: 1, validity: 12, checklist: { sections: 'constructor' } } },
      { rawBody: '{"objectType":' },
    ],
  },
  { name: 'archive', method: 'DELETE', url: (ns) => `/api/Setting/${recordOf(ns).id}`, permission: 'taskTypes.write' },
]);
