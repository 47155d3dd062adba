import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FORM_TEXT, type DataFormRow, type FormDefinition, type FormJsonAnswer, FILES, SHELL, VALIDATION } from '@portal/contracts';
import { DEMO_FORMS, dataFormIdsByName } from '../../demo/dataForms';
import type { SeededNamespace } from '../../demo/demo';
import { emblemPng } from '../../db/seed/emblem';
import { scopeOf } from '../../lib/scope';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { checkFilledForm, checkFilledSamples } from './filledForms';
import { claimFormFiles, purgeUnclaimedFormFiles } from './formFiles';

let t: TestContext;
let config: Client;
let loAdmin: Client;
let engineer: Client;
let clientUser: Client;
let acmeAdmin: Client;
/** The seeded forms' ids by namespace and name. */
const ids = new Map<number, Record<string, number>>();
const formId = (ns: SeededNamespace, name: string) => ids.get(ns.id)?.[name] as number;

const LIST = '/api/Setting?tenantId=2&objectType=Form';

const SIMPLE: FormDefinition = {
  version: 1,
  fields: [
    { id: 'a', kind: 'text', key: 'serial', label: 'Serial number', required: true },
    { id: 'b', kind: 'number', key: 'swl', label: 'SWL', unit: 't', min: 0, max: 100 },
  ],
};

beforeAll(async () => {
  t = await createTestContext();
  [config, loAdmin, engineer, clientUser, acmeAdmin] = await Promise.all(
    ['config_admin@demo.test', 'lo-admin@demo.test', 'field-engg@demo.test', 'client-user@demo.test', 'config_admin@acme.test'].map(
      (email) => t.login(email),
    ),
  );
  for (const ns of [t.demo, t.acme]) ids.set(ns.id, await dataFormIdsByName(t.app.db, ns.id));
});
afterAll(async () => t.close());

async function create(body: Record<string, unknown>, as: Client = config): Promise<DataFormRow> {
  const response = await as.post('/api/Setting', { objectType: 'Form', formObject: 'TASK TYPE', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('data form list', () => {
  it('lists the active forms by name with metadata, revision and rights, and no definition', async () => {
    const response = await loAdmin.get(LIST);
    expect(response.statusCode).toBe(200);
    const rows: DataFormRow[] = response.json();
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(DEMO_FORMS)));
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(names);
    const loadTest = rows.find((r) => r.name === DEMO_FORMS.mobileCraneLoadTest) as DataFormRow;
    expect(loadTest).toMatchObject({
      objectType: 'Form',
      tenantId: 2,
      formObject: 'TASK TYPE',
      formType: 'MULTIPLE',
      samplesMin: 1,
      samplesMax: 4,
      revision: 1,
      fieldCount: 8,
      status: 1,
      can: { edit: true, delete: true },
    });
    expect(loadTest).not.toHaveProperty('formJson');
    const envelope = JSON.parse(loadTest.settingWithMetadata);
    expect(envelope).toMatchObject({ id: loadTest.id, tenant_id: 2, created_by: 2, object_type: 'Form' });
    expect(envelope.metadata.map((m: { meta_key: string }) => m.meta_key)).toEqual([
      'samplesmin',
      'samplesmax',
      'formtype',
      'formobject',
      'formjson',
    ]);
    expect(envelope.metadata[1]).toMatchObject({ meta_value: '4', data_type: 'INTEGER', display_name: 'Max', setting_id: loadTest.id });
    expect(JSON.parse(envelope.metadata[4].meta_value).fields).toHaveLength(8);
    expect(rows.find((r) => r.name === DEMO_FORMS.visualCheck)?.revision).toBe(2);
  });

  it('keeps each namespace’s forms apart', async () => {
    const acme: DataFormRow[] = (await acmeAdmin.get(LIST)).json();
    expect(acme.map((r) => r.name)).toContain(DEMO_FORMS.craneAttributes);
    expect(acme.map((r) => r.name)).not.toContain(DEMO_FORMS.serviceReport);
    expect(acme.map((r) => r.id)).not.toContain(formId(t.demo, DEMO_FORMS.craneAttributes));
  });
});

describe('saving a data form', () => {
  it('creates a form at revision 1 with the spec’s defaults, and counts a revision on every save', async () => {
    const row = await create({ name: 'Hoist Check' });
    expect(row).toMatchObject({ name: 'Hoist Check', formType: 'FORM', samplesMin: 1, samplesMax: 2, revision: 1, fieldCount: 0 });
    const second = await config.post('/api/Setting', { ...row, formJson: SIMPLE });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ id: row.id, revision: 2, fieldCount: 2 });
    // A save without formJson keeps the definition and still counts a revision.
    const third = await loAdmin.post('/api/Setting', {
      objectType: 'FORM',
      id: row.id,
      name: 'Hoist Check',
      formObject: 'TASK TYPE',
      formType: 'CHECKPOINT',
    });
    expect(third.json()).toMatchObject({ revision: 3, fieldCount: 2, formType: 'CHECKPOINT' });
    // What an update leaves out stays as it was.
    const fourth = await config.post('/api/Setting', {
      objectType: 'Form',
      id: row.id,
      name: 'Hoist Check',
      formObject: 'TASK TYPE',
      samplesMax: 3,
    });
    expect(fourth.json()).toMatchObject({ revision: 4, formType: 'CHECKPOINT', samplesMin: 1, samplesMax: 3 });
    const below = await config.post('/api/Setting', {
      objectType: 'Form',
      id: row.id,
      name: 'Hoist Check',
      formObject: 'TASK TYPE',
      samplesMin: 4,
    });
    expect(below.json()).toEqual({ error: DATA_FORM_TEXT.saveError, fields: { samplesMax: 'Max must not be less than Min' } });
    await config.post('/api/Setting', { objectType: 'Form', id: row.id, name: 'Hoist Check', formObject: 'TASK TYPE', samplesMax: 2 });
    const json = await engineer.get(`/api/Setting/FormJSON?formId=${row.id}`);
    expect(json.json()).toEqual({
      formId: row.id,
      name: 'Hoist Check',
      formObject: 'TASK TYPE',
      formType: 'CHECKPOINT',
      samplesMin: 1,
      samplesMax: 2,
      revision: 5,
      formJson: SIMPLE,
    });
  });

  it('gives simultaneous saves of one form one revision each', async () => {
    const row = await create({ name: 'Raced Form', formJson: SIMPLE });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        config.post('/api/Setting/FormJSON', { formId: row.id, formJson: { ...SIMPLE, fields: SIMPLE.fields.slice(0, n % 2 ? 1 : 2) } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.json().revision).sort()).toEqual([2, 3, 4, 5]);
  });

  it('offers the forms as pickers with their object, type and revision', async () => {
    const response = await clientUser.get('/api/Setting/Objects?objectType=Form');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      id: formId(t.demo, DEMO_FORMS.visualCheck),
      name: DEMO_FORMS.visualCheck,
      formObject: 'TASK TYPE',
      formType: 'FORM',
      revision: 2,
    });
  });

  it('accepts the definition as JSON text', async () => {
    const row = await create({ name: 'Text Form', formJson: JSON.stringify(SIMPLE), formType: 'MULTIPLE', samplesMin: 2, samplesMax: 3 });
    expect(row).toMatchObject({ fieldCount: 2, formType: 'MULTIPLE', samplesMin: 2, samplesMax: 3 });
  });

  it('refuses bad data with the spec’s message and the wrong paths', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ formJson: '{"version":1,' }, { formJson: DATA_FORM_TEXT.invalidJson }],
      [
        { formJson: { version: 1, fields: [{ id: 'x', kind: 'number', key: '1bad', label: 'N' }] } },
        { 'formJson.fields[0].key': expect.stringContaining('must start with a letter') },
      ],
      [
        { formJson: { ...SIMPLE, fields: [SIMPLE.fields[0], { ...SIMPLE.fields[1], key: 'serial' }] } },
        { 'formJson.fields[1].key': 'the key serial is used twice' },
      ],
      [{ formJson: { version: 2, fields: [] } }, { 'formJson.version': expect.any(String) }],
      [{ formJson: [1, 2] }, { formJson: expect.any(String) }],
      [{ samplesMin: 3, samplesMax: 2 }, { samplesMax: 'Max must not be less than Min' }],
      [{ samplesMin: 0 }, { samplesMin: 'Min must be at least 1' }],
      [{ formObject: 'JOB' }, { formObject: 'is not available yet' }],
      [{ formObject: 'SPACESHIP' }, { formObject: 'is not a form object' }],
      [{ formObject: undefined }, { formObject: 'Form Object is required' }],
      [{ formType: 'QUIZ' }, { formType: expect.any(String) }],
      [{ name: '  ' }, { name: 'Name is required' }],
    ];
    for (const [body, fields] of cases) {
      const response = await config.post('/api/Setting', { objectType: 'Form', name: 'Bad Form', formObject: 'TASK TYPE', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: DATA_FORM_TEXT.saveError, fields });
    }
    const malformed = await config.request({
      method: 'POST',
      url: '/api/Setting',
      payload: '{"objectType":"Form",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(VALIDATION.invalidJson);
    expect((await config.get(LIST)).json().map((r: DataFormRow) => r.name)).not.toContain('Bad Form');
  });

  it('takes prototype names as plain keys and values', async () => {
    const response = await config.post('/api/Setting', {
      objectType: 'Form',
      name: '__proto__',
      formObject: 'MISC',
      formJson: { version: 1, fields: [{ id: 'p', kind: 'text', key: 'constructor', label: '__proto__' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const bad = await config.post('/api/Setting', {
      objectType: 'Form',
      name: 'P2',
      formObject: 'MISC',
      formJson: { __proto__: { version: 1 } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a duplicate active name with 409, whatever its case', async () => {
    const response = await config.post('/api/Setting', { objectType: 'Form', name: 'visual check', formObject: 'TASK TYPE' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: DATA_FORM_TEXT.duplicateName, fields: { name: DATA_FORM_TEXT.duplicateName } });
  });

  it('answers 404 for unknown ids and another namespace’s forms', async () => {
    expect((await config.post('/api/Setting', { objectType: 'Form', id: 999999, name: 'Ghost', formObject: 'MISC' })).statusCode).toBe(404);
    const acme = await config.post('/api/Setting', {
      objectType: 'Form',
      id: formId(t.acme, DEMO_FORMS.visualCheck),
      name: 'Taken',
      formObject: 'MISC',
    });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().error).toBe(SHELL.notFound);
  });

  it('archives a form: it leaves the list and the FormObject pickers, its definition stays readable', async () => {
    const row = await create({ name: 'Short-lived', formObject: 'LLG' });
    expect((await config.delete(`/api/Setting/${row.id}`)).json()).toEqual({ message: DATA_FORM_TEXT.archived });
    expect((await config.get(LIST)).json().map((r: DataFormRow) => r.id)).not.toContain(row.id);
    expect((await engineer.get('/api/Setting/FormObject?formobject=LLG')).json().map((r: { id: number }) => r.id)).not.toContain(row.id);
    expect((await engineer.get(`/api/Setting/FormJSON?formId=${row.id}`)).statusCode).toBe(200);
    const edit = await config.post('/api/Setting', { ...row, name: 'Short-lived 2' });
    expect(edit.statusCode).toBe(409);
    const json = await config.post('/api/Setting/FormJSON', { formId: row.id, formJson: SIMPLE });
    expect(json.statusCode).toBe(409);
    expect(json.json().error).toBe(DATA_FORM_TEXT.notActive);
  });

  it('refuses to archive a form that an active task type checklist uses, section or item, naming it', async () => {
    const used = await create({ name: 'Checklist item form', formObject: 'TASK TYPE' });
    const division = (await config.get('/api/Setting/Objects?objectType=Division')).json()[0] as { id: number };
    const checklist = { sections: [{ id: 's1', name: 'Structure', items: [{ id: 'i1', name: 'Welds', formId: used.id }] }] };
    const taskType = await config.post('/api/Setting', {
      objectType: 'TaskType',
      name: 'Uses the form',
      divisionId: division.id,
      validity: 6,
      checklist,
    });
    expect(taskType.statusCode, taskType.body).toBe(200);
    const refused = await config.delete(`/api/Setting/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(DATA_FORM_TEXT.inUse(['task type Uses the form']));
    const moved = await config.post('/api/Setting', { ...used, formObject: 'MISC' });
    expect(moved.statusCode).toBe(409);
    // The same form as a section's form is found too.
    const sectionOnly = { sections: [{ id: 's1', name: 'Structure', formId: used.id, items: [] }] };
    const resaved = await config.post('/api/Setting', {
      ...(taskType.json() as object),
      objectType: 'TaskType',
      checklist: sectionOnly,
      sectionsJson: undefined,
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await config.delete(`/api/Setting/${used.id}`)).statusCode).toBe(409);
    expect((await config.delete(`/api/Setting/${taskType.json().id}`)).statusCode).toBe(200);
    expect((await config.delete(`/api/Setting/${used.id}`)).statusCode).toBe(200);
  });
});

describe('FormJSON, formdata and FormObject', () => {
  it('GET FormJSON gives any signed-in role the current definition; 404 with the spec’s text otherwise', async () => {
    const id = formId(t.demo, DEMO_FORMS.mobileCraneLoadTest);
    const response = await clientUser.get(`/api/Setting/FormJSON?formId=${id}`);
    expect(response.statusCode).toBe(200);
    const answer: FormJsonAnswer = response.json();
    expect(answer).toMatchObject({ formId: id, formType: 'MULTIPLE', samplesMin: 1, samplesMax: 4, revision: 1 });
    expect(answer.formJson.fields.map((f) => f.kind)).toContain('photo');
    const missing = await clientUser.get('/api/Setting/FormJSON?formId=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(DATA_FORM_TEXT.loadError);
  });

  it('GET FormJSON with a revision answers that revision’s definition', async () => {
    const id = formId(t.demo, DEMO_FORMS.visualCheck);
    const current = (await engineer.get(`/api/Setting/FormJSON?formId=${id}`)).json();
    const first = await engineer.get(`/api/Setting/FormJSON?formId=${id}&revision=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ formId: id, revision: 1, name: DEMO_FORMS.visualCheck });
    expect(first.json().formJson.fields.length).toBeLessThan(current.formJson.fields.length);
    expect((await engineer.get(`/api/Setting/FormJSON?formId=${id}&revision=2`)).json()).toEqual(current);
    const missing = await engineer.get(`/api/Setting/FormJSON?formId=${id}&revision=9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(DATA_FORM_TEXT.unknownRevision);
    expect((await engineer.get(`/api/Setting/FormJSON?formId=${id}&revision=x`)).statusCode).toBe(400);
  });

  it('POST FormJSON saves a new definition as the next revision, and refuses a bad one with its path', async () => {
    const row = await create({ name: 'Revised Form', formJson: SIMPLE });
    const next = { ...SIMPLE, fields: [...SIMPLE.fields, { id: 'c', kind: 'yesno', key: 'ok', label: 'OK?' }] } as FormDefinition;
    const saved = await loAdmin.post('/api/Setting/FormJSON', { formId: row.id, formJson: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ formId: row.id, revision: 2, formJson: next });
    const asText = await loAdmin.post('/api/Setting/FormJSON', { formId: row.id, formJson: JSON.stringify(SIMPLE) });
    expect(asText.json().revision).toBe(3);
    const bad = await loAdmin.post('/api/Setting/FormJSON', {
      formId: row.id,
      formJson: { version: 1, fields: [{ id: 'x', kind: 'select', key: 's', label: 'S', options: [] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: DATA_FORM_TEXT.saveError, fields: { 'formJson.fields[0].options': 'needs at least one option' } });
    const syntax = await loAdmin.post('/api/Setting/FormJSON', { formId: row.id, formJson: '{' });
    expect(syntax.json().fields).toEqual({ formJson: DATA_FORM_TEXT.invalidJson });
    const noId = await loAdmin.post('/api/Setting/FormJSON', { formJson: SIMPLE });
    expect(noId.json().fields.formId).toBeDefined();
    expect((await engineer.get(`/api/Setting/FormJSON?formId=${row.id}`)).json().revision).toBe(3);
  });

  it('formdata answers the row, the spec’s metadata list and the definition', async () => {
    const id = formId(t.demo, DEMO_FORMS.craneAttributes);
    const response = await engineer.get(`/api/Setting/formdata?formId=${id}`);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data).toMatchObject({ id, name: DEMO_FORMS.craneAttributes, formObject: 'ASSET TYPE', can: { edit: false, delete: false } });
    expect(data.metadata.find((m: { meta_key: string }) => m.meta_key === 'formobject').meta_value).toBe('ASSET TYPE');
    expect(data.formJson.version).toBe(1);
  });

  it('FormObject lists the active forms of one object by name', async () => {
    const response = await clientUser.get('/api/Setting/FormObject?formobject=ASSET%20TYPE');
    expect(response.statusCode).toBe(200);
    const names = response.json().map((r: { name: string }) => r.name);
    expect(names).toEqual([
      DEMO_FORMS.craneAttributes,
      DEMO_FORMS.fireExtinguisherAttributes,
      DEMO_FORMS.forkliftAttributes,
      DEMO_FORMS.pressureVesselAttributes,
      DEMO_FORMS.slingAttributes,
    ]);
    expect(Object.keys(response.json()[0]).sort()).toEqual(['formType', 'id', 'name', 'revision', 'samplesMax', 'samplesMin']);
    expect((await clientUser.get('/api/Setting/FormObject?formobject=JOB')).json()).toEqual([]);
    const unknown = await clientUser.get('/api/Setting/FormObject?formobject=__proto__');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(DATA_FORM_TEXT.unknownFormObject);
  });
});

describe('form file uploads', () => {
  const upload = (client: Client, name: string, content: Buffer, kind = 'photo') => {
    const body = multipart('file', name, content);
    return client.request({ method: 'POST', url: `/api/Setting/formfile?kind=${kind}`, payload: body.payload, headers: body.headers });
  };

  it('stores a photo, downloadable in the namespace only', async () => {
    const response = await upload(engineer, 'plate.png', emblemPng([10, 120, 200]));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ fileName: 'plate.png', contentType: 'image/png', blobKey: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    const download = await clientUser.get(`/api/filedownload?id=${answer.blobKey}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect((await acmeAdmin.get(`/api/filedownload?id=${answer.blobKey}`)).statusCode).toBe(404);
  });

  it('takes a PDF as a file, and refuses more than 10 MB', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const asFile = await upload(engineer, 'u1.pdf', pdf, 'file');
    expect(asFile.statusCode, asFile.body).toBe(200);
    expect(asFile.json().contentType).toBe('application/pdf');
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(engineer, 'big.pdf', big, 'file');
    expect(tooBig.statusCode).toBe(413);
  });

  it('takes office documents and CSV only as attachments (an item Files list), checked by content', async () => {
    const csv = Buffer.from('load,radius\n11,8\n22,8\n');
    const asAttachment = await upload(engineer, 'loads.csv', csv, 'attachment');
    expect(asAttachment.statusCode, asAttachment.body).toBe(200);
    expect(asAttachment.json().contentType).toBe('text/csv');
    expect((await upload(engineer, 'loads.csv', csv, 'file')).statusCode).toBe(400);
    expect((await upload(engineer, 'plate.png', emblemPng([5, 5, 5]), 'attachment')).statusCode).toBe(200);
    // A name that lies about the content is refused.
    expect((await upload(engineer, 'report.docx', Buffer.from('plain text, not a document'), 'attachment')).statusCode).toBe(400);
  });

  it('keeps files a record claims; removes unclaimed ones after a week', async () => {
    const [kept, dropped, fresh] = await Promise.all(
      ['kept.png', 'dropped.png', 'fresh.png'].map(async (name, i) => (await upload(engineer, name, emblemPng([i * 80, 40, 90]))).json()),
    );
    const scope = scopeOf({ id: 1, role: 'FIELD-ENGG', namespaceId: t.demo.id, companyId: null, siteIds: [] } as never);
    // Another namespace cannot claim them; the owner's namespace can, once.
    const acmeScope = { ...scope, namespaceId: t.acme.id };
    expect(await claimFormFiles(t.app.db, acmeScope, [kept.blobKey], { ownerType: 'namespace-logo', ownerId: 1 })).toBe(0);
    expect(await claimFormFiles(t.app.db, scope, [kept.blobKey], { ownerType: 'namespace-logo', ownerId: t.demo.id })).toBe(1);
    expect(await claimFormFiles(t.app.db, scope, [kept.blobKey], { ownerType: 'namespace-logo', ownerId: t.demo.id })).toBe(0);
    await t.app.db.execute(
      sql`update files set created_at = now() - interval '8 days' where blob_key in (${kept.blobKey}, ${dropped.blobKey})`,
    );
    expect(await purgeUnclaimedFormFiles(t.app.db)).toBeGreaterThanOrEqual(1);
    expect((await engineer.get(`/api/filedownload?id=${kept.blobKey}`)).statusCode).toBe(200);
    expect((await engineer.get(`/api/filedownload?id=${dropped.blobKey}`)).statusCode).toBe(404);
    expect((await engineer.get(`/api/filedownload?id=${fresh.blobKey}`)).statusCode).toBe(200);
  });

  it('refuses a non-image as a photo, and content that does not match its name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const asPhoto = await upload(engineer, 'report.pdf', pdf);
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().error).toBe(FILES.invalidTypeOrSize);
    const fake = await upload(engineer, 'photo.png', Buffer.from('not an image at all'));
    expect(fake.statusCode).toBe(400);
    const wrongField = multipart('image', 'a.png', emblemPng([1, 2, 3]));
    const response = await engineer.request({
      method: 'POST',
      url: '/api/Setting/formfile',
      payload: wrongField.payload,
      headers: wrongField.headers,
    });
    expect(response.statusCode).toBe(400);
    const badKind = await upload(engineer, 'a.png', emblemPng([1, 2, 3]), 'video');
    expect(badKind.statusCode).toBe(400);
  });
});

describe('checkFilledForm', () => {
  const scope = () => scopeOf({ id: 1, role: 'FIELD-ENGG', namespaceId: t.demo.id, companyId: null, siteIds: [] } as never);

  it('checks values against the revision they were filled in for', async () => {
    const id = formId(t.demo, DEMO_FORMS.visualCheck);
    const v1 = { structure: 'pass', markings: 'pass', guards: 'na' };
    // Revision 1 has no hooks item and no inspection date: these values are complete for it.
    const definition = await checkFilledForm(t.app.db, scope(), { formId: id, formRevision: 1, values: v1 });
    expect(definition.fields.some((f) => 'key' in f && f.key === 'hooks')).toBe(false);
    // Revision 2 requires the hooks result and the date, and does not know a made-up key.
    await expect(checkFilledForm(t.app.db, scope(), { formId: id, formRevision: 2, values: { ...v1, extra: 1 } })).rejects.toMatchObject({
      statusCode: 400,
      fields: {
        hooks: 'Hooks, latches and pins is required',
        inspectionDate: 'Inspection date is required',
        extra: 'extra is not a field of this form',
      },
    });
    await expect(
      checkFilledForm(t.app.db, scope(), { formId: id, formRevision: 2, values: { ...v1, hooks: 'fail', inspectionDate: '2026-11-23' } }),
    ).rejects.toMatchObject({ fields: { hooksRemarks: 'Hooks, latches and pins: remarks is required' } });
    await expect(checkFilledForm(t.app.db, scope(), { formId: id, formRevision: 7, values: v1 })).rejects.toMatchObject({
      statusCode: 400,
      message: DATA_FORM_TEXT.unknownRevision,
    });
    await expect(
      checkFilledForm(t.app.db, scope(), { formId: formId(t.acme, DEMO_FORMS.visualCheck), formRevision: 1, values: v1 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('accepts uploaded files of the namespace only', async () => {
    const id = formId(t.demo, DEMO_FORMS.visualCheck);
    const png = multipart('file', 'crack.png', emblemPng([200, 0, 0]));
    const uploaded = (
      await engineer.request({ method: 'POST', url: '/api/Setting/formfile?kind=photo', payload: png.payload, headers: png.headers })
    ).json();
    const values = { structure: 'fail', structureRemarks: 'Hairline crack at the boom foot', markings: 'pass', guards: 'pass' };
    await checkFilledForm(t.app.db, scope(), { formId: id, formRevision: 1, values: { ...values, structurePhoto: [uploaded.blobKey] } });
    await expect(
      checkFilledForm(t.app.db, scope(), { formId: id, formRevision: 1, values: { ...values, structurePhoto: ['madeUpKey123'] } }),
    ).rejects.toMatchObject({ fields: { structurePhoto: 'structurePhoto refers to a file that was not uploaded' } });
  });
});

describe('checkFilledSamples', () => {
  const scope = () => scopeOf({ id: 1, role: 'FIELD-ENGG', namespaceId: t.demo.id, companyId: null, siteIds: [] } as never);
  const sample = (load: number) => ({ testLoad: load, radius: 8, boomLength: 24.4, result: 'pass' });

  it('checks the count against Min and Max, and each sample by its index', async () => {
    const id = formId(t.demo, DEMO_FORMS.mobileCraneLoadTest);
    await checkFilledSamples(t.app.db, scope(), { formId: id, formRevision: 1, samples: [sample(11), sample(22)] });
    await expect(checkFilledSamples(t.app.db, scope(), { formId: id, formRevision: 1, samples: [] })).rejects.toMatchObject({
      statusCode: 400,
      message: 'At least 1 sample needed',
    });
    const five = [1, 2, 3, 4, 5].map(sample);
    await expect(checkFilledSamples(t.app.db, scope(), { formId: id, formRevision: 1, samples: five })).rejects.toMatchObject({
      message: 'At most 4 samples',
    });
    await expect(
      checkFilledSamples(t.app.db, scope(), { formId: id, formRevision: 1, samples: [sample(11), { ...sample(2000), result: 'fail' }] }),
    ).rejects.toMatchObject({
      message: DATA_FORM_TEXT.filledInvalid,
      fields: { 'samples[1].testLoad': 'Test load must be at most 1500', 'samples[1].observations': 'Observations is required' },
    });
  });
});

describeAreaAccess('Data forms', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => LIST,
    permission: 'dataForms.read',
    namesRecord: false,
    malformed: [{ url: '/api/Setting?objectType=Form&offset=x' }],
  },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Setting',
    body: (ns) => ({
      objectType: 'Form',
      id: formId(ns, DEMO_FORMS.siteObservation) ?? formId(ns, DEMO_FORMS.llgInspection),
      name: 'Renamed',
      formObject: 'MISC',
    }),
    permission: 'dataForms.write',
    malformed: [
      { rawBody: '{"objectType": "Form", "name": ' },
      { body: { objectType: 'Form', name: 42, formObject: 'MISC' } },
      { body: { objectType: 'Form', name: 'X', formObject: 'MISC', formJson: { version: 1, fields: 'none' } } },
    ],
  },
  {
    name: 'archive',
    method: 'DELETE',
    url: (ns) => `/api/Setting/${formId(ns, DEMO_FORMS.nonConformance)}`,
    permission: 'dataForms.write',
  },
  {
    name: 'one form',
    method: 'GET',
    url: (ns) => `/api/Setting/${formId(ns, DEMO_FORMS.craneAttributes)}`,
    permission: 'dataForms.definition',
  },
  {
    name: 'FormJSON',
    method: 'GET',
    url: (ns) => `/api/Setting/FormJSON?formId=${formId(ns, DEMO_FORMS.slingAttributes)}`,
    permission: 'dataForms.definition',
    malformed: [
      { url: '/api/Setting/FormJSON?formId=abc' },
      { url: '/api/Setting/FormJSON' },
      { url: '/api/Setting/FormJSON?formId=0x10' },
    ],
  },
  {
    name: 'FormJSON save',
    method: 'POST',
    url: () => '/api/Setting/FormJSON',
    body: (ns) => ({ formId: formId(ns, DEMO_FORMS.llgInspection), formJson: SIMPLE }),
    permission: 'dataForms.write',
    malformed: [
      { rawBody: '{"formId": 1,' },
      { body: { formId: 'one', formJson: SIMPLE } },
      { body: { formId: 1, formJson: { version: 1 } } },
    ],
  },
  {
    name: 'formdata',
    method: 'GET',
    url: (ns) => `/api/Setting/formdata?formId=${formId(ns, DEMO_FORMS.mobileCraneLoadTest)}`,
    permission: 'dataForms.definition',
    malformed: [{ url: '/api/Setting/formdata?formId=-1' }],
  },
  {
    name: 'FormObject',
    method: 'GET',
    url: () => '/api/Setting/FormObject?formobject=TASK%20TYPE',
    permission: 'dataForms.definition',
    namesRecord: false,
    malformed: [{ url: '/api/Setting/FormObject' }, { url: '/api/Setting/FormObject?formobject=NOPE' }],
  },
]);
