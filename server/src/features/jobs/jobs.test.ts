import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TEXT, type JobRow, type JobTask, type ScheduleBody, type ScheduleSaveAnswer } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import { assets, taskTypes, users } from '../../db/schema';
import type { SeededNamespace } from '../../demo/demo';
import { inTransaction } from '../../db/transaction';

let t: TestContext;
let scheduler: Client;
let fieldEngg: Client;
let approver: Client;
let loAdmin: Client;

interface Fixture {
  taskTypeId: number;
  divisionId: number;
  llgTaskTypeId: number;
  assetIds: number[];
}
const fixtures = new Map<string, Fixture>();

/** A task type with an asset type, the LLG task type and two assets of that type on the first site. */
async function fixtureOf(ns: SeededNamespace): Promise<Fixture> {
  const known = fixtures.get(ns.name);
  if (known) return known;
  const db = t.app.db;
  const types = await db
    .select({ id: taskTypes.id, name: taskTypes.name, divisionId: taskTypes.divisionId, assetTypeId: taskTypes.assetTypeId })
    .from(taskTypes)
    .where(and(eq(taskTypes.namespaceId, ns.id), eq(taskTypes.status, 1)));
  const plain = types.find((x) => x.assetTypeId !== null && x.name !== 'LLG' && !x.name.startsWith('llg-')) as (typeof types)[number];
  const llg = types.find((x) => x.name === 'LLG') as (typeof types)[number];
  const client = ns.clients[0];
  const rows = await inTransaction(db, null, (tx) =>
    tx
      .insert(assets)
      .values(
        [1, 2].map((n) => ({
          namespaceId: ns.id,
          companyId: client.id,
          siteId: client.siteIds[0],
          assetTypeId: plain.assetTypeId as number,
          name: `${ns.name} test asset ${n}`,
        })),
      )
      .returning({ id: assets.id }),
  );
  const fixture = { taskTypeId: plain.id, divisionId: plain.divisionId, llgTaskTypeId: llg.id, assetIds: rows.map((r) => r.id) };
  fixtures.set(ns.name, fixture);
  return fixture;
}

const account = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];

function jobBody(ns: SeededNamespace, extra: Partial<ScheduleBody> = {}): ScheduleBody {
  return {
    customerId: ns.clients[0].id,
    siteId: ns.clients[0].siteIds[0],
    startDate: '2026-11-20T08:00:00.000Z',
    duration: 2,
    secondaryOfficeId: ns.offices[0].id,
    officeId: ns.offices[0].id,
    mainInspectorId: account(ns, 'FIELD-ENGG'),
    inspectorIds: [account(ns, 'FIELD-JUNIOR')],
    price: 1200,
    currency: 'AED',
    quotationNumber: 'Q-1001',
    poNumber: 'PO-77',
    comments: 'Annual LOLER inspection of the yard cranes',
    type: 1,
    timeZone: 'Asia/Dubai',
    ...extra,
  };
}

async function createJob(client: Client = scheduler, extra: Partial<ScheduleBody> = {}): Promise<ScheduleSaveAnswer> {
  const response = await client.post('/api/Schedule', jobBody(t.demo, extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function jobs(client: Client, filter: Record<string, unknown> = {}, query = ''): Promise<JobRow[]> {
  const response = await client.get(`/api/Schedule?filter=${encodeURIComponent(JSON.stringify(filter))}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function tasksOf(id: number, client: Client = scheduler): Promise<JobTask[]> {
  const response = await client.get(`/api/Observation/Schedule?scheduleId=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function saveTasks(id: number, body: unknown[], client: Client = scheduler, cancelFlag = 1) {
  return client.post(`/api/Observation/All?cancelFlag=${cancelFlag}&scheduleId=${id}`, body);
}

beforeAll(async () => {
  t = await createTestContext();
  [scheduler, fieldEngg, approver, loAdmin] = await Promise.all(
    ['scheduler@demo.test', 'field-engg@demo.test', 'approver@demo.test', 'lo-admin@demo.test'].map((e) => t.login(e)),
  );
  await fixtureOf(t.demo);
  await fixtureOf(t.acme);
  // One job in each namespace for the access cases.
  await createJob();
  const acmeScheduler = await t.login('scheduler@acme.test');
  const acme = await acmeScheduler.post('/api/Schedule', jobBody(t.acme));
  expect(acme.statusCode, acme.body).toBe(200);
  acmeJobId = acme.json().schedule.id;
});
afterAll(async () => t.close());

let acmeJobId = 0;
const anyJobId = async (ns: SeededNamespace) => {
  if (ns.name === 'acme') return acmeJobId;
  const [row] = await queryRows<{ id: number }>(t.app.db, sql`select min(id) as id from jobs where namespace_id = ${ns.id}`);
  return Number(row.id);
};
// The access kit builds urls synchronously: ids are fixed once the set-up has run.
const ids: Record<string, number> = {};

describe('POST /api/Schedule: create', () => {
  it('creates a job numbered <office code>-<yyyy>-<5 digits> from the office JOB sequence', async () => {
    const saved = await createJob();
    const year = new Date().getUTCFullYear();
    expect(saved.schedule.jobNumber).toMatch(new RegExp(`^DXB-${year}-\\d{5}$`));
    expect(saved).toEqual({
      schedule: { id: expect.any(Number), jobNumber: saved.schedule.jobNumber, status: 1 },
      notification: 0,
      inspectorId: null,
    });
    const [row] = await jobs(scheduler, { jobNumber: saved.schedule.jobNumber });
    expect(row).toMatchObject({
      id: saved.schedule.id,
      jobNumber: saved.schedule.jobNumber,
      name: 'Job 20-Nov-2026',
      objectType: 'schedule',
      tenantId: 2,
      status: 1,
      type: 1,
      client: t.demo.clients[0].name,
      duration: 2,
      startDate: '2026-11-20T08:00:00.000Z',
      endDate: '2026-11-22T08:00:00.000Z',
      secondaryOfficeId: t.demo.offices[0].id,
      officeId: t.demo.offices[0].id,
      officeCode: 'DXB',
      inspectorIds: String(account(t.demo, 'FIELD-JUNIOR')),
      price: 1200,
      currency: 'AED',
      quotationNumber: 'Q-1001',
      isDayJob: false,
      isDayJobClosed: false,
      otherFiles: [],
      can: { edit: true, cancel: true, close: false, addTasks: true, editInspectors: false },
    });
    expect(row.inspector).toContain('Faisal Rahman');
    expect(row.inspector).toContain('Jacob Thomas');
  });

  it('gives 20 concurrent saves 20 distinct, consecutive numbers', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => scheduler.post('/api/Schedule', jobBody(t.demo))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => Number((a.json() as ScheduleSaveAnswer).schedule.jobNumber.slice(-5))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19] - numbers[0]).toBe(19);
  });

  it('gives a failed save its number back (the job and the number are one transaction)', async () => {
    const before = (await createJob()).schedule.jobNumber;
    const failed = await scheduler.post('/api/Schedule', jobBody(t.demo, { clientUserIds: [account(t.demo, 'SCHEDULER')] }));
    expect(failed.statusCode).toBe(400);
    const after = (await createJob()).schedule.jobNumber;
    expect(Number(after.slice(-5))).toBe(Number(before.slice(-5)) + 1);
  });

  it('refuses missing and invalid fields with the field names', async () => {
    const missing = await scheduler.post('/api/Schedule', { startDate: '2026-11-20' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(
      expect.arrayContaining(['customerId', 'siteId', 'secondaryOfficeId', 'mainInspectorId']),
    );
    const bad = await scheduler.post(
      '/api/Schedule',
      jobBody(t.demo, { duration: 0, price: 0, vendorDetails: 'x'.repeat(201), currency: 'XXX' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['duration', 'price', 'vendorDetails', 'currency']));
    const json = await scheduler.request({
      method: 'POST',
      url: '/api/Schedule',
      payload: '{"customerId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses references outside the caller namespace, sub-locations, offices not of the caller and unqualified inspectors', async () => {
    const cases: [Partial<ScheduleBody>, string][] = [
      [{ customerId: t.acme.clients[0].id }, 'customerId'],
      [{ siteId: t.acme.clients[0].siteIds[0] }, 'siteId'],
      [{ siteId: t.demo.clients[1].siteIds[0] }, 'siteId'],
      [{ secondaryOfficeId: t.acme.offices[0].id }, 'secondaryOfficeId'],
      [{ mainInspectorId: account(t.demo, 'APPROVER') }, 'mainInspectorId'],
      [{ mainInspectorId: account(t.acme, 'FIELD-ENGG') }, 'mainInspectorId'],
      [{ inspectorIds: [account(t.demo, 'SCHEDULER')] }, 'inspectorIds'],
      [{ requesterId: account(t.demo, 'SCHEDULER') }, 'requesterId'],
      [{ salesPerson: account(t.demo, 'CLIENT-USER') }, 'salesPerson'],
    ];
    for (const [extra, field] of cases) {
      const response = await scheduler.post('/api/Schedule', jobBody(t.demo, extra));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
  });

  it('takes the requester and client users of the site', async () => {
    const requester = account(t.demo, 'REQUESTER');
    const clientUser = account(t.demo, 'CLIENT-USER');
    const saved = await createJob(scheduler, { requesterId: requester, clientUserIds: `${clientUser}` });
    const [row] = await jobs(scheduler, { jobNumber: saved.schedule.jobNumber });
    expect(row.requesterId).toBe(requester);
    expect(row.clientUserIds).toBe(String(clientUser));
  });

  it('is refused for the roles whose Add is disabled (APPROVER, FIELD-JUNIOR) with 403', async () => {
    for (const role of ['approver', 'field-junior']) {
      const client = role === 'approver' ? approver : await t.login(`${role}@demo.test`);
      const response = await client.post('/api/Schedule', jobBody(t.demo));
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('POST /api/Schedule: update', () => {
  it('updates the job, keeps its number and answers notification 1 with the new main inspector', async () => {
    const saved = await createJob(fieldEngg);
    const update = await fieldEngg.post(
      '/api/Schedule',
      jobBody(t.demo, {
        id: saved.schedule.id,
        comments: 'Changed',
        mainInspectorId: account(t.demo, 'FIELD-JUNIOR'),
        inspectorIds: [],
        poNumber: 'PO-78',
      }),
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toEqual({ schedule: saved.schedule, notification: 1, inspectorId: account(t.demo, 'FIELD-JUNIOR') });
    const [row] = await jobs(fieldEngg, { jobNumber: saved.schedule.jobNumber });
    expect(row).toMatchObject({ comments: 'Changed', poNumber: 'PO-78', inspectorIds: '' });
  });

  it('lets only FIELD-ENGG change PO Number and inspectors, and nobody the Quotation Number (403)', async () => {
    const saved = await createJob();
    const id = saved.schedule.id;
    const po = await scheduler.post('/api/Schedule', jobBody(t.demo, { id, poNumber: 'PO-X' }));
    expect(po.statusCode).toBe(403);
    expect(po.json().error).toBe(JOB_TEXT.poNumberLocked);
    const inspectors = await scheduler.post('/api/Schedule', jobBody(t.demo, { id, inspectorIds: [] }));
    expect(inspectors.json().error).toBe(JOB_TEXT.inspectorsLocked);
    const quote = await fieldEngg.post('/api/Schedule', jobBody(t.demo, { id, quotationNumber: 'Q-2' }));
    expect(quote.json().error).toBe(JOB_TEXT.quotationLocked);
    const same = await scheduler.post('/api/Schedule', jobBody(t.demo, { id, comments: 'Only the comment' }));
    expect(same.statusCode, same.body).toBe(200);
  });

  it('keeps the client, site, office and day job of an existing job, which the panel shows read only (403)', async () => {
    const saved = await createJob();
    const id = saved.schedule.id;
    for (const change of [
      { customerId: t.demo.clients[1].id, siteId: t.demo.clients[1].siteIds[0] },
      { siteId: t.demo.clients[0].siteIds[1] },
      { secondaryOfficeId: t.demo.offices[1].id },
      { isDayJob: true },
    ]) {
      const response = await scheduler.post('/api/Schedule', jobBody(t.demo, { id, ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json().error).toBe(JOB_TEXT.placeLocked);
    }
    const [row] = await jobs(scheduler, { jobNumber: saved.schedule.jobNumber });
    expect(row).toMatchObject({ customerId: t.demo.clients[0].id, siteId: t.demo.clients[0].siteIds[0] });
  });

  it('answers 404 for an unknown job and for the other namespace job', async () => {
    for (const id of [999_999, acmeJobId]) {
      const response = await scheduler.post('/api/Schedule', jobBody(t.demo, { id }));
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('tasks of a job', () => {
  it('saves new tasks, answers them as newObservations, lists them and the job follows its tasks', async () => {
    const f = await fixtureOf(t.demo);
    const job = (await createJob()).schedule;
    const response = await saveTasks(job.id, [
      {
        taskTypeId: f.taskTypeId,
        divisionId: f.divisionId,
        locationId: f.assetIds[0],
        inspectorId: account(t.demo, 'FIELD-ENGG'),
        observationType: 1024,
        type: 1,
        objectType: 'TASK',
        archived: 0,
        status: 1,
      },
      { taskTypeId: f.taskTypeId, divisionId: f.divisionId, locationId: f.assetIds[1], scheduleId: job.id },
      { taskTypeId: f.llgTaskTypeId, inspectorId: '', locationId: t.demo.clients[0].siteIds[0] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.newObservations).toHaveLength(3);
    expect(answer.scheduleStatus).toBe(1);
    const [first, second, llg] = answer.newObservations as JobTask[];
    expect(first).toMatchObject({
      scheduleId: job.id,
      status: 1,
      observationType: 1024,
      objectType: 'TASK',
      locationId: f.assetIds[0],
      inspectorId: account(t.demo, 'FIELD-ENGG'),
      isLlg: false,
    });
    expect(second.inspectorId).toBe(account(t.demo, 'FIELD-ENGG'));
    expect(llg).toMatchObject({
      isLlg: true,
      inspectorId: null,
      locationId: t.demo.clients[0].siteIds[0],
      taskTypeName: 'LLG',
      assetTypeName: 'LLG',
    });
    expect(llg.dueDate).not.toBeNull();
    expect(await tasksOf(job.id)).toHaveLength(3);
    // One LLG task per job: it is removed (1024) and restored with its id, never added twice.
    const secondLlg = await saveTasks(job.id, [{ taskTypeId: f.llgTaskTypeId }]);
    expect(secondLlg.statusCode).toBe(409);
    expect(secondLlg.json().error).toBe(JOB_TEXT.llgTaskExists);
    const removeLlg = await saveTasks(job.id, [{ id: llg.id, taskTypeId: f.llgTaskTypeId, status: 1024, locationId: llg.locationId }]);
    expect(removeLlg.statusCode, removeLlg.body).toBe(200);
    expect((await tasksOf(job.id)).find((x) => x.id === llg.id)?.status).toBe(1024);

    // Delete (1024) and restore (1) a saved row; its division and task type are fixed.
    const del = await saveTasks(job.id, [{ id: first.id, taskTypeId: f.taskTypeId, status: 1024, locationId: f.assetIds[0] }]);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().newObservations).toEqual([]);
    expect((await tasksOf(job.id)).find((x) => x.id === first.id)?.status).toBe(1024);
    const restore = await saveTasks(job.id, [{ id: first.id, taskTypeId: f.taskTypeId, status: 1, locationId: f.assetIds[0] }]);
    expect(restore.statusCode).toBe(200);
    expect((await tasksOf(job.id)).find((x) => x.id === first.id)?.status).toBe(1);
    const otherType = await saveTasks(job.id, [{ id: first.id, taskTypeId: f.llgTaskTypeId, locationId: f.assetIds[0] }]);
    expect(otherType.statusCode).toBe(403);
    expect(otherType.json().error).toBe(JOB_TEXT.taskNewOnlyDivision);

    // The job follows its tasks (DECISIONS 5).
    await t.app.db.execute(sql`update tasks set status = 2 where id = ${second.id}`);
    const again = await saveTasks(job.id, []);
    expect(again.json().scheduleStatus).toBe(2);
    await t.app.db.execute(sql`update tasks set status = 16 where job_id = ${job.id}`);
    expect((await saveTasks(job.id, [])).json().scheduleStatus).toBe(4);
  });

  it('refuses an asset of another site, a task of another job and a foreign task type', async () => {
    const f = await fixtureOf(t.demo);
    const a = await fixtureOf(t.acme);
    const job = (await createJob(scheduler, { siteId: t.demo.clients[0].siteIds[1] })).schedule;
    const asset = await saveTasks(job.id, [{ taskTypeId: f.taskTypeId, locationId: f.assetIds[0] }]);
    expect(asset.statusCode).toBe(400);
    expect(asset.json().error).toBe(JOB_TEXT.unknownAsset);
    const foreignType = await saveTasks(job.id, [{ taskTypeId: a.taskTypeId }]);
    expect(foreignType.statusCode).toBe(400);
    const other = (await createJob()).schedule;
    const saved = (await saveTasks(other.id, [{ taskTypeId: f.taskTypeId }])).json().newObservations[0];
    const stolen = await saveTasks(job.id, [{ id: saved.id, taskTypeId: f.taskTypeId }]);
    expect(stolen.statusCode).toBe(404);
    // Nothing half-written: a batch with one bad row saves none.
    const mixed = await saveTasks(job.id, [{ taskTypeId: f.taskTypeId }, { taskTypeId: a.taskTypeId }]);
    expect(mixed.statusCode).toBe(400);
    expect(await tasksOf(job.id)).toHaveLength(0);
  });

  it('lets FIELD-ENGG add tasks to day jobs only', async () => {
    const f = await fixtureOf(t.demo);
    const plain = (await createJob(fieldEngg)).schedule;
    const refused = await saveTasks(plain.id, [{ taskTypeId: f.taskTypeId }], fieldEngg);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(JOB_TEXT.tasksOnlyDayJob);
    const day = (await createJob(fieldEngg, { isDayJob: true })).schedule;
    expect((await saveTasks(day.id, [{ taskTypeId: f.taskTypeId }], fieldEngg)).statusCode).toBe(200);
  });
});

describe('cancel and close', () => {
  it('cancels through the save (64): open tasks become 64, later saves answer 417', async () => {
    const f = await fixtureOf(t.demo);
    const job = (await createJob()).schedule;
    await saveTasks(job.id, [{ taskTypeId: f.taskTypeId }, { taskTypeId: f.taskTypeId }]);
    const [one] = await tasksOf(job.id);
    await t.app.db.execute(sql`update tasks set status = 8 where id = ${one.id}`);
    const cancel = await scheduler.post('/api/Schedule', jobBody(t.demo, { id: job.id, status: 64 }));
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().schedule.status).toBe(64);
    const statuses = (await tasksOf(job.id)).map((x) => x.status).sort();
    expect(statuses).toEqual([64, 8]);
    // The wizard re-sends every task with cancelFlag -1: accepted on the cancelled job.
    const resend = await saveTasks(job.id, [], scheduler, -1);
    expect(resend.statusCode, resend.body).toBe(200);
    const locked = await scheduler.post('/api/Schedule', jobBody(t.demo, { id: job.id }));
    expect(locked.statusCode).toBe(417);
    expect(locked.json().error).toBe(JOB_TEXT.lockedCancelled);
    const tasksLocked = await saveTasks(job.id, [{ taskTypeId: f.taskTypeId }]);
    expect(tasksLocked.statusCode).toBe(417);
    const [row] = await jobs(scheduler, { jobNumber: job.jobNumber, active: false });
    expect(row.can).toEqual({ edit: false, cancel: false, close: false, addTasks: false, editInspectors: false });
  });

  it('cancels with DELETE /api/Schedule/{id}/cancel', async () => {
    const job = (await createJob()).schedule;
    const response = await scheduler.delete(`/api/Schedule/${job.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: JOB_TEXT.cancelled, schedule: { id: job.id, status: 64 } });
    expect((await scheduler.delete(`/api/Schedule/${job.id}/cancel`)).statusCode).toBe(417);
  });

  it('closes a day job (SCHEDULER, FIELD-ENGG only; day jobs only)', async () => {
    const plain = (await createJob()).schedule;
    const notDay = await scheduler.delete(`/api/Schedule/${plain.id}/close`);
    expect(notDay.statusCode).toBe(400);
    expect(notDay.json().error).toBe(JOB_TEXT.closeOnlyDayJob);
    const day = (await createJob(scheduler, { isDayJob: true })).schedule;
    const [row] = await jobs(scheduler, { jobNumber: day.jobNumber });
    expect(row.can.close).toBe(true);
    expect((await loAdmin.delete(`/api/Schedule/${day.id}/close`)).statusCode).toBe(403);
    const closed = await fieldEngg.delete(`/api/Schedule/${day.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ message: JOB_TEXT.closed, schedule: { status: 16, isDayJobClosed: true } });
    expect((await scheduler.post('/api/Schedule', jobBody(t.demo, { id: day.id, isDayJob: true }))).statusCode).toBe(417);
  });

  it('closes a day job through the save with status 16', async () => {
    const day = (await createJob(scheduler, { isDayJob: true })).schedule;
    const response = await scheduler.post('/api/Schedule', jobBody(t.demo, { id: day.id, isDayJob: true, status: 16 }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().schedule.status).toBe(16);
    const [row] = await jobs(scheduler, { jobNumber: day.jobNumber, active: false });
    expect(row).toMatchObject({ status: 16, isDayJobClosed: true });
    const loAdminClose = (await createJob(loAdmin, { isDayJob: true })).schedule;
    const refused = await loAdmin.post('/api/Schedule', jobBody(t.demo, { id: loAdminClose.id, isDayJob: true, status: 16 }));
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/Schedule and /count', () => {
  it('filters by status, toggle, number, client, site and quotation, pages by offset and counts the same', async () => {
    const total = await scheduler.get('/api/Schedule/count');
    expect(total.statusCode).toBe(200);
    const all = await jobs(scheduler, {}, '&limit=1000');
    expect(all).toHaveLength(total.json());
    // Start date descending, then id descending.
    const keys = all.map((j) => `${j.startDate}|${String(j.id).padStart(9, '0')}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    const page = await jobs(scheduler, {}, '&offset=2&limit=3');
    expect(page.map((j) => j.id)).toEqual(all.slice(2, 5).map((j) => j.id));

    const special = await createJob(scheduler, { quotationNumber: 'WO-%_SPECIAL', startDate: '2027-01-05T00:00:00Z' });
    expect((await jobs(scheduler, { quotationNumber: 'wo-%_spec' })).map((j) => j.id)).toEqual([special.schedule.id]);
    expect((await jobs(scheduler, { quotationNumber: 'wo-%x' })).length).toBe(0);
    expect((await jobs(scheduler, { client: t.demo.clients[0].name.slice(0, 5).toLowerCase() })).length).toBeGreaterThan(0);
    expect((await jobs(scheduler, { site: 'no such site name' })).length).toBe(0);
    const inactive = await jobs(scheduler, { active: false });
    expect(inactive.every((j) => [16, 64, 1024].includes(j.status))).toBe(true);
    const active = await jobs(scheduler, { active: true });
    expect(active.every((j) => [1, 2, 4, 8].includes(j.status))).toBe(true);
    const cancelled = await jobs(scheduler, { status: 64 });
    expect(cancelled.every((j) => j.status === 64)).toBe(true);
    const count = await scheduler.get(`/api/Schedule/count?filter=${encodeURIComponent(JSON.stringify({ status: 64 }))}`);
    expect(count.json()).toBe(cancelled.length);
    // The filter header works as well as the query parameter.
    const header = await scheduler.get('/api/Schedule/count', { filter: encodeURIComponent(JSON.stringify({ status: 64 })) });
    expect(header.json()).toBe(cancelled.length);
    // Job lites are their own list.
    const lite = await createJob(scheduler, { type: 2 });
    expect((await jobs(scheduler, { type: 2 })).map((j) => j.id)).toContain(lite.schedule.id);
    expect((await jobs(scheduler)).map((j) => j.id)).not.toContain(lite.schedule.id);
  });

  it('refuses unknown filter keys, bad JSON and prototype names with 400', async () => {
    for (const filter of ['{"nope":1}', '{bad', '{"__proto__":{"x":1}}', '{"status":3}', '[]']) {
      const response = await scheduler.get(`/api/Schedule?filter=${encodeURIComponent(filter)}`);
      expect(response.statusCode, filter).toBe(400);
    }
    expect((await scheduler.get('/api/Schedule?limit=abc')).statusCode).toBe(400);
  });

  it('hides another namespace jobs', async () => {
    const rows = await jobs(scheduler, {}, '&limit=1000');
    expect(rows.map((j) => j.id)).not.toContain(acmeJobId);
    expect((await scheduler.get(`/api/Observation/Schedule?scheduleId=${acmeJobId}`)).statusCode).toBe(404);
  });

  it('gives APPROVER rows it may edit but not close or cancel, SALES-PERSON rows it may only read', async () => {
    const [row] = await jobs(approver, {}, '&limit=1');
    expect(row.can.close).toBe(false);
    expect(row.can.cancel).toBe(false);
    const sales = await t.login('sales-person@demo.test');
    const [salesRow] = await jobs(sales, {}, '&limit=1');
    expect(salesRow.can).toEqual({ edit: false, cancel: false, close: false, addTasks: false, editInspectors: false });
  });
});

describe('user removal with open work', () => {
  it('answers 424 when removing or archiving an inspector of open work', async () => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'field-junior@demo.test'));
    const admin = await t.login('config_admin@demo.test');
    const response = await admin.delete(`/api/Users/${row.id}/archive`);
    expect(response.statusCode, response.body).toBe(424);
  });
});

describeAreaAccess('jobs', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => '/api/Schedule',
    permission: 'jobs.read',
    namesRecord: false,
    malformed: [{ url: '/api/Schedule?offset=-5' }],
  },
  {
    name: 'save',
    method: 'POST',
    url: () => '/api/Schedule',
    body: (ns) => jobBody(ns),
    permission: 'jobs.update',
    namesRecord: false,
    malformed: [{ rawBody: '{"customerId":' }, { body: { customerId: 'x' } }, { body: [] }],
  },
  { name: 'count', method: 'GET', url: () => '/api/Schedule/count', permission: 'jobs.read', namesRecord: false },
  {
    name: 'tasks of a job',
    method: 'GET',
    url: (ns) => `/api/Observation/Schedule?scheduleId=${ids[ns.name]}`,
    permission: 'jobs.read',
    malformed: [{ url: '/api/Observation/Schedule?scheduleId=abc' }, { url: '/api/Observation/Schedule' }],
  },
  {
    name: 'save tasks',
    method: 'POST',
    url: (ns) => `/api/Observation/All?cancelFlag=1&scheduleId=${ids[ns.name]}`,
    body: () => [],
    permission: 'jobs.update',
    malformed: [{ rawBody: '[{' }, { body: { not: 'a list' } }, { url: '/api/Observation/All?cancelFlag=2&scheduleId=1' }],
  },
  {
    name: 'cancel',
    method: 'DELETE',
    url: (ns) => `/api/Schedule/${ids[ns.name]}/cancel`,
    permission: 'jobs.cancel',
    malformed: [{ url: '/api/Schedule/1/delete' }, { url: '/api/Schedule/x/cancel' }],
  },
]);

beforeAll(async () => {
  ids.demo = await anyJobId(t.demo);
  ids.acme = await anyJobId(t.acme);
});
