import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSET_CATEGORY_ERROR,
  ASSET_TYPE_TEXT,
  DATA_FORM_TEXT,
  type AssetTypeOption,
  type AssetTypeRow,
  type FormJsonAnswer,
  IDENTIFICATION_LABEL,
  isValueField,
  type LlgAssetType,
  validateFormValues,
} from '@portal/contracts';
import { DEMO_FORMS, DEMO_IDENTIFICATION } from '../../demo/dataForms';
import type { SeededNamespace } from '../../demo/demo';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let admin: Client;
let config: Client;
let other: Client;
let scheduler: Client;
/** One record per namespace, made by the tests for the access cases. */
const made = new Map<string, AssetTypeRow>();
const LIST = '/api/Setting?objectType=AssetType&offset=0&limit=50';

beforeAll(async () => {
  t = await createTestContext();
  [admin, config, other, scheduler] = await Promise.all(
    ['lo-admin@demo.test', 'config_admin@demo.test', 'lo-admin@acme.test', 'scheduler@demo.test'].map((email) => t.login(email)),
  );
  for (const [client, ns] of [
    [admin, 'demo'],
    [other, 'acme'],
  ] as const) {
    const response = await client.post('/api/Setting', { objectType: 'AssetType', name: `Access ${ns}`, category: 'MACHINERY' });
    expect(response.statusCode, response.body).toBe(200);
    made.set(ns, response.json());
  }
});
afterAll(async () => t.close());

const recordOf = (ns: SeededNamespace) => made.get(ns === t.demo ? 'demo' : 'acme') as AssetTypeRow;

async function rows(client: Client, url = LIST): Promise<AssetTypeRow[]> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function save(body: Record<string, unknown>, client = admin) {
  return client.post('/api/Setting', { objectType: 'AssetType', ...body });
}

describe('asset type list', () => {
  it('lists the seeded active types by name with their rights, category and envelope', async () => {
    const list = await rows(config);
    const names = list.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Mobile Crane', 'Full Body Harness', 'Trainee Assessment', 'LLG', 'Shackle']));
    const crane = list.find((r) => r.name === 'Mobile Crane') as AssetTypeRow;
    expect(crane).toMatchObject({
      objectType: 'AssetType',
      tenantId: 2,
      acronymCode: 'MC',
      category: 'MACHINERY',
      status: 1,
      can: { edit: true, delete: true },
    });
    expect(JSON.parse(crane.settingWithMetadata)).toMatchObject({
      id: crane.id,
      name: 'Mobile Crane',
      acronym_code: 'MC',
      metadata: expect.arrayContaining([expect.objectContaining({ meta_key: 'category', meta_value: 'MACHINERY' })]),
    });
    expect(list.find((r) => r.name === 'LLG')?.category).toBe('LLG');
  });

  it('filters by name (contains, any case) and pages by offset and limit', async () => {
    expect((await rows(admin, `${LIST}&name=CRANE`)).map((r) => r.name)).toEqual(['Mobile Crane', 'Overhead Crane']);
    const all = await rows(admin);
    const second = await rows(admin, '/api/Setting?objectType=AssetType&offset=2&limit=3');
    expect(second.map((r) => r.id)).toEqual(all.slice(2, 5).map((r) => r.id));
  });

  it('keeps each namespace to its own types', async () => {
    const acme = await rows(other);
    expect(acme.map((r) => r.name)).toContain('Access acme');
    expect(acme.map((r) => r.name)).not.toContain('Access demo');
    const demoIds = new Set((await rows(admin)).map((r) => r.id));
    expect(acme.some((r) => demoIds.has(r.id))).toBe(false);
  });
});

describe('asset type save', () => {
  it('creates with every field; BTH+PPE is stored as BTH&PPE; the spec spellings are accepted', async () => {
    const response = await save({
      name: '  Safety Net  ',
      acronym_code: 'SN',
      external_id: 'EXT-77',
      category: 'bth+ppe',
      description: 'Personnel safety nets',
      certificate_reference: 'EN 1263-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Safety Net',
      displayName: 'Safety Net',
      acronymCode: 'SN',
      externalId: 'EXT-77',
      category: 'BTH&PPE',
      description: 'Personnel safety nets',
      certificateReference: 'EN 1263-1',
      attributeForm: null,
      attributeFormName: null,
    });
    const again = await rows(admin, `${LIST}&name=safety%20net`);
    expect(again.map((r) => r.category)).toEqual(['BTH&PPE']);
  });

  it('updates a type by id', async () => {
    const created = (await save({ name: 'Gantry', category: 'MACHINERY' })).json() as AssetTypeRow;
    const response = await save({ id: created.id, name: 'Gantry Crane', acronymCode: 'GC', category: 'TRAINEE', description: 'Moved' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'Gantry Crane',
      acronymCode: 'GC',
      category: 'TRAINEE',
      description: 'Moved',
    });
  });

  it('refuses a missing or empty Type Name and an unknown category with field messages', async () => {
    const empty = await save({ name: '   ', category: 'MACHINERY' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: 'Type Name is required' });
    const missing = await save({ category: 'MACHINERY' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ name: 'Type Name is required' });
    const category = await save({ name: 'Odd', category: 'VEHICLE' });
    expect(category.statusCode).toBe(400);
    expect(category.json().fields).toMatchObject({ category: ASSET_CATEGORY_ERROR });
    const wrongTypes = await save({ name: 'Odd', category: 7, attributeForm: 'x' });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().fields).sort()).toEqual(['attributeForm', 'category']);
  });

  it('refuses a duplicate active name (any case) with 409, also on rename; other namespaces may reuse it', async () => {
    const duplicate = await save({ name: 'mobile crane' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: ASSET_TYPE_TEXT.duplicateName, fields: { name: ASSET_TYPE_TEXT.duplicateName } });
    const lanyard = (await rows(admin, `${LIST}&name=lanyard`))[0];
    const rename = await save({ id: lanyard.id, name: 'Forklift' });
    expect(rename.statusCode).toBe(409);
    expect((await save({ name: 'Access demo' }, other)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown id or another namespace's id", async () => {
    expect((await save({ id: 2_000_000, name: 'Nowhere' })).statusCode).toBe(404);
    expect((await save({ id: recordOf(t.acme).id, name: 'Stolen' })).statusCode).toBe(404);
  });
});

describe('asset type attribute form', () => {
  interface FormEntry {
    id: number;
    name: string;
  }
  const formsOf = async (client: Client, object: string): Promise<FormEntry[]> => {
    const response = await client.get(`/api/Setting/FormObject?formobject=${encodeURIComponent(object)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('the seed links attribute forms by name', async () => {
    const crane = (await rows(admin, `${LIST}&name=mobile%20crane`))[0];
    const forms = await formsOf(admin, 'ASSET TYPE');
    expect(crane).toMatchObject({
      attributeForm: forms.find((f) => f.name === 'Crane Attributes')?.id,
      attributeFormName: 'Crane Attributes',
    });
  });

  it('stores an active ASSET TYPE form of the namespace and answers its name; "none" clears it', async () => {
    const form = (await formsOf(admin, 'ASSET TYPE')).find((f) => f.name === 'Forklift Attributes') as FormEntry;
    const created = await save({ name: 'Reach Stacker', category: 'MACHINERY', attribute_form: String(form.id) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ attributeForm: form.id, attributeFormName: 'Forklift Attributes' });
    expect(JSON.parse(created.json().settingWithMetadata).attribute_form).toBe(form.id);
    const cleared = await save({ id: created.json().id, name: 'Reach Stacker', attributeForm: '' });
    expect(cleared.json()).toMatchObject({ attributeForm: null, attributeFormName: null });
  });

  it('refuses a form of another form object, an unknown id, another namespace and an archived form', async () => {
    const refused = async (attributeForm: number) => {
      const response = await save({ name: `Refused ${attributeForm}`, attributeForm });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        error: ASSET_TYPE_TEXT.saveError,
        fields: { attributeForm: ASSET_TYPE_TEXT.attributeFormInvalid },
      });
    };
    await refused((await formsOf(admin, 'TASK TYPE'))[0].id);
    await refused(2_000_000);
    await refused((await formsOf(other, 'ASSET TYPE'))[0].id);
    const archivedForm = await admin.post('/api/Setting', {
      objectType: 'Form',
      name: 'Short-lived attributes',
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      samplesMin: 1,
      samplesMax: 2,
      formJson: { version: 1, fields: [] },
    });
    expect(archivedForm.statusCode, archivedForm.body).toBe(200);
    expect((await admin.delete(`/api/Setting/${archivedForm.json().id}`)).statusCode).toBe(200);
    await refused(archivedForm.json().id);
    // Nothing was written by the refused saves.
    expect((await rows(admin, `${LIST}&name=refused`)).length).toBe(0);
  });

  it('a form an asset type uses can be neither archived nor moved to another form object until the type lets it go', async () => {
    const formBody = {
      objectType: 'Form',
      name: 'Retiring attributes',
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      samplesMin: 1,
      samplesMax: 2,
      formJson: { version: 1, fields: [] },
    };
    const form = await admin.post('/api/Setting', formBody);
    expect(form.statusCode, form.body).toBe(200);
    const formId = form.json().id as number;
    const type = (await save({ name: 'Retiring type', attributeForm: formId })).json() as AssetTypeRow;
    expect(type.attributeFormName).toBe('Retiring attributes');
    const archive = await admin.delete(`/api/Setting/${formId}`);
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error).toBe(DATA_FORM_TEXT.inUse(['asset type Retiring type']));
    const moved = await admin.post('/api/Setting', { ...formBody, id: formId, formObject: 'MISC' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe(DATA_FORM_TEXT.formObjectInUse(['asset type Retiring type']));
    // Renaming it keeps its object, so that is fine.
    expect((await admin.post('/api/Setting', { ...formBody, id: formId, name: 'Retired attributes' })).statusCode).toBe(200);
    expect((await save({ id: type.id, name: 'Retiring type', attributeForm: null })).statusCode).toBe(200);
    expect((await admin.delete(`/api/Setting/${formId}`)).statusCode).toBe(200);
  });
});

describe('asset type identification (DECISIONS 9)', () => {
  const formId = async (client: Client, name: string) => {
    const forms = (await client.get('/api/Setting/FormObject?formobject=ASSET%20TYPE')).json() as { id: number; name: string }[];
    return forms.find((f) => f.name === name)?.id as number;
  };
  const keysOf = async (id: number) => {
    const response = await admin.get(`/api/Setting/FormJSON?formId=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return new Set((response.json() as FormJsonAnswer).formJson.fields.filter(isValueField).map((f) => f.key));
  };

  it('the demo types map the facts their attribute form holds, to value fields of that form', async () => {
    const list = await rows(admin);
    const crane = list.find((r) => r.name === 'Mobile Crane') as AssetTypeRow;
    expect(crane.identification).toEqual(DEMO_IDENTIFICATION[DEMO_FORMS.craneAttributes]);
    expect((list.find((r) => r.name === 'Forklift') as AssetTypeRow).identification).toMatchObject({
      serialNumber: 'manufacturerSerial',
      swl: 'capacity',
    });
    for (const type of list.filter((r) => r.attributeForm !== null && r.attributeFormName)) {
      expect(type.identification, type.name).toEqual(DEMO_IDENTIFICATION[type.attributeFormName as string] ?? {});
      const keys = await keysOf(type.attributeForm as number);
      for (const key of Object.values(type.identification)) expect(keys.has(key), `${type.name}: ${key}`).toBe(true);
    }
    // The crane and forklift forms gained the maker's serial as revision 2.
    for (const name of [DEMO_FORMS.craneAttributes, DEMO_FORMS.forkliftAttributes]) {
      const answer = (await admin.get(`/api/Setting/FormJSON?formId=${await formId(admin, name)}`)).json() as FormJsonAnswer;
      expect(answer.revision, name).toBe(2);
      expect(answer.formJson.fields.find((f) => isValueField(f) && f.key === 'manufacturerSerial')?.label).toBe(
        "Manufacturer's serial number",
      );
    }
  });

  it('the demo assets carry those facts, valid for their form', async () => {
    const types = new Map((await rows(admin)).map((r) => [r.id, r]));
    const definitions = new Map<number, FormJsonAnswer>();
    const cranes = t.demo.assets.filter((a) => a.assetType === 'Mobile Crane');
    expect(cranes.length).toBeGreaterThan(0);
    for (const asset of t.demo.assets) {
      const type = types.get(asset.assetTypeId);
      if (!type?.attributeForm) continue;
      const response = await admin.get(`/api/Location/${asset.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const values = response.json().userData.values as Record<string, unknown>;
      if (!definitions.has(type.attributeForm))
        definitions.set(type.attributeForm, (await admin.get(`/api/Setting/FormJSON?formId=${type.attributeForm}`)).json());
      const definition = definitions.get(type.attributeForm) as FormJsonAnswer;
      expect(validateFormValues(definition.formJson, values), asset.name).toEqual([]);
      // Every fact the type maps has a value.
      for (const [fact, key] of Object.entries(type.identification)) expect(values[key], `${asset.name}: ${fact}`).toBeTruthy();
    }
    const crane = (await admin.get(`/api/Location/${cranes[0].id}`)).json().userData.values;
    expect(crane).toMatchObject({
      manufacturer: expect.any(String),
      model: expect.any(String),
      manufacturerSerial: expect.stringMatching(/^[A-Z]{3}\d{6}$/),
      yearOfManufacture: expect.any(Number),
      swl: expect.any(Number),
    });
  });

  it('saves a mapping to value fields of the attribute form and answers it; absent keeps it, null clears it', async () => {
    const form = await formId(admin, DEMO_FORMS.craneAttributes);
    const mapping = {
      manufacturer: 'manufacturer',
      model: 'model',
      serialNumber: 'manufacturerSerial',
      yearOfManufacture: 'yearOfManufacture',
      swl: 'swl',
    };
    const created = await save({ name: 'Crawler Crane', category: 'MACHINERY', attributeForm: form, identification: mapping });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().identification).toEqual(mapping);
    const id = created.json().id as number;
    expect((await rows(admin, `${LIST}&name=crawler`))[0].identification).toEqual(mapping);
    // Some facts only (null means "not mapped").
    const partial = await save({
      id,
      name: 'Crawler Crane',
      attributeForm: form,
      identification: { manufacturer: 'manufacturer', model: null, swl: null },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().identification).toEqual({ manufacturer: 'manufacturer' });
    // A save that does not send it keeps it (the spec's clients know nothing of it).
    const kept = await save({ id, name: 'Crawler Crane', attributeForm: form, description: 'Crawler mounted' });
    expect(kept.json().identification).toEqual({ manufacturer: 'manufacturer' });
    const cleared = await save({ id, name: 'Crawler Crane', attributeForm: form, identification: null });
    expect(cleared.json().identification).toEqual({});
  });

  it("refuses a key that is not a value field of the form, a mapping without a form, and another namespace's form (400, by field)", async () => {
    const crane = await formId(admin, DEMO_FORMS.craneAttributes);
    // A key of another form (the sling's WLL), and a heading's id, which holds no value.
    const bad = await save({
      name: 'Bad mapping',
      attributeForm: crane,
      identification: { manufacturer: 'maker', swl: 'wll', model: 'f11' },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toEqual({
      error: ASSET_TYPE_TEXT.saveError,
      fields: {
        'identification.manufacturer': `${IDENTIFICATION_LABEL.manufacturer}: maker is not a field of the attribute form`,
        'identification.swl': `${IDENTIFICATION_LABEL.swl}: wll is not a field of the attribute form`,
        'identification.model': `${IDENTIFICATION_LABEL.model}: f11 is not a field of the attribute form`,
      },
    });
    // Not a key at all (the contract's pattern), and an unknown fact.
    const malformed = await save({ name: 'Bad mapping', attributeForm: crane, identification: { manufacturer: 'a b' } });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().fields ?? {})).toEqual(['identification.manufacturer']);
    expect((await save({ name: 'Bad mapping', attributeForm: crane, identification: { colour: 'manufacturer' } })).statusCode).toBe(400);
    // A mapping without an attribute form names nothing.
    const noForm = await save({ name: 'Bad mapping', identification: { manufacturer: 'manufacturer' } });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().fields).toEqual({
      'identification.manufacturer': `${IDENTIFICATION_LABEL.manufacturer}: manufacturer is not a field of the attribute form`,
    });
    // Another namespace's form: refused as the attribute form (400), whatever the mapping.
    const theirs = await formId(other, DEMO_FORMS.craneAttributes);
    const foreign = await save({ name: 'Bad mapping', attributeForm: theirs, identification: { manufacturer: 'manufacturer' } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toMatchObject({ attributeForm: ASSET_TYPE_TEXT.attributeFormInvalid });
    // Another namespace's type: 404.
    const acmeType = recordOf(t.acme);
    expect((await save({ id: acmeType.id, name: acmeType.name, identification: {} })).statusCode).toBe(404);
    // Changing the form to one without the mapped keys is refused until the mapping follows.
    const sling = await formId(admin, DEMO_FORMS.slingAttributes);
    const type = (await save({ name: 'Mapped then moved', attributeForm: crane, identification: { swl: 'swl' } })).json() as AssetTypeRow;
    const moved = await save({ id: type.id, name: type.name, attributeForm: sling });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().fields)).toEqual(['identification.swl']);
    expect((await save({ id: type.id, name: type.name, attributeForm: sling, identification: { swl: 'wll' } })).statusCode).toBe(200);
    expect((await rows(admin, `${LIST}&name=bad%20mapping`)).length).toBe(0);
  });
});

describe('asset type archive', () => {
  it('archives: the type leaves the list and pickers, cannot be edited, and its name is free again', async () => {
    const row = (await save({ name: 'Short-lived', category: 'MACHINERY' })).json() as AssetTypeRow;
    const archived = await admin.delete(`/api/Setting/${row.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ message: ASSET_TYPE_TEXT.archived });
    expect((await rows(admin)).map((r) => r.id)).not.toContain(row.id);
    const options = (await admin.get('/api/Setting/Objects?objectType=AssetType')).json() as AssetTypeOption[];
    expect(options.map((o) => o.id)).not.toContain(row.id);
    const edit = await save({ id: row.id, name: 'Again' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(ASSET_TYPE_TEXT.notActive);
    // Archiving again is harmless; the name may be used by a new type.
    expect((await admin.delete(`/api/Setting/${row.id}`)).statusCode).toBe(200);
    expect((await save({ name: 'Short-lived' })).statusCode).toBe(200);
  });

  it('refuses to archive a type that active task types use, naming them', async () => {
    const type = (await save({ name: 'Used type', category: 'MACHINERY' })).json() as AssetTypeRow;
    const division = (await admin.get('/api/Setting/Objects?objectType=Division')).json()[0] as { id: number };
    const taskType = await admin.post('/api/Setting', {
      objectType: 'TaskType',
      name: 'Uses the type',
      divisionId: division.id,
      validity: 12,
      assetTypeId: type.id,
      sectionsJson: '{"sections":[]}',
    });
    expect(taskType.statusCode, taskType.body).toBe(200);
    const refused = await admin.delete(`/api/Setting/${type.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ASSET_TYPE_TEXT.inUse(['Uses the type']));
    expect((await rows(admin)).map((r) => r.id)).toContain(type.id);
    // Once the task type is archived, the asset type may go.
    expect((await admin.delete(`/api/Setting/${taskType.json().id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/Setting/${type.id}`)).statusCode).toBe(200);
  });

  it('keeps the LLG type: no delete right, archive refused, name and category kept, the rest editable', async () => {
    const llg = (await rows(admin, `${LIST}&name=llg`)).find((r) => r.name === 'LLG') as AssetTypeRow;
    expect(llg.can).toEqual({ edit: true, delete: false });
    const archive = await admin.delete(`/api/Setting/${llg.id}`);
    expect(archive.statusCode).toBe(409);
    expect(archive.json().error).toBe(ASSET_TYPE_TEXT.llgKept);
    const rename = await save({ id: llg.id, name: 'Loose gear', category: 'LLG' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().fields).toEqual({ name: ASSET_TYPE_TEXT.llgKept });
    const recategorise = await save({ id: llg.id, name: 'LLG', category: 'MACHINERY' });
    expect(recategorise.json().fields).toEqual({ category: ASSET_TYPE_TEXT.llgKept });
    const described = await save({ id: llg.id, name: 'LLG', category: 'LLG', description: 'Loose lifting gear of a job' });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toMatchObject({ name: 'LLG', category: 'LLG', description: 'Loose lifting gear of a job' });
  });
});

describe('asset type pickers and loose gear', () => {
  it('pickers list the active types of every role but leave the LLG types out', async () => {
    const response = await scheduler.get('/api/Setting/Objects?objectType=AssetType');
    expect(response.statusCode, response.body).toBe(200);
    const options: AssetTypeOption[] = response.json();
    const names = options.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(['Mobile Crane', 'Full Body Harness', 'Trainee Assessment']));
    expect(names).not.toContain('LLG');
    expect(names).not.toContain('Shackle');
    expect(options.every((o) => o.category !== 'LLG')).toBe(true);
    expect(options.find((o) => o.name === 'Mobile Crane')).toEqual(expect.objectContaining({ acronymCode: 'MC', category: 'MACHINERY' }));
  });

  it('GET /api/Setting/llgAsset lists the loose-gear types with labels, of the caller namespace only', async () => {
    const created = (await save({ name: 'Master Link', displayName: 'Master Links', category: 'LLG' })).json() as AssetTypeRow;
    const response = await scheduler.get('/api/Setting/llgAsset');
    expect(response.statusCode, response.body).toBe(200);
    const llg: LlgAssetType[] = response.json();
    expect(llg.map((l) => l.name)).toEqual(expect.arrayContaining(['LLG', 'Shackle', 'Wire Rope Sling', 'Chain Sling', 'Web Sling']));
    expect(llg.map((l) => l.name)).not.toContain('Mobile Crane');
    expect(llg.find((l) => l.id === created.id)).toEqual({ id: created.id, name: 'Master Link', label: 'Master Links' });
    const acme: LlgAssetType[] = (await other.get('/api/Setting/llgAsset')).json();
    expect(acme.map((l) => l.id)).not.toContain(created.id);
    expect(acme.map((l) => l.name)).toContain('LLG');
  });
});

describeAreaAccess('Asset Types', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => LIST,
    permission: 'assetTypes.read',
    namesRecord: false,
    malformed: [{ url: `${LIST}x` }, { url: '/api/Setting?objectType=AssetType&offset=-5' }],
  },
  { name: 'one record', method: 'GET', url: (ns) => `/api/Setting/${recordOf(ns).id}`, permission: 'assetTypes.options' },
  {
    name: 'pickers',
    method: 'GET',
    url: () => '/api/Setting/Objects?objectType=AssetType',
    permission: 'assetTypes.options',
    namesRecord: false,
  },
  { name: 'loose gear', method: 'GET', url: () => '/api/Setting/llgAsset', permission: 'assetTypes.options', namesRecord: false },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => ({ objectType: 'AssetType', id: recordOf(ns).id, name: `Saved ${ns.name}`, category: 'MACHINERY' }),
    permission: 'assetTypes.write',
    malformed: [
      { body: { objectType: 'AssetType', name: 42 } },
      { body: { objectType: 'AssetType', name: 'X', category: 'BOATS' } },
      { body: { objectType: 'AssetType', name: 'X', attributeForm: -7 } },
      { body: { objectType: 'AssetType', name: '__proto__', category: '__proto__' } },
      { rawBody: '{"objectType":' },
    ],
  },
  { name: 'archive', method: 'DELETE', url: (ns) => `/api/Setting/${recordOf(ns).id}`, permission: 'assetTypes.write' },
]);
