import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChecklistAnswer, type FormDefinition, sheetLayout, TASK_TEXT, type TaskChecklist } from '@portal/contracts';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import { assets, certificates, files, qrStickerBatches, tasks } from '../../db/schema';
import { completedChecklist } from '../../demo/tasks';
import { inTransaction } from '../../db/transaction';
import { readWhole } from '../../lib/blobs';
import { drainDocumentJobs, type WorkerDeps } from '../documents';

/**
 * What issue 19 asks of a certificate a client and an auditor can trust (DECISIONS 9), through
 * the API: complete inspections only, result fields that fail their item, defects, Fail
 * reports, the performing inspector and the approver's signature, immutable finals, dates in
 * the task's time zone, links from PUBLIC_URL only, and the verification page's revision chain.
 */
const PUBLIC = 'https://portal.example.test';
let t: TestContext;
let fieldEngg: Client;
let approver: Client;
let loAdmin: Client;
let scheduler: Client;
const work = mkdtempSync(path.join(os.tmpdir(), 'trust-'));

interface Fixture {
  taskTypeId: number;
  divisionId: number;
  assetTypeId: number;
  assetId: number;
  siteId: number;
  clientId: number;
  formId: number;
}
let f: Fixture;
const account = (role: string) => t.demo.accounts[`${role.toLowerCase()}@demo.test`];
const deps = (): WorkerDeps => ({
  db: t.app.db,
  blobs: t.app.blobs,
  settings: { leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 1000, publicUrl: PUBLIC },
});

/** A form with a result field (a fail there fails the item), and a task type whose one section checks three items. */
async function fixture(): Promise<Fixture> {
  const definition: FormDefinition = {
    version: 1,
    fields: [
      { id: 'f1', kind: 'passfail', key: 'structure', label: 'Structure free of cracks', required: true, result: true },
      { id: 'f2', kind: 'textarea', key: 'remarks', label: 'Remarks' },
      { id: 'f3', kind: 'passfail', key: 'paint', label: 'Paint condition', required: false },
    ],
  };
  return inTransaction(t.app.db, null, async (tx) => {
    const [form] = await queryRows<{ id: number }>(
      tx,
      sql`insert into data_forms (namespace_id, name, form_object, form_type, revision, definition)
          values (${t.demo.id}::int, 'Trust visual check', 'TASK TYPE', 'FORM', 1, ${JSON.stringify(definition)}::jsonb) returning id`,
    );
    await tx.execute(
      sql`insert into data_form_revisions (namespace_id, form_id, revision, definition)
          values (${t.demo.id}::int, ${form.id}::int, 1, ${JSON.stringify(definition)}::jsonb)`,
    );
    const [type] = await queryRows<{ id: number; division_id: number; asset_type_id: number; validity: number }>(
      tx,
      sql`select id, division_id, asset_type_id, validity from task_types
           where namespace_id = ${t.demo.id}::int and status = 1 and asset_type_id is not null and name <> 'LLG' and name not like 'llg-%'
           order by id limit 1`,
    );
    const checklist = {
      sections: [
        {
          id: 'structure',
          name: 'Structure',
          items: [
            { id: 'boom', name: 'Boom free of cracks', formId: Number(form.id), reportCategory: 'VISUAL' },
            { id: 'outriggers', name: 'Outriggers' },
            { id: 'welds', name: 'Welds' },
          ],
        },
      ],
    };
    const [trustType] = await queryRows<{ id: number }>(
      tx,
      sql`insert into task_types (namespace_id, name, acronym_code, division_id, asset_type_id, validity, checklist)
          select namespace_id, 'Trust examination', 'TRUST', division_id, asset_type_id, 12, ${JSON.stringify(checklist)}::jsonb
            from task_types where id = ${type.id}::int
          returning id`,
    );
    const client = t.demo.clients[0];
    const [asset] = await queryRows<{ id: number }>(
      tx,
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name, serial_number, due_date)
          values (${t.demo.id}::int, ${client.id}::int, ${client.siteIds[0]}::int, ${type.asset_type_id}::int, 'Trust crane', 'TRUSTTAG01',
                  '2026-06-01T00:00:00Z') returning id`,
    );
    return {
      taskTypeId: Number(trustType.id),
      divisionId: Number(type.division_id),
      assetTypeId: Number(type.asset_type_id),
      assetId: Number(asset.id),
      siteId: client.siteIds[0],
      clientId: client.id,
      formId: Number(form.id),
    };
  });
}

let jobSeq = 0;
/** A job with one task on the trust asset, for the field engineer, in the given status. */
async function makeTask(
  options: { status?: number; timeZone?: string; inspected?: string; checklist?: TaskChecklist | null; result?: number } = {},
) {
  return inTransaction(t.app.db, null, async (tx) => {
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id, time_zone)
          values (${t.demo.id}::int, ${`TRUST-${++jobSeq}`}, 'Trust job', ${f.clientId}::int, ${f.siteId}::int, now(),
                  ${t.demo.offices[0].id}::int, ${account('FIELD-ENGG')}::int, ${options.timeZone ?? null})
          returning id`,
    );
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id,
                             status, checklist, result, actual_inspection_date, certificate_status)
          values (${t.demo.id}::int, ${job.id}::int, 'Trust task', ${f.taskTypeId}::int, ${f.divisionId}::int, ${f.assetTypeId}::int,
                  ${f.assetId}::int, ${f.siteId}::int, ${account('FIELD-ENGG')}::int, ${options.status ?? 1}::int,
                  ${options.checklist ? JSON.stringify(options.checklist) : null}::jsonb, ${options.result ?? null}::int,
                  ${options.inspected ?? null}::timestamptz, ${options.status === 8 ? 13 : null}::int)
          returning id`,
    );
    return Number(task.id);
  });
}

const open = (c: Client, id: number) => c.request({ method: 'PUT', url: `/api/Observation/${id}/4?isToUpdateChecklist=true` });
const submit = (c: Client, id: number) => c.request({ method: 'PUT', url: `/api/Observation/${id}/8` });
const save = (c: Client, id: number, nodes: unknown[]) => c.post('/api/apptaskuploadWeb', { observationId: id, checklistData: nodes });
const record = (attributes: Record<string, unknown>) => ({
  formId: f.formId,
  formName: 'Trust visual check',
  formRevision: 1,
  formRecordId: 'rec-1',
  attributes,
  attributesFiles: [],
});
const checklistOf = async (c: Client, id: number) => (await c.get(`/api/Observation/${id}/checklist`)).json() as ChecklistAnswer;

/** A submitted task whose PDFs are ready, as the worker leaves it (preview 13). */
async function submitted(nodes: unknown[], c = fieldEngg, inspected?: string, timeZone?: string) {
  const id = await makeTask({ timeZone });
  expect((await open(c, id)).statusCode).toBe(200);
  const saved = await save(c, id, nodes);
  expect(saved.statusCode, saved.body).toBe(200);
  if (inspected)
    await t.app.db
      .update(tasks)
      .set({ actualInspectionDate: new Date(inspected) })
      .where(eq(tasks.id, id));
  const sent = await submit(c, id);
  expect(sent.statusCode, sent.body).toBe(200);
  await drainDocumentJobs(deps());
  return id;
}

const allPass = () => [
  { id: 'boom', itemResult: 'pass', userData: { records: [record({ structure: 'pass' })], files: [] } },
  { id: 'outriggers', itemResult: 'pass' },
  { id: 'welds', itemResult: 'pass' },
];

/** The text of a task's current certificate PDF (pdftotext, poppler-utils). */
async function certificateText(taskId: number): Promise<string> {
  const [row] = await t.app.db
    .select({ sha256: files.sha256 })
    .from(tasks)
    .innerJoin(files, eq(files.id, tasks.certificateFileId))
    .where(eq(tasks.id, taskId));
  const stream = await t.app.blobs.open(row.sha256);
  const pdf = stream ? await readWhole(stream) : Buffer.alloc(0);
  const file = path.join(work, `certificate-${taskId}.pdf`);
  writeFileSync(file, pdf);
  // In drawing order, whitespace folded: a value wrapped over two lines reads as one.
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: PUBLIC, LOG_LEVEL: 'error' });
  [fieldEngg, approver, loAdmin, scheduler] = await Promise.all(
    ['field-engg@demo.test', 'approver@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test'].map((e) => t.login(e)),
  );
  f = await fixture();
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('complete before submit and approve (DECISIONS 9)', () => {
  it('refuses a task never opened, and one with an item left, with the count and each item named', async () => {
    const never = await makeTask();
    const refused = await submit(fieldEngg, never);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TASK_TEXT.incomplete(3));
    const id = await makeTask();
    await open(fieldEngg, id);
    expect((await save(fieldEngg, id, allPass().slice(0, 2))).statusCode).toBe(200);
    const one = await submit(fieldEngg, id);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ error: TASK_TEXT.incomplete(1), fields: { 'Structure › Welds': 'Result is required' } });
    const summary = (await checklistOf(fieldEngg, id)).inspection;
    expect(summary).toMatchObject({ complete: false, incomplete: 1, result: 3 });
    expect(summary.problems).toEqual([expect.objectContaining({ nodeId: 'welds', sectionId: 'structure', kind: 'result' })]);
    expect((await save(fieldEngg, id, [allPass()[2]])).statusCode).toBe(200);
    expect((await submit(fieldEngg, id)).statusCode).toBe(200);
  });

  it('refuses an item whose form was never filled, and a checklist where nothing was examined', async () => {
    const id = await makeTask();
    await open(fieldEngg, id);
    await save(fieldEngg, id, [{ id: 'boom', itemResult: 'pass' }, allPass()[1], allPass()[2]]);
    const missing = await submit(fieldEngg, id);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().fields).toEqual({ 'Structure › Boom free of cracks': 'Structure free of cracks is required' });
    const none = await makeTask();
    await open(fieldEngg, none);
    await save(
      fieldEngg,
      none,
      ['boom', 'outriggers', 'welds'].map((nodeId) => ({ id: nodeId, itemResult: 'na' })),
    );
    const nothing = await submit(fieldEngg, none);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe(TASK_TEXT.nothingExamined);
  });

  it('refuses to approve a submitted task whose checklist is incomplete', async () => {
    const id = await makeTask({ status: 8, checklist: null });
    const refused = await approver.post(`/api/approvetaskweb?id=${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TASK_TEXT.incomplete(3));
    expect((await t.app.db.select().from(tasks).where(eq(tasks.id, id)))[0]).toMatchObject({ status: 8, certificateNumber: null });
  });
});

describe('result fields and defects', () => {
  it('fails the item when a result field fails, and refuses to keep it without its defect', async () => {
    const id = await makeTask();
    await open(fieldEngg, id);
    const failing = {
      id: 'boom',
      itemResult: 'pass',
      userData: { records: [record({ structure: 'fail', remarks: '45 mm crack' })], files: [] },
    };
    const refused = await save(fieldEngg, id, [failing]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'boom.defect': 'A failed item must record its defect' });
    const tooLong = await save(fieldEngg, id, [{ ...failing, defect: { description: 'x'.repeat(501), danger: 1 } }]);
    expect(tooLong.statusCode).toBe(400);
    const noDate = await save(fieldEngg, id, [{ ...failing, defect: { description: 'Crack', danger: 2 } }]);
    expect(noDate.statusCode).toBe(400);
    const observationOnly = await save(fieldEngg, id, [{ ...failing, defect: { description: 'Crack', danger: 3 } }]);
    expect(observationOnly.json().fields).toEqual({
      'boom.defect': 'A defect of a failed item is an existing danger or will become dangerous',
    });
    const kept = await save(fieldEngg, id, [
      { ...failing, defect: { description: '45 mm crack at the boom foot', danger: 1, remedialAction: 'Take out of service; repair' } },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().result).toBe(2);
    const answer = await checklistOf(fieldEngg, id);
    expect(answer.nodes.find((n) => n.id === 'boom')?.itemResult).toBe('fail');
    expect(answer.inspection.results.boom).toBe('fail');
    expect(answer.inspection.defects).toEqual([
      expect.objectContaining({
        nodeId: 'boom',
        danger: 1,
        dangerLabel: 'Existing danger - do not use',
        failedFields: ['Structure free of cracks'],
      }),
    ]);
    // A passed item may carry an observation, never a defect.
    const observation = await save(fieldEngg, id, [{ ...allPass()[1], defect: { description: 'Paint faded', danger: 3 } }]);
    expect(observation.statusCode, observation.body).toBe(200);
    expect((await save(fieldEngg, id, [{ ...allPass()[2], defect: { description: 'Weld porosity', danger: 1 } }])).statusCode).toBe(400);
  });

  it('issues a Fail as a report of defects: no validity, no due date moved, the asset Failed (DECISIONS 9)', async () => {
    const id = await submitted([
      {
        id: 'boom',
        itemResult: 'fail',
        userData: { records: [record({ structure: 'fail', remarks: 'Crack' })], files: [] },
        defect: { description: '45 mm crack at the boom foot weld', danger: 1, remedialAction: 'Repair by a coded welder' },
      },
      allPass()[1],
      allPass()[2],
    ]);
    const [before] = await t.app.db.select({ due: assets.dueDate }).from(assets).where(eq(assets.id, f.assetId));
    const approved = await approver.post(`/api/approvetaskweb?id=${id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [asset] = await t.app.db.select().from(assets).where(eq(assets.id, f.assetId));
    expect(asset.lastResult).toBe(2);
    expect(asset.dueDate?.toISOString()).toBe(before.due?.toISOString());
    await drainDocumentJobs(deps());
    const text = await certificateText(id);
    expect(text).toContain('REPORT OF THOROUGH');
    expect(text).toContain('DEFECTS FOUND');
    expect(text).toContain('NOT SAFE TO USE');
    expect(text).toContain('45 mm crack at the boom foot weld');
    expect(text).toContain('After repair');
    expect(text).not.toMatch(/Validity|valid until/i);
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, id));
    expect(issued.facts).toMatchObject({ result: 2, dueDate: null, notSafeToUse: true });
    const page = await t.anonymous.get(`/verify/${issued.code}`);
    expect(page.body).toContain('NOT SAFE TO USE');
    expect(page.body).toContain('After repair');
  });
});

describe('signatories (DECISIONS 9)', () => {
  it('names whoever performed the inspection, not the assigned inspector, and refuses an approver without a signature', async () => {
    // The approver fills in the field engineer's task: the approver performed it.
    const id = await submitted(allPass(), approver);
    const detail = (await loAdmin.get(`/api/Observation/${id}`)).json();
    expect(detail.performedBy).toEqual([{ id: account('APPROVER'), name: expect.any(String) }]);
    const removed = await loAdmin.delete('/api/profile/signature');
    expect(removed.statusCode).toBe(200);
    const refused = await loAdmin.post(`/api/approvetaskweb?id=${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TASK_TEXT.signatureRequired);
    const [png] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select signature_file_id as id from users where id = ${account('APPROVER')}::int`,
    );
    await t.app.db.execute(sql`update users set signature_file_id = ${png.id}::int where id = ${account('LO-ADMIN')}::int`);
    expect((await loAdmin.post('/api/profile', { qualifications: 'LEEA Diploma; Operations Manager' })).statusCode).toBe(200);
    expect((await loAdmin.post(`/api/approvetaskweb?id=${id}`)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    const [names] = await queryRows<{ approver: string; performer: string; inspector: string }>(
      t.app.db,
      sql`select (select name from users where id = ${account('LO-ADMIN')}::int) as approver,
                 (select name from users where id = ${account('APPROVER')}::int) as performer,
                 (select name from users where id = ${account('FIELD-ENGG')}::int) as inspector`,
    );
    const text = await certificateText(id);
    expect(text).toContain(names.performer);
    expect(text).toContain(names.approver);
    expect(text).toContain('LEEA Diploma; Operations Manager');
    expect(text).not.toContain(names.inspector);
    expect(text).not.toContain('No signature on file');
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, id));
    expect(issued.facts).toMatchObject({ inspectors: [names.performer], approver: names.approver });
  });

  it('keeps the profile to its owner: qualifications at most 200 characters, no session 401', async () => {
    expect((await fieldEngg.post('/api/profile', { qualifications: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await fieldEngg.post('/api/profile', { qualifications: 42 })).statusCode).toBe(400);
    expect((await t.anonymous.get('/api/profile')).statusCode).toBe(401);
    const mine = (await fieldEngg.get('/api/profile')).json();
    expect(mine).toMatchObject({ id: account('FIELD-ENGG'), email: 'field-engg@demo.test', signature: expect.any(String) });
  });
});

describe('immutable issues', () => {
  it('makes one certificate per (number, revision) whatever the regenerations, and the revision names what it replaces', async () => {
    const id = await submitted(allPass());
    expect((await approver.post(`/api/approvetaskweb?id=${id}`)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    // A final is not regenerated: refused for every role, 20 times at once.
    const again = await Promise.all(Array.from({ length: 20 }, () => approver.post(`/api/addasynctask?id=${id}`)));
    expect(new Set(again.map((r) => r.statusCode))).toEqual(new Set([409]));
    // A failed final may be made again: 20 parallel requests still give one row.
    await t.app.db.execute(sql`delete from certificates where task_id = ${id}::int`);
    await t.app.db.update(tasks).set({ certificateStatus: 39 }).where(eq(tasks.id, id));
    const retried = await Promise.all(Array.from({ length: 20 }, () => approver.post(`/api/addasynctask?id=${id}`)));
    // The first queues the final again (31); the others find it queued and have nothing to do.
    expect(retried.map((r) => r.statusCode).sort()).toEqual([200, ...Array(19).fill(409)]);
    await Promise.all([drainDocumentJobs(deps()), drainDocumentJobs(deps())]);
    // And a final job of the same revision that runs later keeps the issued one.
    await t.app.db.execute(sql`insert into document_jobs (namespace_id, task_id, phase) values (${t.demo.id}::int, ${id}::int, 'final')`);
    await drainDocumentJobs(deps());
    const rows = await t.app.db.select().from(certificates).where(eq(certificates.taskId, id));
    expect(rows.map((r) => r.revision)).toEqual([0]);
    const [task] = await t.app.db.select().from(tasks).where(eq(tasks.id, id));
    expect(task.certificateFileId).toBe(rows[0].fileId);
    // Amend, inspect again, approve: revision 1 under the same number names revision 0.
    expect(
      (await loAdmin.request({ method: 'PUT', url: `/api/Observation/${id}/32?revisionComments=Serial%20corrected` })).statusCode,
    ).toBe(200);
    expect((await submit(fieldEngg, id)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    expect((await approver.post(`/api/approvetaskweb?id=${id}`)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    const chain = await t.app.db.select().from(certificates).where(eq(certificates.taskId, id)).orderBy(certificates.revision);
    expect(chain.map((r) => [r.number, r.revision])).toEqual([
      [rows[0].number, 0],
      [rows[0].number, 1],
    ]);
    expect(chain[1].facts.replaces).toEqual({
      number: rows[0].number,
      revision: 0,
      issuedAt: rows[0].issuedAt.toISOString(),
      sha256: rows[0].sha256,
    });
    expect(await certificateText(id)).toContain(`replaces certificate ${rows[0].number} revision 0`);
    // The verification pages link the two revisions both ways.
    const old = await t.anonymous.get(`/api/verify/${chain[0].code}`);
    expect(old.json()).toMatchObject({ state: 'superseded', next: { revision: 1, code: chain[1].code }, previous: null });
    const current = await t.anonymous.get(`/verify/${chain[1].code}`);
    expect(current.body).toContain(`href="/verify/${chain[0].code}"`);
    expect((await t.anonymous.get(`/verify/${chain[0].code}`)).body).toContain(`href="/verify/${chain[1].code}"`);
    expect(current.body).toContain('Examined by');
    // A duplicate left by the regenerations before this rule (the migration voids it) is withdrawn
    // and links the valid issue.
    await t.app.db.insert(certificates).values({ ...chain[1], id: undefined, code: 'voided-duplicate-0123456789', voided: true });
    expect((await t.anonymous.get('/api/verify/voided-duplicate-0123456789')).json()).toMatchObject({
      state: 'withdrawn',
      next: { revision: 1, code: chain[1].code },
    });
    // The database itself refuses a second row of a (number, revision).
    await expect(t.app.db.insert(certificates).values({ ...chain[1], id: undefined, code: 'another-code-0123456789' })).rejects.toThrow();
  });
});

describe('dates and links', () => {
  it('dates the documents in the task’s time zone, with the zone named', async () => {
    // 02:30 on 27 Nov in Dubai is 22:30 on 26 Nov in UTC.
    const id = await submitted(allPass(), fieldEngg, '2026-11-26T22:30:00Z', 'Asia/Dubai');
    expect((await approver.post(`/api/approvetaskweb?id=${id}`)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    const text = await certificateText(id);
    expect(text).toContain('27 Nov 2026 02:30 GST');
    expect(text).not.toContain('26 Nov 2026');
    const [issued] = await t.app.db.select().from(certificates).where(eq(certificates.taskId, id));
    expect(issued.facts.inspectionDate).toBe('2026-11-27');
  });

  it('builds links from PUBLIC_URL, never from the Host a request names', async () => {
    const id = await submitted(allPass());
    expect((await approver.post(`/api/approvetaskweb?id=${id}`)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    const detail = await approver.get(`/api/Observation/${id}`, { host: 'portal.attacker.example' });
    expect(detail.json().verificationUrl).toMatch(new RegExp(`^${PUBLIC}/verify/[A-Za-z0-9_-]+$`));
    expect(await certificateText(id)).toContain(`${PUBLIC}/verify/`);
    // The sticker sheet asked for with a hostile Host header still points at PUBLIC_URL.
    const response = await scheduler.post(
      '/api/QRCodeWithImage',
      { size: '50mm', color: 'Black', quantity: 12, createdBy: 1 },
      {
        host: 'portal.attacker.example',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [batch] = await t.app.db
      .select({ sha256: files.sha256 })
      .from(qrStickerBatches)
      .innerJoin(files, eq(files.id, qrStickerBatches.fileId))
      .where(and(eq(qrStickerBatches.id, response.json().batch.id)));
    const stream = await t.app.blobs.open(batch.sha256);
    const pdf = stream ? await readWhole(stream) : Buffer.alloc(0);
    const file = path.join(work, 'sheet.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', '200', '-f', '1', '-l', '1', '-png', file, path.join(work, 'sheet')]);
    const page = PNG.sync.read(readFileSync(path.join(work, readdirSync(work).find((n) => n.startsWith('sheet-')) ?? '')));
    const layout = sheetLayout('50mm');
    const scale = 200 / 72;
    const side = Math.ceil(layout.label * scale);
    const pixels = new Uint8ClampedArray(side * side * 4);
    for (let row = 0; row < side; row++) {
      const from = ((Math.floor(layout.top * scale) + row) * page.width + Math.floor(layout.left * scale)) * 4;
      pixels.set(page.data.subarray(from, from + side * 4), row * side * 4);
    }
    expect(jsQR(pixels, side, side)?.data).toMatch(new RegExp(`^${PUBLIC}/login\\?asn=`));
  });
});

describe('the examination details', () => {
  it('records the basis and the test equipment while the checklist may be filled', async () => {
    const id = await makeTask();
    await open(fieldEngg, id);
    const body = {
      basis: 'exceptional',
      testEquipment: [{ name: 'Load cell 25 t', identifier: 'LC-25-007', calibrationCertificate: 'CAL-931', calibrationDue: '2027-03-31' }],
    };
    const saved = await fieldEngg.post(`/api/Observation/${id}/examination`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await fieldEngg.get(`/api/Observation/${id}`)).json()).toMatchObject({
      basisOfExamination: 'exceptional',
      testEquipment: body.testEquipment,
    });
    expect((await fieldEngg.post(`/api/Observation/${id}/examination`, { basis: 'sometimes' })).statusCode).toBe(400);
    expect((await fieldEngg.post(`/api/Observation/${id}/examination`, { ...body, testEquipment: [{ name: '' }] })).statusCode).toBe(400);
    expect((await scheduler.post(`/api/Observation/${id}/examination`, body)).statusCode).toBe(403);
    expect((await t.anonymous.post(`/api/Observation/${id}/examination`, body)).statusCode).toBe(401);
    const acme = await t.login('field-engg@acme.test');
    expect((await acme.post(`/api/Observation/${id}/examination`, body)).statusCode).toBe(404);
    const approved = await makeTask({ status: 16 });
    expect((await fieldEngg.post(`/api/Observation/${approved}/examination`, body)).statusCode).toBe(409);
  });

  it('prints the basis, the previous examination, the test particulars and the tag, and Not recorded for what is missing', async () => {
    const { checklist, result } = await completedChecklist(t.app.db, t.demo.id, f.taskTypeId, { inspectorId: account('FIELD-ENGG') });
    const earlier = await makeTask({ status: 16, checklist, result, inspected: '2025-11-20T08:00:00Z' });
    await t.app.db
      .update(tasks)
      .set({ certificateNumber: `OLD-${earlier}` })
      .where(eq(tasks.id, earlier));
    const id = await submitted(allPass(), fieldEngg, '2026-11-20T08:00:00Z');
    expect((await approver.post(`/api/approvetaskweb?id=${id}`)).statusCode).toBe(200);
    await drainDocumentJobs(deps());
    const text = await certificateText(id);
    expect(text).toContain('Within an interval of 12 months');
    expect(text).toContain('20 Nov 2025');
    expect(text).toContain('TRUSTTAG01');
    expect(text).toContain('Not recorded');
    expect(text).not.toMatch(/:\s+-\s/);
  });
});
