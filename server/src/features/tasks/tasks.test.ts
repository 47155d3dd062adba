import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChecklistAnswer,
  type FormDefinition,
  LLG_TEXT,
  LOCATIONS,
  ROLES,
  type Role,
  TASK_TEXT,
  type TaskDetail,
  type TaskRow,
} from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import type { SeededNamespace } from '../../demo/demo';
import { completedChecklist, sampleValues } from '../../demo/tasks';
import { inTransaction } from '../../db/transaction';

let t: TestContext;
const as: Partial<Record<Role, Client>> = {};
const client = (role: Role) => as[role] as Client;

interface Fixture {
  taskTypeId: number;
  divisionId: number;
  assetTypeId: number;
  assetId: number;
  otherAssetId: number;
  clientId: number;
  siteId: number;
  otherClientId: number;
  otherSiteId: number;
}
const fixtures: Record<string, Fixture> = {};
const account = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];
let jobSeq = 0;

/** A task type whose checklist has a MULTIPLE form on a section or item, and two assets (two clients) of its asset type. */
async function fixtureOf(ns: SeededNamespace): Promise<Fixture> {
  const db = t.app.db;
  const types = await queryRows<{ id: number; division_id: number; asset_type_id: number; checklist: { sections: unknown[] } }>(
    db,
    sql`select tt.id, tt.division_id, tt.asset_type_id, tt.checklist from task_types tt
         where tt.namespace_id = ${ns.id}::int and tt.status = 1 and tt.asset_type_id is not null
           and tt.name <> 'LLG' and tt.name not like 'llg-%' and jsonb_array_length(tt.checklist -> 'sections') > 0
         order by (tt.checklist::text like '%"formId": ' || (select min(df.id) from data_forms df where df.namespace_id = tt.namespace_id and df.form_type = 'MULTIPLE') || '%') desc,
                  (tt.checklist::text like '%formId%') desc, tt.id`,
  );
  const type = types[0];
  const [a, b] = [ns.clients[0], ns.clients[1]];
  const rows = await inTransaction(db, null, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name)
          values (${ns.id}::int, ${a.id}::int, ${a.siteIds[0]}::int, ${type.asset_type_id}::int, ${`${ns.name} task asset A`}),
                 (${ns.id}::int, ${b.id}::int, ${b.siteIds[0]}::int, ${type.asset_type_id}::int, ${`${ns.name} task asset B`})
          returning id`,
    ),
  );
  return {
    taskTypeId: Number(type.id),
    divisionId: Number(type.division_id),
    assetTypeId: Number(type.asset_type_id),
    assetId: Number(rows[0].id),
    otherAssetId: Number(rows[1].id),
    clientId: a.id,
    siteId: a.siteIds[0],
    otherClientId: b.id,
    otherSiteId: b.siteIds[0],
  };
}

interface TaskSetup {
  status?: number;
  certificateStatus?: number | null;
  observationType?: number;
  other?: boolean;
  quotation?: string;
  withChecklist?: boolean;
  /** A complete checklist (default for tasks submitted or later: 8, 16, 32). */
  complete?: boolean;
}

/** A job with one task, written directly (the jobs area's saves are tested there). */
async function makeTask(ns: SeededNamespace, setup: TaskSetup = {}): Promise<{ id: number; jobId: number; jobNumber: string }> {
  const f = fixtures[ns.name];
  const jobNumber = `T-${ns.name}-${++jobSeq}-${Date.now() % 100000}`;
  return inTransaction(t.app.db, null, async (tx) => {
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id, quotation_number)
          values (${ns.id}::int, ${jobNumber}, 'Task test job', ${setup.other ? f.otherClientId : f.clientId}::int,
                  ${setup.other ? f.otherSiteId : f.siteId}::int, now(), ${ns.offices[0].id}::int, ${account(ns, 'FIELD-ENGG')}::int,
                  ${setup.quotation ?? null})
          returning id`,
    );
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id,
                             status, certificate_status, observation_type)
          values (${ns.id}::int, ${job.id}::int, 'Task test', ${f.taskTypeId}::int, ${f.divisionId}::int, ${f.assetTypeId}::int,
                  ${setup.other ? f.otherAssetId : f.assetId}::int, ${setup.other ? f.otherSiteId : f.siteId}::int,
                  ${account(ns, 'FIELD-ENGG')}::int, ${setup.status ?? 1}::int, ${setup.certificateStatus ?? null}::int,
                  ${setup.observationType ?? 1024}::int)
          returning id`,
    );
    if (setup.complete ?? [8, 16, 32].includes(setup.status ?? 1)) {
      const { checklist, result } = await completedChecklist(tx, ns.id, f.taskTypeId, { inspectorId: account(ns, 'FIELD-ENGG') });
      await tx.execute(
        sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb, result = ${result}::int where id = ${task.id}::int`,
      );
    }
    return { id: Number(task.id), jobId: Number(job.id), jobNumber };
  });
}

async function taskRow(id: number) {
  const [row] = await queryRows<Record<string, unknown>>(t.app.db, sql`select * from tasks where id = ${id}::int`);
  return row;
}
const setCertificateStatus = (id: number, status: number) =>
  t.app.db.execute(sql`update tasks set certificate_status = ${status}::int where id = ${id}::int`);
const put = (c: Client, id: number, status: number, query = '') =>
  c.request({ method: 'PUT', url: `/api/Observation/${id}/${status}${query}` });
const list = async (c: Client, filter: Record<string, unknown> = {}, query = '') => {
  const response = await c.get(`/api/Observation?filter=${encodeURIComponent(JSON.stringify(filter))}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TaskRow[];
};
const detail = async (c: Client, id: number) => {
  const response = await c.get(`/api/Observation/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TaskDetail;
};
const outboxTo = async (email: string, since: number) =>
  queryRows<{ subject: string; text_body: string }>(
    t.app.db,
    sql`select subject, text_body from mail_outbox where to_address = ${email} and id > ${since}::int order by id`,
  );
const lastMailId = async () =>
  Number((await queryRows<{ n: number }>(t.app.db, sql`select coalesce(max(id), 0) as n from mail_outbox`))[0].n);

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ROLES) as[role] = await t.login(`${role.toLowerCase()}@demo.test`);
  fixtures.demo = await fixtureOf(t.demo);
  fixtures.acme = await fixtureOf(t.acme);
  ids.demo = (await makeTask(t.demo, { status: 8, certificateStatus: 13 })).id;
  ids.acme = (await makeTask(t.acme, { status: 8, certificateStatus: 13 })).id;
});
afterAll(async () => t.close());

const idOf = (ns: SeededNamespace) => ids[ns.name];

describeAreaAccess('tasks', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => '/api/Observation?offset=0&limit=200',
    permission: 'tasks.read',
    namesRecord: false,
    malformed: [
      { url: '/api/Observation?filter=%7B%22nope%22%3A1%7D' },
      { url: '/api/Observation?filter=%7B%22status%22%3A3%7D' },
      { url: '/api/Observation?limit=abc' },
    ],
  },
  { name: 'count', method: 'GET', url: () => '/api/Observation/count', permission: 'tasks.read', namesRecord: false },
  {
    name: 'detail',
    method: 'GET',
    url: (ns) => `/api/Observation/${idOf(ns)}`,
    permission: 'tasks.open',
    malformed: [{ url: '/api/Observation/abc' }, { url: '/api/Observation/0' }],
  },
  { name: 'checklist', method: 'GET', url: (ns) => `/api/Observation/${idOf(ns)}/checklist`, permission: 'tasks.open' },
  {
    name: 'hold',
    method: 'PUT',
    url: (ns) => `/api/Observation/${idOf(ns)}/4`,
    permission: 'tasks.hold',
    malformed: [{ url: '/api/Observation/1/7' }, { url: `/api/Observation/1/32?revisionComments=${'x'.repeat(501)}` }],
  },
  {
    name: 'approve',
    method: 'POST',
    url: (ns) => `/api/approvetaskweb?id=${idOf(ns)}`,
    permission: 'tasks.approve',
    malformed: [{ url: '/api/approvetaskweb' }, { url: '/api/approvetaskweb?id=x' }],
  },
  {
    name: 'change job details',
    method: 'POST',
    url: () => '/api/Observation/changejobdetails',
    body: (ns) => ({
      observationDetails: { id: idOf(ns), actualInspectionDate: '2026-11-20T09:00:00.000Z' },
      scheduleDetails: {},
      siteDetails: { name: 'Site', street: 'Street 1', pin: '12345' },
    }),
    permission: 'tasks.jobDetails',
    malformed: [{ body: { observationDetails: {} } }, { body: [] }],
  },
  {
    name: 'save checklist',
    method: 'POST',
    url: () => '/api/apptaskuploadWeb',
    body: (ns) => ({ observationId: idOf(ns), checklistData: [] }),
    permission: 'tasks.inspect',
    malformed: [{ body: { observationId: 'x', checklistData: [] } }, { body: { observationId: 1, checklistData: '{bad' } }],
  },
  { name: 'inspectors', method: 'GET', url: (ns) => `/api/Users/tasktype/${idOf(ns)}`, permission: 'tasks.amend' },
]);

describe('GET /api/Observation: the task dashboard', () => {
  it('answers rows with the seventeen columns and the can flags, newest change first', async () => {
    const first = await makeTask(t.demo, { quotation: 'QT-DASH-1' });
    const second = await makeTask(t.demo, { status: 2, quotation: 'QT-DASH-1' });
    const rows = await list(client('SCHEDULER'), { quotationNumber: 'qt-dash-1' });
    expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(rows[1]).toEqual({
      id: first.id,
      status: 1,
      jobNumber: first.jobNumber,
      location: 'demo task asset A',
      locationId: fixtures.demo.assetId,
      assetType: expect.any(String),
      assetTypeId: fixtures.demo.assetTypeId,
      taskType: expect.any(String),
      taskTypeId: fixtures.demo.taskTypeId,
      client: t.demo.clients[0].name,
      site: expect.any(String),
      observationInspector: expect.any(String),
      certificateNumber: null,
      certificateFile: null,
      quotationNumber: 'QT-DASH-1',
      observationType: 1024,
      actualInspectionDate: null,
      modifiedDate: expect.any(String),
      endUserName: null,
      endUserAddress: null,
      scheduleId: first.jobId,
      certificateStatus: null,
      result: null,
      isLlg: false,
      can: {
        open: true,
        inspect: false,
        submit: false,
        complete: false,
        hold: true,
        reopen: false,
        amend: false,
        approve: false,
        generate: false,
        cancel: true,
        editJobDetails: false,
        regenerate: false,
      },
    });
    const count = await client('SCHEDULER').get(
      `/api/Observation/count?filter=${encodeURIComponent(JSON.stringify({ quotationNumber: 'QT-DASH-1' }))}`,
    );
    expect(count.json()).toBe(2);
  });

  it('filters by the toggle, status, asset type and each search box', async () => {
    const open = await makeTask(t.demo, { quotation: 'QT-FILTER' });
    const approved = await makeTask(t.demo, { status: 16, quotation: 'QT-FILTER' });
    await t.app.db.execute(sql`update tasks set certificate_number = 'DXB-TST-2026-99001' where id = ${approved.id}::int`);
    const s = client('SCHEDULER');
    const q = { quotationNumber: 'QT-FILTER' };
    expect((await list(s, { ...q, active: true })).map((r) => r.id)).toEqual([open.id]);
    expect((await list(s, { ...q, active: false })).map((r) => r.id)).toEqual([approved.id]);
    expect((await list(s, { ...q, status: 16 })).map((r) => r.id)).toEqual([approved.id]);
    expect((await list(s, { ...q, status: '1,16' })).length).toBe(2);
    expect((await list(s, { ...q, assetTypeId: fixtures.demo.assetTypeId })).length).toBe(2);
    expect((await list(s, { certificateNumber: 'tst-2026-990' })).map((r) => r.id)).toEqual([approved.id]);
    expect((await list(s, { jobNumber: open.jobNumber })).map((r) => r.id)).toEqual([open.id]);
    expect((await list(s, { ...q, asset: 'TASK ASSET A' })).length).toBe(2);
    expect((await list(s, { ...q, client: t.demo.clients[0].name.slice(0, 5) })).length).toBe(2);
    expect((await list(s, { ...q, client: 'no such client' })).length).toBe(0);
    expect((await list(s, { ...q, site: 'no such site' })).length).toBe(0);
    // Paging and the export (offset -1 / limit -1: every matching row).
    expect((await list(s, q, '&offset=1&limit=1')).length).toBe(1);
    expect((await list(s, q, '&offset=-1&limit=-1')).length).toBe(2);
    // The filter as a header works the same.
    const header = await s.get('/api/Observation', { filter: encodeURIComponent(JSON.stringify({ ...q, status: 16 })) });
    expect(header.json().map((r: TaskRow) => r.id)).toEqual([approved.id]);
  });

  it('shows client roles their own company only, read only, and nothing of another namespace', async () => {
    const mine = await makeTask(t.demo, { quotation: 'QT-CLIENT' });
    const theirs = await makeTask(t.demo, { quotation: 'QT-CLIENT', other: true });
    const [cu] = await queryRows<{ company_id: number }>(
      t.app.db,
      sql`select company_id from users where id = ${account(t.demo, 'CLIENT-USER')}::int`,
    );
    const rows = await list(client('CLIENT-USER'), { quotationNumber: 'QT-CLIENT' });
    const expected = [mine, theirs].filter((_, i) => [fixtures.demo.clientId, fixtures.demo.otherClientId][i] === Number(cu.company_id));
    expect(rows.map((r) => r.id)).toEqual(expected.map((e) => e.id));
    for (const row of rows) expect(Object.values(row.can).every((v) => v === false)).toBe(true);
    // The acme scheduler sees none of demo's tasks.
    const acme = await t.login('scheduler@acme.test');
    expect(await list(acme, { quotationNumber: 'QT-CLIENT' })).toEqual([]);
  });

  it('answers My tasks: only the tasks whose inspector is the caller (DECISIONS 9)', async () => {
    const mine = await makeTask(t.demo, { quotation: 'QT-MINE' });
    const theirs = await makeTask(t.demo, { quotation: 'QT-MINE' });
    await t.app.db.execute(sql`update tasks set inspector_id = ${account(t.demo, 'APPROVER')}::int where id = ${theirs.id}::int`);
    const own = await list(client('FIELD-ENGG'), { quotationNumber: 'QT-MINE', mine: true });
    expect(own.map((r) => r.id)).toEqual([mine.id]);
    const all = await list(client('FIELD-ENGG'), { quotationNumber: 'QT-MINE' });
    expect(all.map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());
    const count = await client('FIELD-ENGG').get(
      `/api/Observation/count?filter=${encodeURIComponent(JSON.stringify({ quotationNumber: 'QT-MINE', mine: true }))}`,
    );
    expect(count.json()).toBe(1);
    expect(
      (await client('FIELD-ENGG').get(`/api/Observation?filter=${encodeURIComponent(JSON.stringify({ mine: 'yes' }))}`)).statusCode,
    ).toBe(400);
  });

  it('limits SITE-USER to tasks on their sites', async () => {
    const [su] = await queryRows<{ site_ids: number[] | null }>(
      t.app.db,
      sql`select array_agg(site_id) as site_ids from user_sites where user_id = ${account(t.demo, 'SITE-USER')}::int`,
    );
    const rows = await list(client('SITE-USER'), {}, '&offset=-1&limit=-1');
    const sites = (su.site_ids ?? []).map(Number);
    for (const row of rows) {
      const [task] = await queryRows<{ site_id: number; job_site: number }>(
        t.app.db,
        sql`select t.site_id, j.site_id as job_site from tasks t join jobs j on j.id = t.job_id where t.id = ${row.id}::int`,
      );
      expect(sites.includes(Number(task.site_id)) || sites.includes(Number(task.job_site))).toBe(true);
    }
  });
});

describe('GET /api/Observation/{id}: task details', () => {
  it('answers the task with site, vendor, certificate fields, tabs and buttons', async () => {
    const task = await makeTask(t.demo, { status: 8, certificateStatus: 13 });
    const d = await detail(client('APPROVER'), task.id);
    expect(d).toMatchObject({
      id: task.id,
      status: 8,
      siteId: fixtures.demo.siteId,
      companyId: fixtures.demo.clientId,
      mainInspectorId: account(t.demo, 'FIELD-ENGG'),
      certificateLink: null,
      revision: 0,
      otherFiles: [],
      parentId: null,
      // A submitted task holds its complete checklist, saved by the field engineer who performed it.
      hasChecklist: true,
      performedBy: [{ id: account(t.demo, 'FIELD-ENGG'), name: expect.any(String) }],
      basisOfExamination: 'interval12',
      testEquipment: [],
      verificationUrl: null,
      tabs: {
        preview: true,
        jobDetails: true,
        // The task has its asset: ASSET DETAILS, and nothing to attach.
        assetDetails: true,
        fieldReport: false,
        inspect: false,
        attachAsset: false,
        fullChecklistReport: false,
      },
    });
    expect(d.can).toMatchObject({ approve: true, reopen: true, submit: false, cancel: false, amend: false, editJobDetails: true });
    expect(d.buttons).toMatchObject({ approve: true, reopen: true, generate: true });
    expect(Object.keys(d)).toEqual(
      expect.arrayContaining(['siteStreet', 'siteCity', 'siteState', 'siteCountry', 'sitePin', 'vendorDetails']),
    );
  });

  it('applies the role effects: SCHEDULER no Reopen/Approve, APPROVER no Cancel, FIELD-ENGG no buttons', async () => {
    const submitted = await makeTask(t.demo, { status: 8, certificateStatus: 13 });
    const open = await makeTask(t.demo, { status: 1 });
    const s = await detail(client('SCHEDULER'), submitted.id);
    expect(s.can.reopen).toBe(false);
    expect(s.can.approve).toBe(false);
    expect((await detail(client('APPROVER'), open.id)).can.cancel).toBe(false);
    expect((await detail(client('SCHEDULER'), open.id)).can.cancel).toBe(true);
    const fe = await detail(client('FIELD-ENGG'), open.id);
    expect(fe.can.submit).toBe(true);
    expect(fe.can.inspect).toBe(true);
    expect(fe.tabs.inspect).toBe(true);
    expect(Object.values(fe.buttons).every((b) => b === false)).toBe(true);
  });

  it('disables every action of a special observation (256) and needs a ready preview to approve', async () => {
    const special = await makeTask(t.demo, { status: 8, certificateStatus: 13, observationType: 256 });
    const d = await detail(client('LO-ADMIN'), special.id);
    expect(Object.values(d.buttons).every((b) => b === false)).toBe(true);
    expect(d.can.editJobDetails).toBe(false);
    const notReady = await makeTask(t.demo, { status: 8, certificateStatus: 12 });
    expect((await detail(client('APPROVER'), notReady.id)).can.approve).toBe(false);
    const refused = await client('APPROVER').post(`/api/approvetaskweb?id=${notReady.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown task, for client roles (no detail view) and across companies', async () => {
    expect((await client('SCHEDULER').get('/api/Observation/2147483000')).statusCode).toBe(404);
    expect((await client('CLIENT-USER').get(`/api/Observation/${ids.demo}`)).statusCode).toBe(403);
    const acme = await t.login('approver@acme.test');
    expect((await acme.get(`/api/Observation/${ids.demo}`)).statusCode).toBe(404);
  });
});

describe('the workflow', () => {
  it('walks open -> inspect -> submit -> approve -> amend -> re-approve with one certificate number', async () => {
    const task = await makeTask(t.demo);
    const fe = client('FIELD-ENGG');
    // Opening for inspection copies the checklist and sets 4.
    const opened = await put(fe, task.id, 4, '?isToUpdateChecklist=true');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 4, checklistUpdated: true, message: TASK_TEXT.checklistInitialised('Hold') });
    expect((await taskRow(task.id)).checklist).not.toBeNull();
    // The checklist as flat nodes.
    const checklist = (await fe.get(`/api/Observation/${task.id}/checklist`)).json() as ChecklistAnswer;
    expect(checklist.editable).toBe(true);
    const sections = checklist.nodes.filter((n) => n.nodeType === 'SECTION');
    expect(sections.every((s) => s.parentSectionId === -100)).toBe(true);
    const items = checklist.nodes.filter((n) => n.nodeType === 'ITEM');
    expect(items.length).toBeGreaterThan(0);
    // The fixture's task type has a MULTIPLE form (samples within Min and Max) and single forms.
    expect(checklist.nodes.some((n) => n.form?.formType === 'MULTIPLE' && (n.form.samplesMax ?? 0) >= 1)).toBe(true);
    // Fill every node with a form, and pass every item.
    const revisions = new Map<number, FormDefinition>();
    for (const node of checklist.nodes) {
      if (node.form && !revisions.has(node.form.formId)) {
        const [rev] = await queryRows<{ definition: FormDefinition }>(
          t.app.db,
          sql`select definition from data_form_revisions where form_id = ${node.form.formId}::int and revision = ${node.form.formRevision}::int`,
        );
        revisions.set(node.form.formId, rev.definition);
      }
    }
    const data = checklist.nodes.map((node) => ({
      id: node.id,
      ...(node.nodeType === 'ITEM' ? { itemResult: 'pass' } : {}),
      userData: {
        records: node.form
          ? Array.from({ length: node.form.samplesMin ?? 1 }, (_, i) => ({
              formId: node.form?.formId,
              formName: node.form?.formName,
              formRevision: node.form?.formRevision,
              formRecordId: `r${i}-${node.id}`.slice(0, 40),
              attributes: sampleValues(revisions.get(node.form?.formId as number) as FormDefinition),
              attributesFiles: [],
            }))
          : [],
        files: [],
      },
    }));
    const saved = await fe.post('/api/apptaskuploadWeb', { observationId: task.id, checklistData: JSON.stringify(data) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: TASK_TEXT.checklistSaved,
      observationId: task.id,
      status: 2,
      result: 1,
      savedAt: expect.any(String),
    });
    // Submit: 8, preview queued, the job follows.
    const submitted = await put(fe, task.id, 8);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 8, message: 'Task Submitted successfully', certificateStatus: 11, scheduleStatus: 8 });
    const queued = await queryRows<{ phase: string }>(t.app.db, sql`select phase from document_jobs where task_id = ${task.id}::int`);
    expect(queued.map((q) => q.phase)).toEqual(['preview']);
    expect((await taskRow(task.id)).actual_inspection_date).not.toBeNull();
    // Approve needs the ready preview, and the role.
    expect((await client('APPROVER').post(`/api/approvetaskweb?id=${task.id}`)).statusCode).toBe(409);
    await setCertificateStatus(task.id, 13);
    expect((await client('SCHEDULER').post(`/api/approvetaskweb?id=${task.id}`)).statusCode).toBe(403);
    const approved = await client('APPROVER').post(`/api/approvetaskweb?id=${task.id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    const number = approved.json().certificateNumber as string;
    expect(number).toMatch(new RegExp(`^DXB-[A-Z0-9]+-${new Date().getUTCFullYear()}-\\d{5}$`));
    expect(approved.json()).toMatchObject({ status: 16, revision: 0, certificateStatus: 31, scheduleStatus: 4 });
    const row = await taskRow(task.id);
    expect(row.approver_id).toBe(account(t.demo, 'APPROVER'));
    const [asset] = await queryRows<{ last_result: number; due_date: Date; last_inspection_date: Date }>(
      t.app.db,
      sql`select last_result, due_date, last_inspection_date from assets where id = ${fixtures.demo.assetId}::int`,
    );
    expect(asset.last_result).toBe(1);
    expect(new Date(asset.due_date).getTime()).toBeGreaterThan(new Date(asset.last_inspection_date).getTime());
    // Amend with comments and a new inspector: mails and an audit note.
    const since = await lastMailId();
    const junior = account(t.demo, 'FIELD-JUNIOR');
    const amended = await put(
      client('SCHEDULER'),
      task.id,
      32,
      `?revisionComments=${encodeURIComponent('Wrong serial')}&newInspector=${junior}`,
    );
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ status: 32, notification: true, inspectorId: junior, message: 'Task Amended successfully' });
    expect((await outboxTo('field-junior@demo.test', since)).length).toBe(1);
    expect((await outboxTo('field-engg@demo.test', since)).length).toBe(1);
    const [note] = await queryRows<{ user_id: number; changes: { action: string; comment: string; newInspector: number } }>(
      t.app.db,
      sql`select user_id, changes from audit_log where entity = 'tasks' and entity_id = ${String(task.id)} and action = 'TRANSITION'
           order by id desc limit 1`,
    );
    expect(note).toMatchObject({
      user_id: account(t.demo, 'SCHEDULER'),
      changes: { action: 'amend', comment: 'Wrong serial', newInspector: junior },
    });
    expect((await taskRow(task.id)).revision_comments).toBe('Wrong serial');
    // Submit again and approve again: the same number, the next revision.
    expect((await put(client('APPROVER'), task.id, 8)).statusCode).toBe(200);
    await setCertificateStatus(task.id, 13);
    const again = await client('LO-ADMIN').post(`/api/approvetaskweb?id=${task.id}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ certificateNumber: number, revision: 1 });
  });

  it('reopens only at 8 and mails the inspectors; cancels only at 1; holds', async () => {
    const submitted = await makeTask(t.demo, { status: 8 });
    expect((await put(client('SCHEDULER'), submitted.id, 2)).statusCode).toBe(403);
    const since = await lastMailId();
    const reopened = await put(client('APPROVER-ONLY'), submitted.id, 2);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 2, notification: true, message: 'Task Ongoing successfully' });
    expect((await outboxTo('field-engg@demo.test', since)).length).toBe(1);
    expect((await put(client('APPROVER'), submitted.id, 2)).statusCode).toBe(409);
    // Cancel: only at 1, not for APPROVER.
    const open = await makeTask(t.demo);
    expect((await put(client('APPROVER'), open.id, 64)).statusCode).toBe(403);
    expect((await put(client('SCHEDULER'), submitted.id, 64)).statusCode).toBe(409);
    const hold = await put(client('SCHEDULER'), open.id, 4);
    expect(hold.json()).toMatchObject({ status: 4, notification: false, message: 'Task Hold successfully' });
    expect((await put(client('SCHEDULER'), open.id, 64)).statusCode).toBe(409);
    const other = await makeTask(t.demo);
    const cancelled = await put(client('LO-ADMIN'), other.id, 64);
    expect(cancelled.json()).toMatchObject({ status: 64, message: 'Task Cancelled successfully', scheduleStatus: 1 });
    // Amend only at 16; Generate (16) is Approve.
    expect((await put(client('SCHEDULER'), open.id, 32)).statusCode).toBe(409);
    const ready = await makeTask(t.demo, { status: 8, certificateStatus: 13 });
    const generated = await put(client('APPROVER'), ready.id, 16);
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().status).toBe(16);
  });

  it('refuses a new inspector who is not a field engineer of the job office', async () => {
    const task = await makeTask(t.demo, { status: 16 });
    const bad = await put(client('SCHEDULER'), task.id, 32, `?newInspector=${account(t.demo, 'APPROVER')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(TASK_TEXT.newInspectorInvalid);
    const inspectors = await client('SCHEDULER').get(`/api/Users/tasktype/${task.id}`);
    expect(inspectors.statusCode).toBe(200);
    expect(inspectors.json().map((u: { role: string }) => u.role)).not.toContain('APPROVER');
  });

  it('approves one task once when two approvals race', async () => {
    const task = await makeTask(t.demo, { status: 8, certificateStatus: 13 });
    const [a, b] = await Promise.all([
      client('APPROVER').post(`/api/approvetaskweb?id=${task.id}`),
      client('LO-ADMIN').post(`/api/approvetaskweb?id=${task.id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from document_jobs where task_id = ${task.id}::int and phase = 'final'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses to submit an LLG task without child tasks, with the spec text', async () => {
    const task = await makeTask(t.demo, { status: 2 });
    await t.app.db.execute(sql`update tasks set is_llg = true, asset_id = null where id = ${task.id}::int`);
    const refused = await put(client('FIELD-ENGG'), task.id, 8);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TASK_TEXT.noChildLlg);
    const [child] = await queryRows<{ id: number }>(
      t.app.db,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, parent_id, status)
          select namespace_id, job_id, 'child', task_type_id, division_id, site_id, id, 2 from tasks where id = ${task.id}::int
          returning id`,
    );
    // DECISIONS 9 holds for each child: an incomplete one stops the Submit, naming it (LLG tests: llg.workflow.test.ts).
    const incomplete = await put(client('FIELD-ENGG'), task.id, 8);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error).toBe(LLG_TEXT.childIncomplete('child'));
    const { checklist } = await completedChecklist(t.app.db, t.demo.id, fixtures.demo.taskTypeId, {
      inspectorId: account(t.demo, 'FIELD-ENGG'),
    });
    await t.app.db.execute(sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb where id = ${child.id}::int`);
    const submitted = await put(client('FIELD-ENGG'), task.id, 8);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const children = await queryRows<{ status: number; dated: boolean }>(
      t.app.db,
      sql`select status, actual_inspection_date is not null as dated from tasks where parent_id = ${task.id}::int`,
    );
    expect(children).toEqual([{ status: 8, dated: true }]);
  });

  it('gives concurrent approvals distinct certificate numbers', async () => {
    const tasks = await Promise.all(Array.from({ length: 6 }, () => makeTask(t.demo, { status: 8, certificateStatus: 13 })));
    const answers = await Promise.all(tasks.map((task) => client('APPROVER').post(`/api/approvetaskweb?id=${task.id}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.json().certificateNumber)).size).toBe(6);
  });
});

describe('checklist saves', () => {
  it('refuses bad form data with the spec text and unknown nodes, and saves only in INSPECT statuses', async () => {
    const task = await makeTask(t.demo);
    const fe = client('FIELD-ENGG');
    const checklist = (await fe.get(`/api/Observation/${task.id}/checklist`)).json() as ChecklistAnswer;
    const withForm = checklist.nodes.find((n) => n.form);
    expect(withForm?.form).toBeTruthy();
    if (withForm?.form) {
      const bad = await fe.post('/api/apptaskuploadWeb', {
        observationId: task.id,
        checklistData: [
          {
            id: withForm.id,
            userData: {
              records: [
                {
                  formId: withForm.form.formId,
                  formName: withForm.form.formName,
                  formRevision: withForm.form.formRevision,
                  formRecordId: 'r1',
                  attributes: { nope: 1 },
                  attributesFiles: [],
                },
              ],
              files: [],
            },
          },
        ],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(TASK_TEXT.incorrectFormData);
    }
    const multiple = checklist.nodes.find((n) => n.form?.formType === 'MULTIPLE');
    const form = multiple?.form;
    expect(form).toBeTruthy();
    if (multiple && form) {
      const [rev] = await queryRows<{ definition: FormDefinition }>(
        t.app.db,
        sql`select definition from data_form_revisions where form_id = ${form.formId}::int and revision = ${form.formRevision}::int`,
      );
      const record = (i: number) => ({
        formId: form.formId,
        formName: form.formName,
        formRevision: form.formRevision,
        formRecordId: `s${i}`,
        attributes: sampleValues(rev.definition),
        attributesFiles: [],
      });
      const tooMany = await fe.post('/api/apptaskuploadWeb', {
        observationId: task.id,
        checklistData: [
          { id: multiple.id, userData: { records: Array.from({ length: (form.samplesMax ?? 1) + 1 }, (_, i) => record(i)), files: [] } },
        ],
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error).toBe(TASK_TEXT.incorrectFormData);
      const enough = await fe.post('/api/apptaskuploadWeb', {
        observationId: task.id,
        checklistData: [{ id: multiple.id, userData: { records: [record(0), record(1)].slice(0, form.samplesMax ?? 1), files: [] } }],
      });
      expect(enough.statusCode, enough.body).toBe(200);
    }
    const unknown = await fe.post('/api/apptaskuploadWeb', { observationId: task.id, checklistData: [{ id: 'nope', itemResult: 'pass' }] });
    expect(unknown.statusCode).toBe(400);
    const fakeFile = await fe.post('/api/apptaskuploadWeb', {
      observationId: task.id,
      checklistData: [
        { id: checklist.nodes[0].id, userData: { records: [], files: [{ blobKey: 'made-up', fileName: 'x.png', fileType: 'image/png' }] } },
      ],
    });
    expect(fakeFile.statusCode).toBe(400);
    const submitted = await makeTask(t.demo, { status: 8 });
    const locked = await fe.post('/api/apptaskuploadWeb', { observationId: submitted.id, checklistData: [] });
    expect(locked.statusCode).toBe(409);
    // SCHEDULER may not inspect.
    expect((await client('SCHEDULER').post('/api/apptaskuploadWeb', { observationId: task.id, checklistData: [] })).statusCode).toBe(403);
  });

  it('refuses a save that expected an older node when someone else saved it since (409), and keeps old clients working', async () => {
    const task = await makeTask(t.demo);
    const fe = client('FIELD-ENGG');
    const other = client('APPROVER');
    const nodesOf = async () => ((await fe.get(`/api/Observation/${task.id}/checklist`)).json() as ChecklistAnswer).nodes;
    const item = (await nodesOf()).find((n) => n.nodeType === 'ITEM' && !n.form);
    if (!item) throw new Error('the fixture has an item without a form');
    expect(item.savedAt).toBeNull();
    const save = (as: Client, node: Record<string, unknown>) =>
      as.post('/api/apptaskuploadWeb', { observationId: task.id, checklistData: [{ id: item.id, ...node }] });
    // Never saved, expected null: saved; the answer says the node's new savedAt.
    const first = await save(fe, { itemResult: 'pass', expected: null });
    expect(first.statusCode, first.body).toBe(200);
    const firstAt = first.json().savedAt as string;
    expect((await nodesOf()).find((n) => n.id === item.id)?.savedAt).toBe(firstAt);
    // The same user's next save (queued before the first was sent) still expects null: theirs, so it passes.
    const own = await save(fe, { itemResult: 'na', expected: null });
    expect(own.statusCode, own.body).toBe(200);
    const ownAt = own.json().savedAt as string;
    // Someone else saves it after that...
    const theirs = await save(other, { itemResult: 'pass', expected: ownAt });
    expect(theirs.statusCode, theirs.body).toBe(200);
    // ...so the engineer's save that expected their own older state is refused, naming the node, and nothing changes.
    const late = await save(fe, { itemResult: 'na', expected: ownAt });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(TASK_TEXT.nodeChanged(item.name));
    const now = (await nodesOf()).find((n) => n.id === item.id);
    expect(now?.itemResult).toBe('pass');
    // What the client saw last passes; a save without `expected` (older clients) is not checked.
    expect((await save(fe, { itemResult: 'na', expected: now?.savedAt })).statusCode).toBe(200);
    expect((await save(other, { itemResult: 'pass' })).statusCode).toBe(200);
    expect((await save(fe, { itemResult: 'na' })).statusCode).toBe(200);
  });

  it('takes the spec multipart shape, claims uploaded files for the task and serves them only to who may see it', async () => {
    const task = await makeTask(t.demo);
    const fe = client('FIELD-ENGG');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const upload = multipart('file', 'photo.png', png, 'image/png');
    const uploaded = await fe.request({ method: 'POST', url: '/api/Setting/formfile?kind=photo', ...upload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const blobKey = uploaded.json().blobKey as string;
    const checklist = (await fe.get(`/api/Observation/${task.id}/checklist`)).json() as ChecklistAnswer;
    const item = checklist.nodes.find((n) => n.nodeType === 'ITEM' && !n.form) ?? checklist.nodes.find((n) => n.nodeType === 'ITEM');
    const data = JSON.stringify([
      {
        id: item?.id,
        itemResult: 'fail',
        userData: { records: [], files: [{ blobKey, fileName: 'photo.png', fileType: 'image/png' }] },
        defect: { description: 'Hook latch missing', danger: 1, remedialAction: 'Fit a new latch' },
      },
    ]);
    const boundary = '----tasktest';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="observationId"\r\n\r\n${task.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="checklistData"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    );
    const saved = await fe.request({
      method: 'POST',
      url: '/api/apptaskuploadWeb',
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 2, result: 2 });
    const [file] = await queryRows<{ owner_type: string; owner_id: number }>(
      t.app.db,
      sql`select owner_type, owner_id from files where blob_key = ${blobKey}`,
    );
    expect(file).toEqual({ owner_type: 'task-file', owner_id: task.id });
    expect((await fe.get(`/api/filedownload?id=${blobKey}`)).statusCode).toBe(200);
    const [cu] = await queryRows<{ company_id: number }>(
      t.app.db,
      sql`select company_id from users where id = ${account(t.demo, 'CLIENT-USER')}::int`,
    );
    const clientSees = Number(cu.company_id) === fixtures.demo.clientId;
    expect((await client('CLIENT-USER').get(`/api/filedownload?id=${blobKey}`)).statusCode).toBe(clientSees ? 200 : 404);
    const acme = await t.login('lo-admin@acme.test');
    expect((await acme.get(`/api/filedownload?id=${blobKey}`)).statusCode).toBe(404);
  });
});

describe('POST /api/Observation/changejobdetails and POST /api/addasynctask', () => {
  const body = (id: number, extra: Record<string, unknown> = {}) => ({
    observationDetails: { id, actualInspectionDate: '2026-11-20T09:30:00.000Z' },
    scheduleDetails: { vendorDetails: 'Gulf Crane Rentals', subVendorDetails: null },
    siteDetails: { name: 'Yard 2', street: 'Street 7', city: 'Dubai', pin: '12345' },
    ...extra,
  });

  it('saves at status 8 and regenerates the preview', async () => {
    const task = await makeTask(t.demo, { status: 8, certificateStatus: 13 });
    const saved = await client('APPROVER').post('/api/Observation/changejobdetails', body(task.id));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: TASK_TEXT.jobDetailsSaved, id: task.id, certificateStatus: 11 });
    const d = await detail(client('APPROVER'), task.id);
    expect(d).toMatchObject({
      actualInspectionDate: '2026-11-20T09:30:00.000Z',
      vendorDetails: 'Gulf Crane Rentals',
      siteStreet: 'Street 7',
      sitePin: '12345',
    });
  });

  it('refuses renaming the site onto an active sibling’s name, as the Location screen does (409), keeping nothing', async () => {
    const task = await makeTask(t.demo, { status: 8 });
    const [site] = await queryRows<{ id: number; company_id: number; parent_id: number | null; name: string }>(
      t.app.db,
      sql`select s.id, s.company_id, s.parent_id, s.name from tasks k join sites s on s.id = k.site_id where k.id = ${task.id}::int`,
    );
    const sibling = await client('SCHEDULER').post('/api/Location', {
      objectType: 'SITE',
      name: 'Job Details Twin Yard',
      companyId: site.company_id,
      parentId: site.parent_id ?? site.company_id,
      street: 'x',
    });
    expect(sibling.statusCode, sibling.body).toBe(200);
    const saved = async () =>
      queryRows<{ name: string; vendor: string | null; inspected: string | null }>(
        t.app.db,
        sql`select s.name, j.vendor_details as vendor, k.actual_inspection_date::text as inspected
              from tasks k join sites s on s.id = k.site_id join jobs j on j.id = k.job_id where k.id = ${task.id}::int`,
      );
    const before = await saved();
    const refused = await client('APPROVER').post(
      '/api/Observation/changejobdetails',
      body(task.id, { siteDetails: { name: 'JOB DETAILS TWIN YARD', street: 'Street 9', pin: '12345' } }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: LOCATIONS.duplicateSiteName,
      fields: { 'siteDetails.name': LOCATIONS.duplicateSiteName },
    });
    expect(await saved()).toEqual(before);
  });

  it('checks the spec fields and the status', async () => {
    const task = await makeTask(t.demo, { status: 8 });
    const missing = await client('APPROVER').post('/api/Observation/changejobdetails', {
      observationDetails: { id: task.id, actualInspectionDate: '2026-11-20' },
      scheduleDetails: {},
      siteDetails: { name: '', street: '', pin: 'abc' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      'siteDetails.name': TASK_TEXT.siteNameRequired,
      'siteDetails.street': TASK_TEXT.streetRequired,
      'observationDetails.actualInspectionTime': TASK_TEXT.inspectionTimeRequired,
    });
    const open = await makeTask(t.demo);
    expect((await client('APPROVER').post('/api/Observation/changejobdetails', body(open.id))).statusCode).toBe(409);
    expect((await client('FIELD-ENGG').post('/api/Observation/changejobdetails', body(task.id))).statusCode).toBe(403);
  });

  it('regenerates previews and failed finals only, for the roles that may approve (DECISIONS 9)', async () => {
    const failed = await makeTask(t.demo, { status: 16, certificateStatus: 39 });
    // A final certificate never changes: the roles that cannot approve are refused whatever the state.
    for (const role of ['SCHEDULER', 'FIELD-ENGG', 'CLIENT-USER'] as const)
      expect((await client(role).post(`/api/addasynctask?id=${failed.id}&preview=true`)).statusCode).toBe(403);
    const again = await client('APPROVER').post(`/api/addasynctask?id=${failed.id}&preview=true`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ phase: 'final', certificateStatus: 31 });
    const issued = await makeTask(t.demo, { status: 16, certificateStatus: 33 });
    const refused = await client('LO-ADMIN').post(`/api/addasynctask?id=${issued.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TASK_TEXT.regenerateFinal);
    expect((await detail(client('APPROVER'), issued.id)).can.regenerate).toBe(false);
    const submitted = await makeTask(t.demo, { status: 8, certificateStatus: 13 });
    expect((await detail(client('APPROVER'), submitted.id)).can.regenerate).toBe(true);
    expect((await detail(client('SCHEDULER'), submitted.id)).can.regenerate).toBe(false);
    const preview = await client('APPROVER-ONLY').post(`/api/addasynctask?id=${submitted.id}`);
    expect(preview.json()).toMatchObject({ phase: 'preview', certificateStatus: 11 });
    const open = await makeTask(t.demo);
    expect((await client('APPROVER').post(`/api/addasynctask?id=${open.id}`)).statusCode).toBe(409);
    expect((await client('APPROVER').post(`/api/addasynctask?id=${ids.acme}`)).statusCode).toBe(404);
    expect((await t.anonymous.post(`/api/addasynctask?id=${failed.id}`)).statusCode).toBe(401);
  });
});
