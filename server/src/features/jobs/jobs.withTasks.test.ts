import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, JOB_TEXT, type JobTask, ROLES, type Role, type ScheduleBody, type ScheduleWithTasksAnswer } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import { assets, mailOutbox, taskTypes } from '../../db/schema';
import type { SeededNamespace } from '../../demo/demo';
import { inTransaction } from '../../db/transaction';

/**
 * Issue 20: POST /api/Schedule/withTasks saves a job and its tasks in one transaction and mails
 * after the commit; cancelling a job is SCHEDULER's and LO-ADMIN's (DECISIONS 4).
 */
let t: TestContext;
let scheduler: Client;

interface Fixture {
  taskTypeId: number;
  divisionId: number;
  llgTaskTypeId: number;
  assetId: number;
}
const fixtures = new Map<string, Fixture>();
const jobIds: Record<string, number> = {};

async function fixtureOf(ns: SeededNamespace): Promise<Fixture> {
  const known = fixtures.get(ns.name);
  if (known) return known;
  const types = await t.app.db
    .select({ id: taskTypes.id, name: taskTypes.name, divisionId: taskTypes.divisionId, assetTypeId: taskTypes.assetTypeId })
    .from(taskTypes)
    .where(and(eq(taskTypes.namespaceId, ns.id), eq(taskTypes.status, 1)));
  const plain = types.find((x) => x.assetTypeId !== null && x.name !== 'LLG' && !x.name.startsWith('llg-')) as (typeof types)[number];
  const llg = types.find((x) => x.name === 'LLG') as (typeof types)[number];
  const [asset] = await inTransaction(t.app.db, null, (tx) =>
    tx
      .insert(assets)
      .values({
        namespaceId: ns.id,
        companyId: ns.clients[0].id,
        siteId: ns.clients[0].siteIds[0],
        assetTypeId: plain.assetTypeId as number,
        name: `${ns.name} atomic save crane`,
      })
      .returning({ id: assets.id }),
  );
  const fixture = { taskTypeId: plain.id, divisionId: plain.divisionId, llgTaskTypeId: llg.id, assetId: asset.id };
  fixtures.set(ns.name, fixture);
  return fixture;
}

const account = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];

function jobBody(ns: SeededNamespace, extra: Partial<ScheduleBody> = {}): ScheduleBody {
  return {
    customerId: ns.clients[0].id,
    siteId: ns.clients[0].siteIds[0],
    startDate: '2026-12-01T07:00:00.000Z',
    duration: 1,
    secondaryOfficeId: ns.offices[0].id,
    mainInspectorId: account(ns, 'FIELD-ENGG'),
    inspectorIds: [],
    comments: 'Atomic save',
    timeZone: 'Asia/Dubai',
    ...extra,
  };
}

async function taskBody(ns: SeededNamespace) {
  const f = await fixtureOf(ns);
  return [
    { taskTypeId: f.taskTypeId, divisionId: f.divisionId, locationId: f.assetId, inspectorId: account(ns, 'FIELD-JUNIOR') },
    { taskTypeId: f.llgTaskTypeId, inspectorId: '', locationId: ns.clients[0].siteIds[0] },
  ];
}

async function jobCount(ns: SeededNamespace): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from jobs where namespace_id = ${ns.id}`);
  return Number(row.n);
}

async function tasksOf(id: number): Promise<JobTask[]> {
  const response = await scheduler.get(`/api/Observation/Schedule?scheduleId=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const mailsTo = (email: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id));

beforeAll(async () => {
  t = await createTestContext();
  scheduler = await t.login('scheduler@demo.test');
  await fixtureOf(t.demo);
  await fixtureOf(t.acme);
  const demo = await scheduler.post('/api/Schedule', jobBody(t.demo));
  expect(demo.statusCode, demo.body).toBe(200);
  jobIds.demo = demo.json().schedule.id;
  const acme = await (await t.login('scheduler@acme.test')).post('/api/Schedule', jobBody(t.acme));
  expect(acme.statusCode, acme.body).toBe(200);
  jobIds.acme = acme.json().schedule.id;
});
afterAll(async () => t.close());

describe('POST /api/Schedule/withTasks', () => {
  it('saves a new job and its tasks in one call and mails the inspectors after the commit', async () => {
    const before = (await mailsTo('field-junior@demo.test')).length;
    const response = await scheduler.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: await taskBody(t.demo) });
    expect(response.statusCode, response.body).toBe(200);
    const answer: ScheduleWithTasksAnswer = response.json();
    expect(answer.schedule.jobNumber).toMatch(/^DXB-\d{4}-\d{5}$/);
    expect(answer).toMatchObject({ notification: 0, scheduleStatus: 1, message: JOB_TEXT.saved, mailsSent: 1 });
    expect(answer.newObservations).toHaveLength(2);
    const tasks = await tasksOf(answer.schedule.id);
    expect(tasks.map((x) => x.isLlg).sort()).toEqual([false, true]);
    expect(tasks.find((x) => !x.isLlg)).toMatchObject({ scheduleId: answer.schedule.id, inspectorId: account(t.demo, 'FIELD-JUNIOR') });
    const mails = await mailsTo('field-junior@demo.test');
    expect(mails.length).toBe(before + 1);
    expect(mails[0].subject).toBe(`Job ${answer.schedule.jobNumber}: 1 new task(s) assigned to you`);
  });

  it('updates a job, adds a task and changes another in one call; mails the new main inspector', async () => {
    const first = await scheduler.post('/api/Schedule/withTasks', {
      schedule: jobBody(t.demo),
      tasks: (await taskBody(t.demo)).slice(0, 1),
    });
    const created: ScheduleWithTasksAnswer = first.json();
    const [task] = created.newObservations;
    // SCHEDULER may not change inspectors of an existing job: FIELD-ENGG may.
    const fieldEngg = await t.login('field-engg@demo.test');
    const f = await fixtureOf(t.demo);
    const response = await fieldEngg.post('/api/Schedule/withTasks', {
      schedule: jobBody(t.demo, { id: created.schedule.id, mainInspectorId: account(t.demo, 'FIELD-JUNIOR'), isDayJob: false }),
      tasks: [
        { id: task.id, taskTypeId: task.taskTypeId, status: 1024 },
        { taskTypeId: f.taskTypeId, divisionId: f.divisionId, locationId: f.assetId },
      ],
    });
    // FIELD-ENGG adds tasks to day jobs only: the whole call is refused and nothing changed.
    expect(response.statusCode, response.body).toBe(403);
    const [job] = await queryRows<{ main_inspector_id: number }>(
      t.app.db,
      sql`select main_inspector_id from jobs where id = ${created.schedule.id}`,
    );
    expect(Number(job.main_inspector_id)).toBe(account(t.demo, 'FIELD-ENGG'));
    expect((await tasksOf(created.schedule.id)).map((x) => x.status)).toEqual([1]);

    const before = (await mailsTo('field-junior@demo.test')).length;
    const ok = await fieldEngg.post('/api/Schedule/withTasks', {
      schedule: jobBody(t.demo, { id: created.schedule.id, mainInspectorId: account(t.demo, 'FIELD-JUNIOR') }),
      tasks: [{ id: task.id, taskTypeId: task.taskTypeId, status: 1024 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ notification: 1, inspectorId: account(t.demo, 'FIELD-JUNIOR'), newObservations: [] });
    expect((await tasksOf(created.schedule.id)).map((x) => x.status)).toEqual([1024]);
    const mails = await mailsTo('field-junior@demo.test');
    expect(mails.length).toBe(before + 1);
    expect(mails[0].subject).toBe(`Job ${created.schedule.jobNumber} has been assigned to you`);
  });

  it('saves nothing, not even the job or its number, when a task is refused (400)', async () => {
    const jobsBefore = await jobCount(t.demo);
    const last = await scheduler.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: [] });
    const sequence = (number: string) => Number(number.slice(-5));
    const [good] = await taskBody(t.demo);
    const acme = await fixtureOf(t.acme);
    for (const bad of [
      { taskTypeId: 999_999 },
      { taskTypeId: acme.taskTypeId },
      { ...good, locationId: acme.assetId },
      { ...good, inspectorId: account(t.acme, 'FIELD-ENGG') },
    ]) {
      const response = await scheduler.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: [good, bad] });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().fields ?? {})[0]).toMatch(/^tasks\.1\./);
    }
    // Refused by the schema before any statement.
    const schema = await scheduler.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: [good, { divisionId: 1 }] });
    expect(schema.statusCode, schema.body).toBe(400);
    expect(await jobCount(t.demo)).toBe(jobsBefore + 1);
    // The numbers the refused saves took were given back: the next job follows the last saved one.
    const next = await scheduler.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: [] });
    expect(next.statusCode, next.body).toBe(200);
    expect(sequence(next.json().schedule.jobNumber)).toBe(sequence(last.json().schedule.jobNumber) + 1);
  });

  it('answers 404 or 400 for the other namespace ids and saves nothing', async () => {
    const jobsBefore = await jobCount(t.demo);
    const foreignJob = await scheduler.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo, { id: jobIds.acme }), tasks: [] });
    expect(foreignJob.statusCode, foreignJob.body).toBe(404);
    const foreignClient = await scheduler.post('/api/Schedule/withTasks', {
      schedule: jobBody(t.demo, { customerId: t.acme.clients[0].id }),
      tasks: await taskBody(t.demo),
    });
    expect(foreignClient.statusCode, foreignClient.body).toBe(400);
    const foreignTask = await scheduler.post('/api/Schedule/withTasks', {
      schedule: jobBody(t.demo, { id: jobIds.demo }),
      tasks: [{ id: (await tasksOfAcme())[0], taskTypeId: (await fixtureOf(t.acme)).taskTypeId }],
    });
    expect(foreignTask.statusCode, foreignTask.body).toBe(404);
    expect(await jobCount(t.demo)).toBe(jobsBefore);
  });

  it('refuses malformed JSON, bodies of the wrong shape and wrong roles without a 500', async () => {
    const raw = await scheduler.request({
      method: 'POST',
      url: '/api/Schedule/withTasks',
      payload: '{"schedule":{',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode, raw.body).toBe(400);
    for (const body of [[], {}, { schedule: null }, { schedule: jobBody(t.demo), tasks: {} }, { schedule: 'x', tasks: [] }]) {
      const response = await scheduler.post('/api/Schedule/withTasks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.anonymous.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo) })).statusCode).toBe(401);
    // APPROVER edits jobs but may not add one; CORPORATE may do neither.
    const approver = await t.login('approver@demo.test');
    expect((await approver.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: [] })).statusCode).toBe(403);
    const corporate = await t.login('corporate@demo.test');
    expect((await corporate.post('/api/Schedule/withTasks', { schedule: jobBody(t.demo), tasks: [] })).statusCode).toBe(403);
  });
});

async function tasksOfAcme(): Promise<number[]> {
  const acmeScheduler = await t.login('scheduler@acme.test');
  const f = await fixtureOf(t.acme);
  const saved = await acmeScheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${jobIds.acme}`, [{ taskTypeId: f.taskTypeId }]);
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().newObservations.map((x: JobTask) => x.id);
}

describe('cancelling a job (DECISIONS 4: SCHEDULER and LO-ADMIN)', () => {
  for (const role of ROLES as readonly Role[]) {
    const allowed = role === 'SCHEDULER' || role === 'LO-ADMIN';
    it(`${role}: ${allowed ? '200, the job and its open tasks 64' : '403, nothing cancelled'}`, async () => {
      const created = await scheduler.post('/api/Schedule/withTasks', {
        schedule: jobBody(t.demo),
        tasks: (await taskBody(t.demo)).slice(0, 1),
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().schedule.id as number;
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      const response = await client.delete(`/api/Schedule/${id}/cancel`);
      const [job] = await queryRows<{ status: number }>(t.app.db, sql`select status from jobs where id = ${id}`);
      const statuses = (await tasksOf(id)).map((x) => x.status);
      if (allowed) {
        expect(response.statusCode, response.body).toBe(200);
        expect(Number(job.status)).toBe(64);
        expect(statuses).toEqual([64]);
        return;
      }
      expect(response.statusCode, response.body).toBe(403);
      expect(Number(job.status)).toBe(1);
      expect(statuses).toEqual([1]);
      // Nor through the save with status 64, nor by re-sending the tasks with cancelFlag -1.
      if (can(role, 'jobs.update')) {
        const bySave = await client.post('/api/Schedule', jobBody(t.demo, { id, status: 64 }));
        expect(bySave.statusCode, bySave.body).toBe(403);
        const byTasks = await client.post(`/api/Observation/All?cancelFlag=-1&scheduleId=${id}`, []);
        expect(byTasks.statusCode, byTasks.body).toBe(403);
        const [still] = await queryRows<{ status: number }>(t.app.db, sql`select status from jobs where id = ${id}`);
        expect(Number(still.status)).toBe(1);
      }
      // The row says so: the UI disables Cancel Job from it.
      if (can(role, 'jobs.read')) {
        const list = await client.get(
          `/api/Schedule?filter=${encodeURIComponent(JSON.stringify({ jobNumber: created.json().schedule.jobNumber }))}`,
        );
        expect(list.json()[0].can.cancel).toBe(false);
      }
    });
  }
});

describeAreaAccess('job with tasks', () => t, [
  {
    name: 'save with tasks',
    method: 'POST',
    url: () => '/api/Schedule/withTasks',
    body: (ns) => ({ schedule: jobBody(ns, { id: jobIds[ns.name] }), tasks: [] }),
    permission: 'jobs.update',
    namesRecord: true,
    malformed: [
      { rawBody: '{"schedule":' },
      { body: { schedule: { customerId: 'x' } } },
      { body: [] },
      { body: { schedule: {}, tasks: 'x' } },
    ],
  },
  {
    name: 'cancel',
    method: 'DELETE',
    url: (ns) => `/api/Schedule/${jobIds[ns.name]}/cancel`,
    permission: 'jobs.cancel',
    malformed: [{ url: '/api/Schedule/x/cancel' }],
  },
]);
