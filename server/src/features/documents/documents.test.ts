import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS, FILES, type TaskChecklist } from '@portal/contracts';
import { certificates, dataFormRevisions, documentJobs, files, jobs, serverSecrets, tasks, taskTypes, users } from '../../db/schema';
import { emblemPng } from '../../db/seed/emblem';
import { readWhole } from '../../lib/blobs';
import { type Client, createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { enqueueTaskDocuments } from './enqueue';
import { verificationUrlOfTask } from './verify';
import { retryTaskDocuments } from './enqueue';
import { DOCUMENT_OWNER, processJob } from './generate';
import { type ClaimedJob, claimNextJob, type WorkerDeps } from './lease';
import { drainDocumentJobs } from './worker';

/**
 * The documents queue and its PDFs (issue 10): the worker's happy path (preview and final),
 * failure and retry, a crashed worker's row taken again, two workers never making one row's
 * documents, the downloads' permissions, and the public verification page.
 */
let t: TestContext;
let loAdmin: Client;
let clientUser: Client;
let acmeAdmin: Client;
/** Demo tasks on assets: the first ones of the client user's company, then others. */
let ownTasks: number[];
let otherCompanyTask: number;

const settings = { leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, publicUrl: 'https://portal.example.test' };
const deps = (extra: Partial<WorkerDeps> = {}): WorkerDeps => ({ db: t.app.db, blobs: t.app.blobs, settings, ...extra });

const taskRow = async (id: number) => (await t.app.db.select().from(tasks).where(eq(tasks.id, id)))[0];
const jobsOf = (taskId: number) => t.app.db.select().from(documentJobs).where(eq(documentJobs.taskId, taskId)).orderBy(documentJobs.id);
const pageCount = (pdf: Buffer) => Number(/\/Type \/Pages[\s\S]*?\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);
const contentOf = async (fileId: number) => {
  const [row] = await t.app.db.select().from(files).where(eq(files.id, fileId));
  const stream = await t.app.blobs.open(row.sha256);
  return { row, pdf: stream ? await readWhole(stream) : Buffer.alloc(0) };
};

/** A task ready for its documents: submitted, inspected, a filled checklist with a real form's values and a photo. */
async function prepareTask(taskId: number, final = false) {
  const db = t.app.db;
  const [form] = await db.select().from(dataFormRevisions).where(eq(dataFormRevisions.namespaceId, t.demo.id)).limit(1);
  const attributes: Record<string, unknown> = {};
  for (const field of form.definition.fields) {
    if (field.kind === 'text' || field.kind === 'textarea') attributes[field.key] = 'Satisfactory, no defects';
    if (field.kind === 'number') attributes[field.key] = field.min ?? 1;
    if (field.kind === 'yesno') attributes[field.key] = true;
    if (field.kind === 'select') attributes[field.key] = field.options[0].value;
  }
  const photo = emblemPng([200, 80, 40], 'diamond', 64);
  const stored = await t.app.blobs.put(photo);
  const photoKey = `photo${randomBytes(12).toString('hex')}`;
  await db.insert(files).values({
    namespaceId: t.demo.id,
    blobKey: photoKey,
    ownerType: 'form-file',
    ownerId: 0,
    fileName: 'hook.png',
    contentType: 'image/png',
    size: stored.size,
    sha256: stored.sha256,
  });
  const record = (n: number) => ({
    formId: form.formId,
    formName: 'Visual check',
    formRevision: form.revision,
    formRecordId: `rec${n}`,
    attributes,
    attributesFiles: [{ blobKey: photoKey, fileName: 'hook.png', fileType: 'image/png' }],
  });
  const checklist: TaskChecklist = {
    taskTypeId: 1,
    initialisedAt: new Date().toISOString(),
    sections: [
      {
        id: 's1',
        name: 'General condition',
        userData: null,
        items: [
          { id: 'i1', name: 'Markings and SWL plate', result: 'pass', userData: { records: [record(1)], files: [] } },
          { id: 'i2', name: 'Hook latch', result: 'na', userData: null },
        ],
      },
      {
        id: 's2',
        name: 'Load test',
        userData: null,
        items: [{ id: 'i3', name: 'Static test at 125%', result: 'pass', userData: { records: [record(2), record(3)], files: [] } }],
      },
    ],
  };
  const engineer = t.demo.accounts['field-engg@demo.test'];
  const approver = t.demo.accounts['approver@demo.test'];
  await db
    .update(tasks)
    .set({
      status: final ? 16 : 8,
      checklist,
      result: 1,
      actualInspectionDate: new Date(Date.UTC(2026, 9, 14, 9, 0)),
      inspectorId: engineer,
      approverId: final ? approver : null,
      certificateNumber: final ? `DXB-LFT-2026-${String(90000 + taskId).slice(-5)}` : null,
      certificateDate: final ? new Date() : null,
      certificateStatus: null,
      certificateFileId: null,
      fieldReportFileId: null,
      fullReportFileId: null,
    })
    .where(eq(tasks.id, taskId));
  await enqueueTaskDocuments(db, { id: taskId, namespaceId: t.demo.id }, final ? 'final' : 'preview', engineer);
}

let jobCount = 0;

/** A job with one task on the asset (the basic fixture has no jobs). */
async function insertTask(asset: { id: number; companyId: number; siteId: number; assetTypeId: number }): Promise<number> {
  const db = t.app.db;
  const [taskType] = await db.select().from(taskTypes).where(eq(taskTypes.namespaceId, t.demo.id)).limit(1);
  const engineer = t.demo.accounts['field-engg@demo.test'];
  const [job] = await db
    .insert(jobs)
    .values({
      namespaceId: t.demo.id,
      jobNumber: `DXB-2026-9${String(++jobCount).padStart(4, '0')}`,
      name: 'Annual thorough examination',
      customerId: asset.companyId,
      siteId: asset.siteId,
      startDate: new Date(),
      officeId: t.demo.offices[0].id,
      mainInspectorId: engineer,
    })
    .returning({ id: jobs.id });
  const [task] = await db
    .insert(tasks)
    .values({
      namespaceId: t.demo.id,
      jobId: job.id,
      name: 'Thorough examination',
      taskTypeId: taskType.id,
      divisionId: taskType.divisionId,
      assetTypeId: asset.assetTypeId,
      assetId: asset.id,
      siteId: asset.siteId,
      inspectorId: engineer,
    })
    .returning({ id: tasks.id });
  return task.id;
}

beforeAll(async () => {
  t = await createTestContext();
  loAdmin = await t.login('lo-admin@demo.test');
  clientUser = await t.login('client-user@demo.test');
  acmeAdmin = await t.login('lo-admin@acme.test');
  const [company] = await t.app.db.select({ id: users.companyId }).from(users).where(eq(users.email, 'client-user@demo.test'));
  const own = t.demo.assets.find((a) => a.companyId === company.id);
  const other = t.demo.assets.find((a) => a.companyId !== company.id);
  if (!own || !other) throw new Error('the demo fixture needs assets of two companies');
  ownTasks = [];
  for (let i = 0; i < 8; i++) ownTasks.push(await insertTask(own));
  otherCompanyTask = await insertTask(other);
});
afterAll(async () => t.close());

describe('documents worker', () => {
  it('makes the preview certificate and field report: 11 -> 12 -> 13, file rows, PDFs that parse', async () => {
    const taskId = ownTasks[0];
    await prepareTask(taskId);
    expect((await taskRow(taskId)).certificateStatus).toBe(11);
    let during: number | null = null;
    const done = await drainDocumentJobs(
      deps({
        afterRender: async () => {
          during = (await taskRow(taskId)).certificateStatus;
        },
      }),
    );
    expect(done).toBe(1);
    expect(during).toBe(12);
    const task = await taskRow(taskId);
    expect(task.certificateStatus).toBe(13);
    expect(task.fullReportFileId).toBeNull();
    const certificate = await contentOf(task.certificateFileId as number);
    expect(certificate.row).toMatchObject({ ownerType: DOCUMENT_OWNER.certificate, ownerId: taskId, contentType: 'application/pdf' });
    expect(certificate.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(certificate.pdf)).toBeGreaterThanOrEqual(1);
    expect(certificate.row.sha256).toBe(createHash('sha256').update(certificate.pdf).digest('hex'));
    const field = await contentOf(task.fieldReportFileId as number);
    expect(field.row.ownerType).toBe(DOCUMENT_OWNER.fieldReport);
    expect(pageCount(field.pdf)).toBeGreaterThanOrEqual(1);
    // A preview is not signed and issues no certificate.
    expect(certificate.pdf.includes('/ByteRange')).toBe(false);
    expect(await t.app.db.select().from(certificates).where(eq(certificates.taskId, taskId))).toEqual([]);
    const [job] = await jobsOf(taskId);
    expect(job).toMatchObject({ state: 'done', attempts: 1, lastError: null });
  });

  it('makes the signed final certificate and both reports: 31 -> 32 -> 33, keeps the SHA-256 and a verification code', async () => {
    const taskId = ownTasks[1];
    await prepareTask(taskId);
    await drainDocumentJobs(deps());
    const preview = await taskRow(taskId);
    await prepareTask(taskId, true);
    await t.app.db
      .update(tasks)
      .set({ certificateFileId: preview.certificateFileId, fieldReportFileId: preview.fieldReportFileId })
      .where(eq(tasks.id, taskId));
    expect((await taskRow(taskId)).certificateStatus).toBe(31);
    let during: number | null = null;
    await drainDocumentJobs(
      deps({
        afterRender: async () => {
          during = (await taskRow(taskId)).certificateStatus;
        },
      }),
    );
    expect(during).toBe(32);
    const task = await taskRow(taskId);
    expect(task.certificateStatus).toBe(33);
    const certificate = await contentOf(task.certificateFileId as number);
    const full = await contentOf(task.fullReportFileId as number);
    expect(full.row.ownerType).toBe(DOCUMENT_OWNER.fullReport);
    expect(pageCount(full.pdf)).toBeGreaterThanOrEqual(2);
    for (const pdf of [certificate.pdf, full.pdf]) expect(pdf.includes('/ByteRange')).toBe(true);
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, taskId));
    expect(issued).toMatchObject({ number: task.certificateNumber, revision: 0, fileId: task.certificateFileId, namespaceId: t.demo.id });
    expect(issued.sha256).toBe(createHash('sha256').update(certificate.pdf).digest('hex'));
    expect(issued.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(issued.facts).toMatchObject({ result: 1, inspectionDate: '2026-10-14' });
    // The verification address is in the certificate (QR code and footer, and the metadata's Keywords).
    expect(certificate.pdf.toString('latin1')).toContain(`(https://portal.example.test/verify/${issued.code})`);
    // The namespace's signing key is kept in the database.
    const keys = await t.app.db
      .select()
      .from(serverSecrets)
      .where(eq(serverSecrets.name, `pdf-signing:${t.demo.id}`));
    expect(keys).toHaveLength(1);
    // The replaced preview files are gone.
    for (const id of [preview.certificateFileId, preview.fieldReportFileId])
      expect(
        await t.app.db
          .select()
          .from(files)
          .where(eq(files.id, id as number)),
      ).toEqual([]);
  });

  it('retries a failure with back-off and marks the task 19 after the last attempt; a retry from the UI makes it', async () => {
    const taskId = ownTasks[2];
    await prepareTask(taskId);
    const failing = deps({
      render: async () => {
        throw new Error('renderer exploded');
      },
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await drainDocumentJobs(failing)).toBe(1);
      const [job] = await jobsOf(taskId);
      expect(job.attempts).toBe(attempt);
      expect(job.lastError).toBe('renderer exploded');
      if (attempt < 3) {
        expect(job.state).toBe('queued');
        expect(job.runAfter.getTime()).toBeGreaterThan(Date.now() + 500);
        expect((await taskRow(taskId)).certificateStatus).toBe(11);
        // Not due yet: nothing to take.
        expect(await drainDocumentJobs(failing)).toBe(0);
        await t.app.db.update(documentJobs).set({ runAfter: sql`now()` }).where(eq(documentJobs.id, job.id));
      } else {
        expect(job.state).toBe('failed');
        expect(job.finishedAt).not.toBeNull();
      }
    }
    expect((await taskRow(taskId)).certificateStatus).toBe(19);
    const row = await taskRow(taskId);
    expect(await retryTaskDocuments(t.app.db, row, null)).toBe('preview');
    expect((await taskRow(taskId)).certificateStatus).toBe(11);
    expect(await drainDocumentJobs(deps())).toBe(1);
    expect((await taskRow(taskId)).certificateStatus).toBe(13);
    expect((await jobsOf(taskId)).map((j) => j.state)).toEqual(['failed', 'done']);
  });

  it('marks a final failure 39', async () => {
    const taskId = ownTasks[3];
    await prepareTask(taskId, true);
    await t.app.db.update(tasks).set({ certificateNumber: null }).where(eq(tasks.id, taskId));
    for (let i = 0; i < 3; i++) {
      await drainDocumentJobs(deps());
      await t.app.db.update(documentJobs).set({ runAfter: sql`now()` }).where(eq(documentJobs.taskId, taskId));
    }
    expect((await taskRow(taskId)).certificateStatus).toBe(39);
    const [job] = await jobsOf(taskId);
    expect(job).toMatchObject({ state: 'failed', attempts: 3 });
    expect(job.lastError).toContain('certificate number');
  });

  it('takes again a running row whose worker died once its lease ran out, and survives a restart', async () => {
    const taskId = ownTasks[4];
    await prepareTask(taskId);
    // A worker takes the row and dies before finishing.
    const claimed = await claimNextJob(t.app.db, settings);
    expect(claimed?.taskId).toBe(taskId);
    expect(await drainDocumentJobs(deps())).toBe(0); // still within its lease
    await t.app.db
      .update(documentJobs)
      .set({ lockedAt: sql`now() - interval '2 minutes'` })
      .where(eq(documentJobs.id, claimed?.id as number));
    // Another worker (here or on a restarted server) takes it again.
    expect(await drainDocumentJobs(deps())).toBe(1);
    const [job] = await jobsOf(taskId);
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect((await taskRow(taskId)).certificateStatus).toBe(13);
    // The dead worker's late finish writes nothing.
    expect(await processJob(deps(), claimed as ClaimedJob)).toBe('lost');
    expect(
      (
        await t.app.db
          .select()
          .from(files)
          .where(and(eq(files.ownerId, taskId), eq(files.ownerType, DOCUMENT_OWNER.certificate)))
      ).length,
    ).toBe(1);
  });

  it('never lets two workers make the same row', async () => {
    const ids = ownTasks.slice(5, 7);
    for (const id of ids) await prepareTask(id);
    const rendered: number[] = [];
    const counting = deps({ render: async (_data, job) => void rendered.push(job.id) });
    const [a, b] = await Promise.all([drainDocumentJobs(counting), drainDocumentJobs(counting)]);
    expect(a + b).toBe(2);
    expect(new Set(rendered).size).toBe(rendered.length);
    expect(rendered).toHaveLength(2);
    for (const id of ids) {
      expect((await taskRow(id)).certificateStatus).toBe(13);
      const made = await t.app.db
        .select()
        .from(files)
        .where(and(eq(files.ownerId, id), eq(files.ownerType, DOCUMENT_OWNER.certificate)));
      expect(made).toHaveLength(1);
    }
  });

  it('the app worker picks up queued rows on its own once started (poll and nudge)', async () => {
    const taskId = ownTasks[7] ?? ownTasks[0];
    await prepareTask(taskId);
    t.app.documents.start(50);
    try {
      for (let i = 0; i < 100 && (await taskRow(taskId)).certificateStatus !== 13; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await t.app.documents.stop();
    }
    expect((await taskRow(taskId)).certificateStatus).toBe(13);
  });
});

describe('task document downloads', () => {
  it('serves a task document by blob key, with or without its observation id, to who may see the task', async () => {
    const task = await taskRow(ownTasks[1]);
    const [file] = await t.app.db
      .select()
      .from(files)
      .where(eq(files.id, task.certificateFileId as number));
    const url = `/api/filedownload?id=${file.blobKey}&observationId=${task.id}`;
    const ok = await loAdmin.get(url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await clientUser.get(url)).statusCode).toBe(200);
    expect((await t.anonymous.get(url)).statusCode).toBe(401);
    expect((await acmeAdmin.get(url)).statusCode).toBe(404);
    const wrongTask = await loAdmin.get(`/api/filedownload?id=${file.blobKey}&observationId=${otherCompanyTask}`);
    expect(wrongTask.statusCode).toBe(404);
    expect(wrongTask.json().error).toBe(FILES.notFound);
  });

  it('serves the current certificate (1), field report (2) and full checklist report (3) by task id', async () => {
    const id = ownTasks[1];
    for (const category of ['1', '2', '3']) {
      const response = await clientUser.get(`/api/filedownload?id=${id}&category=${category}`);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const previewOnly = await loAdmin.get(`/api/filedownload?id=${ownTasks[0]}&category=3`);
    expect(previewOnly.statusCode).toBe(404);
    expect(previewOnly.json().error).toBe(DOCUMENTS.none('full checklist report'));
    const failed = await loAdmin.get(`/api/filedownload?id=${ownTasks[3]}&category=1`);
    expect(failed.json().error).toBe(DOCUMENTS.failed('certificate'));
    expect((await loAdmin.get(`/api/filedownload?id=${ownTasks[1]}&category=7`)).statusCode).toBe(400);
    expect((await loAdmin.get('/api/filedownload?id=abc&category=2')).statusCode).toBe(400);
  });

  it('refuses task documents to no session (401), another namespace (404) and a client of another company (404)', async () => {
    await prepareTask(otherCompanyTask);
    await drainDocumentJobs(deps());
    const url = `/api/filedownload?id=${otherCompanyTask}&category=1`;
    expect((await loAdmin.get(url)).statusCode).toBe(200);
    expect((await t.anonymous.get(url)).statusCode).toBe(401);
    expect((await acmeAdmin.get(url)).statusCode).toBe(404);
    const other = await clientUser.get(url);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(FILES.notFound);
    const task = await taskRow(otherCompanyTask);
    const [file] = await t.app.db
      .select()
      .from(files)
      .where(eq(files.id, task.certificateFileId as number));
    expect((await clientUser.get(`/api/filedownload?id=${file.blobKey}`)).statusCode).toBe(404);
  });
});

describe('public certificate verification', () => {
  const issued = async () => (await t.app.db.select().from(certificates).where(eq(certificates.taskId, ownTasks[1])))[0];

  it('shows the certificate facts and its SHA-256 without sign-in, as a page and as JSON', async () => {
    const certificate = await issued();
    const page = await t.anonymous.get(`/verify/${certificate.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(certificate.number);
    expect(page.body).toContain(certificate.sha256);
    expect(page.body).toContain(certificate.facts.client.replace(/&/g, '&amp;'));
    expect(page.body).toContain('PASS');
    expect(page.body).not.toContain('<script');
    expect(await verificationUrlOfTask(t.app.db, ownTasks[1], 'https://portal.example.test/')).toBe(
      `https://portal.example.test/verify/${certificate.code}`,
    );
    expect(await verificationUrlOfTask(t.app.db, ownTasks[0], 'https://portal.example.test')).toBeNull();
    const json = await t.anonymous.get(`/api/verify/${certificate.code}`);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      number: certificate.number,
      sha256: certificate.sha256,
      state: 'current',
      result: 1,
      dueDate: certificate.facts.dueDate,
    });
  });

  it('answers a plain 404 page for an unknown code, never the web app', async () => {
    const page = await t.anonymous.get('/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Certificate not found');
    expect((await t.anonymous.get('/api/verify/nope-nope-nope')).json().error).toBe(DOCUMENTS.verifyUnknown);
  });

  it('confirms the issued PDF and rejects an altered one', async () => {
    const certificate = await issued();
    const { pdf } = await contentOf(certificate.fileId);
    const check = (content: Buffer, url = `/api/verify/${certificate.code}/check`) => {
      const body = multipart('file', 'certificate.pdf', content, 'application/pdf');
      return t.anonymous.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
    };
    const same = await check(pdf);
    expect(same.json()).toMatchObject({ match: true, message: DOCUMENTS.verifyMatch });
    const altered = Buffer.from(pdf);
    altered[altered.length - 20] ^= 1;
    expect((await check(altered)).json()).toMatchObject({ match: false, message: DOCUMENTS.verifyNotIssued(certificate.facts.issuer) });
    const page = await check(altered, `/verify/${certificate.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('does NOT match');
  });

  it('shows an earlier issue as superseded once the task has a newer certificate', async () => {
    const first = await issued();
    await prepareTask(ownTasks[1], true);
    await t.app.db.update(tasks).set({ revision: 1 }).where(eq(tasks.id, ownTasks[1]));
    await drainDocumentJobs(deps());
    const old = await t.anonymous.get(`/api/verify/${first.code}`);
    expect(old.json()).toMatchObject({ state: 'superseded' });
    expect(old.json().stateText).toContain('revision 1');
    // The first issue's file stays (its page and hash refer to it).
    expect(await t.app.db.select().from(files).where(eq(files.id, first.fileId))).toHaveLength(1);
  });
});
