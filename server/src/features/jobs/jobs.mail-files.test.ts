import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_TEXT, type JobRow, type ScheduleBody } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import { assets, mailOutbox, taskTypes } from '../../db/schema';
import type { SeededNamespace } from '../../demo/demo';
import { emblemPng } from '../../db/seed/emblem';
import { inTransaction } from '../../db/transaction';

let t: TestContext;
let scheduler: Client;
let fieldEngg: Client;
let sales: Client;
let taskTypeId = 0;
let assetId = 0;
const jobIds: Record<string, number> = {};

const account = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];

function jobBody(ns: SeededNamespace, extra: Partial<ScheduleBody> = {}): ScheduleBody {
  return {
    customerId: ns.clients[0].id,
    siteId: ns.clients[0].siteIds[0],
    startDate: '2026-11-24T06:30:00.000Z',
    secondaryOfficeId: ns.offices[0].id,
    mainInspectorId: account(ns, 'FIELD-ENGG'),
    inspectorIds: [],
    ...extra,
  };
}

async function createJob(client: Client, ns: SeededNamespace, extra: Partial<ScheduleBody> = {}) {
  const response = await client.post('/api/Schedule', jobBody(ns, extra));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().schedule as { id: number; jobNumber: string; status: number };
}

const png = emblemPng([10, 120, 40], 'check', 64);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const csv = Buffer.from('asset,serial\nCrane 1,SN-1\n');

/** A multipart body with several files. */
function files(parts: { field?: string; name: string; content: Buffer; type?: string }[]) {
  const boundary = `----jobs${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'scheduleFile'}"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (client: Client, jobId: number, parts: Parameters<typeof files>[0]) => {
  const body = files(parts);
  return client.request({ method: 'POST', url: `/api/Schedule/attachment/${jobId}`, payload: body.payload, headers: body.headers });
};

beforeAll(async () => {
  t = await createTestContext();
  [scheduler, fieldEngg, sales] = await Promise.all(
    ['scheduler@demo.test', 'field-engg@demo.test', 'sales-person@demo.test'].map((e) => t.login(e)),
  );
  const types = await t.app.db
    .select({ id: taskTypes.id, name: taskTypes.name, assetTypeId: taskTypes.assetTypeId })
    .from(taskTypes)
    .where(and(eq(taskTypes.namespaceId, t.demo.id), eq(taskTypes.status, 1)));
  const plain = types.find((x) => x.assetTypeId !== null && x.name !== 'LLG' && !x.name.startsWith('llg-')) as (typeof types)[number];
  taskTypeId = plain.id;
  const [asset] = await inTransaction(t.app.db, null, (tx) =>
    tx
      .insert(assets)
      .values({
        namespaceId: t.demo.id,
        companyId: t.demo.clients[0].id,
        siteId: t.demo.clients[0].siteIds[0],
        assetTypeId: plain.assetTypeId as number,
        name: 'Mail test crane',
      })
      .returning({ id: assets.id }),
  );
  assetId = asset.id;
  jobIds.demo = (await createJob(scheduler, t.demo)).id;
  const acme = await t.login('scheduler@acme.test');
  jobIds.acme = (await createJob(acme, t.acme)).id;
});
afterAll(async () => t.close());

async function mailsTo(email: string) {
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id));
}

describe('notifications', () => {
  it('mails each inspector the new tasks of a job (POST /api/getNotification)', async () => {
    const job = await createJob(scheduler, t.demo, { comments: 'Bring the load cells' });
    const saved = await scheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${job.id}`, [
      { taskTypeId, locationId: assetId, inspectorId: account(t.demo, 'FIELD-ENGG') },
      { taskTypeId, locationId: assetId, inspectorId: account(t.demo, 'FIELD-JUNIOR') },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const before = (await mailsTo('field-engg@demo.test')).length;
    const response = await scheduler.post('/api/getNotification', saved.json().newObservations);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: JOB_TEXT.notificationSent, sent: 2 });
    const [mail] = await mailsTo('field-engg@demo.test');
    expect((await mailsTo('field-engg@demo.test')).length).toBe(before + 1);
    expect(mail.subject).toBe(`Job ${job.jobNumber}: 1 new task(s) assigned to you`);
    expect(mail.textBody).toContain('Mail test crane');
    expect(mail.textBody).toContain('Bring the load cells');
    expect(mail.textBody).toContain(t.demo.clients[0].name);
    expect((await mailsTo('field-junior@demo.test'))[0].subject).toContain(job.jobNumber);
    // Ids work as well as rows; unknown or foreign ids answer 404; an empty list 400.
    expect((await scheduler.post('/api/getNotification?messageType=NEW', [saved.json().newObservations[0].id])).json().sent).toBe(1);
    expect((await scheduler.post('/api/getNotification', [999_999])).statusCode).toBe(404);
    expect((await scheduler.post('/api/getNotification', [])).statusCode).toBe(400);
    expect((await scheduler.post('/api/getNotification', [{ nope: 1 }])).statusCode).toBe(400);
  });

  it('mails the inspector newly given a saved task (the task row Inspector), and nobody when it stays', async () => {
    const job = await createJob(scheduler, t.demo, { comments: 'Task reassignment' });
    const engg = account(t.demo, 'FIELD-ENGG');
    const junior = account(t.demo, 'FIELD-JUNIOR');
    const saved = await scheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${job.id}`, [
      { taskTypeId, locationId: assetId, inspectorId: engg },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const [task] = saved.json().newObservations as { id: number }[];
    const count = async () => ({
      engg: (await mailsTo('field-engg@demo.test')).length,
      junior: (await mailsTo('field-junior@demo.test')).length,
    });
    // The same inspector with a new plan date: a change, but no mail.
    const before = await count();
    const unchanged = await scheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${job.id}`, [
      { id: task.id, taskTypeId, locationId: assetId, inspectorId: engg, dueDate: '2026-12-01T08:00:00.000Z' },
    ]);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(await count()).toEqual(before);
    // Another inspector: one mail to the new one naming the job and the task, none to the old one.
    const moved = await scheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${job.id}`, [
      { id: task.id, taskTypeId, locationId: assetId, inspectorId: junior },
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().newObservations).toEqual([]);
    expect(await count()).toEqual({ engg: before.engg, junior: before.junior + 1 });
    const [mail] = await mailsTo('field-junior@demo.test');
    expect(mail.subject).toBe(`Job ${job.jobNumber}: 1 task(s) reassigned to you`);
    expect(mail.textBody).toContain(`(task ${task.id})`);
    expect(mail.textBody).toContain('Mail test crane');
    expect(mail.textBody).toContain('Task reassignment');
    // Deleting the row (1024) with another inspector mails nobody.
    const removed = await scheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${job.id}`, [
      { id: task.id, taskTypeId, locationId: assetId, inspectorId: engg, status: 1024 },
    ]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await count()).toEqual({ engg: before.engg, junior: before.junior + 1 });
  });

  it('mails a reassigned inspector the job and its tasks', async () => {
    const job = await createJob(fieldEngg, t.demo, { isDayJob: true });
    await fieldEngg.post(`/api/Observation/All?cancelFlag=1&scheduleId=${job.id}`, [{ taskTypeId, locationId: assetId }]);
    const update = await fieldEngg.post(
      '/api/Schedule',
      jobBody(t.demo, { id: job.id, isDayJob: true, mainInspectorId: account(t.demo, 'FIELD-JUNIOR') }),
    );
    expect(update.json()).toMatchObject({ notification: 1, inspectorId: account(t.demo, 'FIELD-JUNIOR') });
    const response = await fieldEngg.post(`/api/getNotificationForReassignedJob/${job.id}/${account(t.demo, 'FIELD-JUNIOR')}`);
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsTo('field-junior@demo.test');
    expect(mail.subject).toBe(`Job ${job.jobNumber} has been assigned to you`);
    expect(mail.textBody).toContain('Mail test crane');
    // Someone who is not on the job: 400; another namespace's job: 404.
    const stranger = await fieldEngg.post(`/api/getNotificationForReassignedJob/${job.id}/${account(t.demo, 'APPROVER')}`);
    expect(stranger.statusCode).toBe(400);
    expect((await fieldEngg.post(`/api/getNotificationForReassignedJob/${jobIds.acme}/${account(t.demo, 'FIELD-ENGG')}`)).statusCode).toBe(
      404,
    );
  });
});

describe('job files', () => {
  it('uploads several files at once, lists them on the job and serves them to job readers only', async () => {
    const job = await createJob(scheduler, t.demo);
    const response = await upload(scheduler, job.id, [
      { name: 'site-plan.png', content: png, type: 'image/png' },
      { name: 'quotation.pdf', content: pdf, type: 'application/pdf' },
      { name: 'assets.csv', content: csv, type: 'text/csv' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe(JOB_TEXT.filesUploaded);
    expect(answer.otherFiles.map((f: { fileName: string; fileType: string }) => `${f.fileName} ${f.fileType}`)).toEqual([
      'site-plan.png image/png',
      'quotation.pdf application/pdf',
      'assets.csv text/csv',
    ]);
    const rows: JobRow[] = (
      await scheduler.get(`/api/Schedule?filter=${encodeURIComponent(JSON.stringify({ jobNumber: job.jobNumber }))}`)
    ).json();
    expect(rows[0].otherFiles).toEqual(answer.otherFiles);

    const key = answer.otherFiles[1].blobKey;
    const download = await sales.get(`/api/filedownload?id=${encodeURIComponent(key)}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    for (const email of ['client-admin@demo.test', 'corporate@demo.test', 'scheduler@acme.test']) {
      const other = await t.login(email);
      expect((await other.get(`/api/filedownload?id=${encodeURIComponent(key)}`)).statusCode, email).toBe(404);
    }

    // Saving the job with a shorter otherFiles list drops the others.
    const keep = [answer.otherFiles[0]];
    const save = await scheduler.post('/api/Schedule', jobBody(t.demo, { id: job.id, otherFiles: keep }));
    expect(save.statusCode, save.body).toBe(200);
    const after: JobRow[] = (
      await scheduler.get(`/api/Schedule?filter=${encodeURIComponent(JSON.stringify({ jobNumber: job.jobNumber }))}`)
    ).json();
    expect(after[0].otherFiles).toEqual(keep);
    expect((await scheduler.get(`/api/filedownload?id=${encodeURIComponent(key)}`)).statusCode).toBe(404);
  });

  it('refuses a file whose content is not its type, a wrong field and no multipart body, storing nothing', async () => {
    const job = await createJob(scheduler, t.demo);
    const fake = await upload(scheduler, job.id, [
      { name: 'ok.png', content: png },
      { name: 'fake.pdf', content: Buffer.from('MZ this is not a pdf') },
    ]);
    expect(fake.statusCode).toBe(400);
    const wrongField = await upload(scheduler, job.id, [{ field: 'file', name: 'ok.png', content: png }]);
    expect(wrongField.statusCode).toBe(400);
    const exe = await upload(scheduler, job.id, [{ name: 'tool.exe', content: png }]);
    expect(exe.statusCode).toBe(400);
    const json = await scheduler.post(`/api/Schedule/attachment/${job.id}`, { a: 1 });
    expect([400, 415]).toContain(json.statusCode);
    const [row] = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from job_files where job_id = ${job.id}`);
    expect(Number(row.n)).toBe(0);
  });

  it('refuses uploads to cancelled jobs (417)', async () => {
    const job = await createJob(scheduler, t.demo);
    await scheduler.delete(`/api/Schedule/${job.id}/cancel`);
    const response = await upload(scheduler, job.id, [{ name: 'ok.png', content: png }]);
    expect(response.statusCode).toBe(417);
  });
});

describeAreaAccess('job notifications and files', () => t, [
  {
    name: 'notify new tasks',
    method: 'POST',
    url: () => '/api/getNotification',
    body: () => [1],
    permission: 'jobs.update',
    namesRecord: false,
    malformed: [{ rawBody: '[1,' }, { body: { id: 1 } }, { body: ['x'] }],
  },
  {
    name: 'notify reassigned',
    method: 'POST',
    url: (ns) => `/api/getNotificationForReassignedJob/${jobIds[ns.name]}/${account(ns, 'FIELD-ENGG')}`,
    permission: 'jobs.update',
    malformed: [{ url: '/api/getNotificationForReassignedJob/x/1' }, { url: '/api/getNotificationForReassignedJob/1/0' }],
  },
  {
    name: 'upload job files',
    method: 'POST',
    url: (ns) => `/api/Schedule/attachment/${jobIds[ns.name]}`,
    permission: 'jobs.update',
    malformed: [{ url: '/api/Schedule/attachment/abc' }],
  },
]);
