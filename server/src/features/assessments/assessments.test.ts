import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_COLUMNS,
  ASSESSMENT_TEXT,
  type AssessmentHistoryRow,
  type AssessmentRow,
  assessmentResultLabel,
  formatDayUtc,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { type SeededAssessments, seedAssessments } from '../../demo/assessments';
import type { SeededNamespace } from '../../demo/demo';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';
import { DOCUMENT_OWNER, drainDocumentJobs, enqueueTaskDocuments } from '../documents';

let t: TestContext;
let seeded: SeededAssessments;
let acmeSeeded: SeededAssessments;
let scheduler: Client;
let clientUser: Client;
let siteUser: Client;
let clientAdmin: Client;

beforeAll(async () => {
  t = await createTestContext();
  seeded = await seedAssessments(t.app.db, t.demo, { seed: 7, traineesPerClient: [12, 6] });
  acmeSeeded = await seedAssessments(t.app.db, t.acme, { seed: 8, traineesPerClient: [3] });
  [scheduler, clientUser, siteUser, clientAdmin] = await Promise.all(
    ['scheduler@demo.test', 'client-user@demo.test', 'site-user@demo.test', 'client-admin@demo.test'].map((e) => t.login(e)),
  );
});
afterAll(async () => t.close());

const clientA = () => seeded.clientIds[0];
const sitesOf = (clientId: number) => t.demo.clients.find((c) => c.id === clientId)!.siteIds;
const base = (extra: Record<string, unknown> = {}) => ({ clientNumber: clientA(), ...extra });
const q = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
const list = (client: Client, filter: Record<string, unknown>, paging = 'offset=-1&limit=-1') =>
  client.get(`/api/Assessments?${paging}&${q(filter)}`);
const rowsOf = async (client: Client, filter: Record<string, unknown>, paging?: string) => {
  const response = await list(client, filter, paging);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AssessmentRow[];
};
const countOf = async (client: Client, filter: Record<string, unknown>) => {
  const response = await client.get(`/api/Assessments/count?${q(filter)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as number;
};

/** The newest approved task of each (trainee, course) of a client, from the tables. */
async function latestOf(clientId: number) {
  return queryRows<{ id: number; asset_id: number; task_type_id: number }>(
    t.app.db,
    sql`select distinct on (t.asset_id, t.task_type_id) t.id, t.asset_id, t.task_type_id
          from tasks t join assets a on a.id = t.asset_id
         where a.company_id = ${clientId}::int and t.status = 16
         order by t.asset_id, t.task_type_id, t.actual_inspection_date desc, t.id desc`,
  );
}

describe('GET /api/Assessments', () => {
  it("lists each trainee's latest certificate per course, by name then course, with its status", async () => {
    const rows = await rowsOf(clientUser, base());
    const latest = await latestOf(clientA());
    expect(rows.length).toBe(latest.length);
    expect(rows.length).toBe(15);
    expect(rows.map((r) => r.id).sort()).toEqual(latest.map((l) => Number(l.id)).sort());
    const keys = rows.map((r) => `${r.location}\u0000${r.taskType}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const row of rows) {
      expect(row.taskType).toMatch(/^Assessment - /);
      expect(row.certificateNumber).toMatch(/^[A-Z]+-[A-Z]+-\d{4}-\d{5}$/);
      expect(row.acronymCode).toMatch(/^TR-A\d{5}$/);
      expect(row.specifications).toMatch(/Employee No: E-\d+/);
      expect(row.jobNumber).toMatch(/-\d{4}-\d{5}$/);
      expect(sitesOf(clientA())).toContain(row.siteId);
      // A Fail report states no expiry (DECISIONS 9) and is Failed; a Pass expires after the course's validity.
      if (row.result === '2') {
        expect(row.itemStatus).toBe('Failed');
        expect(row.dueDate).toBeNull();
      } else {
        expect(row.result).toBe('1');
        const days = (Date.parse(String(row.dueDate)) - Date.now()) / 86_400_000;
        expect(row.itemStatus).toBe(days <= 0 ? 'Expired' : days <= 15 ? 'Due Shortly' : 'Valid');
      }
    }
    expect(new Set(rows.map((r) => r.itemStatus))).toEqual(new Set(['Valid', 'Due Shortly', 'Expired', 'Failed']));
  });

  it('pages by 500 by default, counts the matching rows and takes the filter as a header', async () => {
    const all = await rowsOf(scheduler, base());
    expect((await rowsOf(scheduler, base(), 'offset=0')).map((r) => r.id)).toEqual(all.map((r) => r.id));
    const second = await rowsOf(scheduler, base(), 'offset=5&limit=5');
    expect(second.map((r) => r.id)).toEqual(all.slice(5, 10).map((r) => r.id));
    expect(await countOf(scheduler, base())).toBe(all.length);
    const response = await scheduler.get('/api/Assessments/count', filterHeader(base({ result: 2 })));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBe(all.filter((r) => r.result === '2').length);
  });

  it('filters by sites, the texts (contains, any case), result, status and inclusive date ranges', async () => {
    const all = await rowsOf(scheduler, base());
    const [siteA, siteB] = sitesOf(clientA());
    const onA = await rowsOf(scheduler, base({ siteNumbers: [siteA] }));
    expect(onA.map((r) => r.id)).toEqual(all.filter((r) => r.siteId === siteA).map((r) => r.id));
    expect((await rowsOf(scheduler, base({ siteNumbers: [siteA, siteB] }))).length).toBe(all.length);
    expect((await rowsOf(scheduler, base({ siteNumbers: `${siteA},${siteB}` }))).length).toBe(all.length);

    const target = all[4];
    const byName = await rowsOf(scheduler, base({ location: target.location.slice(1, 6).toUpperCase() }));
    expect(byName.map((r) => r.id)).toContain(target.id);
    expect(byName.every((r) => r.location.toLowerCase().includes(target.location.slice(1, 6).toLowerCase()))).toBe(true);
    expect((await rowsOf(scheduler, base({ certificateNumber: target.certificateNumber }))).map((r) => r.id)).toEqual([target.id]);
    const byId = await rowsOf(scheduler, base({ acronymCode: target.acronymCode }));
    expect(byId.every((r) => r.acronymCode === target.acronymCode)).toBe(true);
    const byCourse = await rowsOf(scheduler, base({ taskType: 'crane' }));
    expect(byCourse.length).toBeGreaterThan(0);
    expect(byCourse.every((r) => r.taskType === 'Assessment - Mobile Crane Operator')).toBe(true);
    expect((await rowsOf(scheduler, base({ site: target.site }))).every((r) => r.site === target.site)).toBe(true);
    const position = String(target.specifications).match(/Position: ([^,]+)/)![1];
    const byPosition = await rowsOf(scheduler, base({ specifications: position.toUpperCase() }));
    expect(byPosition.map((r) => r.id)).toContain(target.id);
    expect(byPosition.every((r) => r.specifications?.includes(position))).toBe(true);
    expect((await rowsOf(scheduler, base({ jobNumber: target.jobNumber }))).map((r) => r.id)).toContain(target.id);
    // A LIKE character is a plain character.
    expect(await rowsOf(scheduler, base({ location: '%' }))).toEqual([]);

    const rejected = await rowsOf(scheduler, base({ result: 2 }));
    expect(rejected.map((r) => r.id)).toEqual(all.filter((r) => r.result === '2').map((r) => r.id));
    expect(rejected.every((r) => assessmentResultLabel(r.result) === 'Rejected')).toBe(true);
    for (const status of ['Valid', 'Due Shortly', 'Expired', 'Failed'] as const) {
      const rows = await rowsOf(scheduler, base({ itemStatus: status }));
      expect(rows.map((r) => r.id)).toEqual(all.filter((r) => r.itemStatus === status).map((r) => r.id));
    }

    // The issue day itself is inside a one-day range (00:00:00 to 23:59:59).
    const day = String(target.actualInspectionDate).slice(0, 10);
    const sameDay = await rowsOf(scheduler, base({ actualInspectionDate: `${day}#${day}` }));
    expect(sameDay.map((r) => r.id)).toContain(target.id);
    expect(sameDay.every((r) => String(r.actualInspectionDate).startsWith(day))).toBe(true);
    const withDue = all.find((r) => r.dueDate)!;
    const dueDay = String(withDue.dueDate).slice(0, 10);
    const expiring = await rowsOf(scheduler, base({ dueDate: `${dueDay}#${dueDay}` }));
    expect(expiring.map((r) => r.id)).toContain(withDue.id);
    expect(expiring.every((r) => String(r.dueDate).startsWith(dueDay))).toBe(true);
    expect(await rowsOf(scheduler, base({ dueDate: '2000-01-01#2000-01-02' }))).toEqual([]);
    // A range with one end does not apply (tasks document 5).
    expect((await rowsOf(scheduler, base({ dueDate: '2000-01-01#' }))).length).toBe(all.length);
  });

  it('sorts by a column, empty values last, then by name and course', async () => {
    const byDue = await rowsOf(scheduler, base(), 'offset=-1&limit=-1&sortColumn=dueDate&sortOrder=desc');
    const dues = byDue.map((r) => r.dueDate);
    const dated = dues.filter((d) => d !== null) as string[];
    expect(dues.slice(0, dated.length)).toEqual([...dated].sort().reverse());
    expect(dues.slice(dated.length).every((d) => d === null)).toBe(true);
    const bySite = await rowsOf(scheduler, base(), 'offset=-1&limit=-1&sortColumn=site&sortOrder=asc');
    const sites = bySite.map((r) => r.site);
    expect(sites).toEqual([...sites].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await scheduler.get(`/api/Assessments?sortColumn=password&${q(base())}`);
    expect(bad.statusCode).toBe(400);
  });

  it('links the final certificate of the row', async () => {
    const [row] = await rowsOf(clientUser, base());
    expect(row.certificateFile).toBeNull();
    const content = Buffer.from(`%PDF-1.4\n% ${row.certificateNumber}\n%%EOF\n`);
    const [file] = await queryRows<{ id: number; blob_key: string }>(
      t.app.db,
      sql`insert into files (namespace_id, blob_key, owner_type, owner_id, file_name, content_type, size, sha256, content)
          values (${t.demo.id}::int, ${`assess-test-${row.id}`}, ${DOCUMENT_OWNER.certificate}, ${row.id}::int, 'Certificate.pdf',
                  'application/pdf', ${content.length}::int, ${createHash('sha256').update(content).digest('hex')},
                  decode(${content.toString('hex')}, 'hex'))
          returning id, blob_key`,
    );
    await t.app.db.execute(sql`update tasks set certificate_file_id = ${file.id}::int, certificate_status = 33 where id = ${row.id}::int`);
    const [after] = await rowsOf(clientUser, base());
    expect(after.certificateFile).toEqual({ blobKey: file.blob_key, fileName: 'Certificate.pdf' });
    const pdf = await clientUser.get(`/api/filedownload?id=${file.blob_key}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.body).toContain('%PDF');
  });

  it("makes a trainee's certificate and a Fail report with the documents worker, and links them", async () => {
    const rows = await rowsOf(scheduler, { clientNumber: seeded.clientIds[1] });
    const chosen = [rows.find((r) => r.result === '1')!, rows.find((r) => r.result === '2')!];
    for (const row of chosen) await enqueueTaskDocuments(t.app.db, { id: row.id, namespaceId: t.demo.id }, 'final', null);
    await drainDocumentJobs({
      db: t.app.db,
      blobs: t.app.blobs,
      instanceId: 'assessments-test',
      settings: { leaseMs: 60_000, maxAttempts: 1, retryBaseMs: 1000, publicUrl: 'http://localhost:3000' },
    });
    const [problem] = await queryRows<{ last_error: string | null; state: string }>(
      t.app.db,
      sql`select last_error, state from document_jobs where task_id = any(${sql.param(chosen.map((r) => r.id))}::int[]) and state <> 'done'`,
    );
    expect(problem).toBeUndefined();
    const after = await rowsOf(scheduler, { clientNumber: seeded.clientIds[1] });
    for (const row of chosen) {
      const made = after.find((r) => r.id === row.id)!;
      expect(made.certificateFile?.fileName).toMatch(/\.pdf$/);
      const pdf = await scheduler.get(`/api/filedownload?id=${made.certificateFile?.blobKey}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('refuses bad filters with 400 and a reason, a From after its To included', async () => {
    const cases: [string, string | RegExp][] = [
      ['filter=%7Bnot json', /filter/i],
      ['', /clientNumber/],
      [q({ siteNumbers: [1] }), /clientNumber/],
      [q(base({ dueDate: '2026-05-02#2026-05-01' })), ASSESSMENT_TEXT.rangeOrder],
      [q(base({ actualInspectionDate: '2026-06-02#2026-06-01' })), ASSESSMENT_TEXT.rangeOrder],
      [q(base({ actualInspectionDate: '02-05-2026#03-05-2026' })), /YYYY-MM-DD/],
      [q(base({ dueDate: '2026-02-30#2026-03-01' })), /YYYY-MM-DD/],
      [q(base({ result: 3 })), /result/],
      [q(base({ itemStatus: 'Broken' })), /itemStatus/],
      [q(base({ siteNumbers: ['abc'] })), /siteNumbers/],
      [q(base({ siteNumbers: { a: 1 } })), /siteNumbers/],
      [q(base({ colour: 'red' })), /colour/],
      [q({ clientNumber: 'abc' }), /clientNumber/],
      [q(base({ location: 'x'.repeat(300) })), /location/],
      [`offset=0&limit=abc&${q(base())}`, /limit/i],
    ];
    for (const [query, message] of cases) {
      const response = await clientUser.get(`/api/Assessments?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const header = await clientUser.get('/api/Assessments/count', { filter: '%E0%A4%A' });
    expect(header.statusCode).toBe(400);
    const count = await clientUser.get(`/api/Assessments/count?${q(base({ dueDate: '2026-05-02#2026-05-01' }))}`);
    expect(count.statusCode).toBe(400);
  });

  it("keeps client roles to their company and SITE-USER to their sites; another namespace's ids are 404", async () => {
    const other = seeded.clientIds[1];
    // Office staff see the second client's trainees; its client users do not.
    expect((await rowsOf(scheduler, { clientNumber: other })).length).toBe((await latestOf(other)).length);
    expect((await latestOf(other)).length).toBe(7);
    for (const filter of [{ clientNumber: other }, { clientNumber: clientA(), siteNumbers: [sitesOf(other)[0]] }]) {
      expect((await list(clientUser, filter)).statusCode).toBe(404);
      expect((await clientAdmin.get(`/api/Assessments/count?${q(filter)}`)).statusCode).toBe(404);
    }
    // A site of another client: 404 for office staff too.
    expect((await list(scheduler, { clientNumber: clientA(), siteNumbers: [sitesOf(other)[0]] })).statusCode).toBe(404);
    // SITE-USER: without sites chosen, only their own site's rows; the other site is 404.
    const [siteA, siteB] = sitesOf(clientA());
    const own = await rowsOf(siteUser, base());
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.siteId === siteA)).toBe(true);
    expect(own.length).toBe((await rowsOf(scheduler, base({ siteNumbers: [siteA] }))).length);
    expect(await countOf(siteUser, base())).toBe(own.length);
    expect((await list(siteUser, base({ siteNumbers: [siteB] }))).statusCode).toBe(404);
    // Another namespace's client and site.
    const acmeClient = acmeSeeded.clientIds[0];
    expect((await list(scheduler, { clientNumber: acmeClient })).statusCode).toBe(404);
    const acmeSite = t.acme.clients[0].siteIds[0];
    expect((await list(scheduler, base({ siteNumbers: [acmeSite] }))).statusCode).toBe(404);
    expect((await list(scheduler, { clientNumber: 99_999_999 })).statusCode).toBe(404);
  });
});

describe('GET /api/Assessments/{assetId}/history', () => {
  it("lists a trainee's certificates of a course newest first: PASS with its next due date, FAIL without", async () => {
    const all = await rowsOf(scheduler, base());
    // A trainee with more than one certificate of the course.
    let chosen: { row: AssessmentRow; history: AssessmentHistoryRow[] } | null = null;
    for (const row of all) {
      const response = await clientUser.get(`/api/Assessments/${row.assetId}/history?taskTypeId=${row.taskTypeId}`);
      expect(response.statusCode, response.body).toBe(200);
      const history = response.json() as AssessmentHistoryRow[];
      expect(history[0].taskId).toBe(row.id);
      expect(history.every((h) => h.taskTypeId === row.taskTypeId)).toBe(true);
      if (history.length > 1 && history.some((h) => h.result === 2)) chosen = { row, history };
    }
    expect(chosen).not.toBeNull();
    const { history } = chosen!;
    const dates = history.map((h) => String(h.actualInspectionDate));
    expect(dates).toEqual([...dates].sort().reverse());
    for (const h of history) {
      expect(h.certificateNumber).toMatch(/^[A-Z]+-[A-Z]+-\d{4}-\d{5}$/);
      if (h.result === 2) expect(h.dueDate).toBeNull();
      else expect(Date.parse(String(h.dueDate))).toBeGreaterThan(Date.parse(String(h.actualInspectionDate)));
    }
    // Without a course: every course of the trainee.
    const twoCourses = all.find((r) => all.some((o) => o.assetId === r.assetId && o.taskTypeId !== r.taskTypeId))!;
    const every = (await clientUser.get(`/api/Assessments/${twoCourses.assetId}/history`)).json() as AssessmentHistoryRow[];
    expect(new Set(every.map((h) => h.taskTypeId)).size).toBe(2);
  });

  it('answers 404 outside the caller’s sites, in another namespace, for a non-trainee and unknown ids; 400 for a malformed id', async () => {
    const [, siteB] = sitesOf(clientA());
    const onB = (await rowsOf(scheduler, base({ siteNumbers: [siteB] })))[0];
    expect((await siteUser.get(`/api/Assessments/${onB.assetId}/history`)).statusCode).toBe(404);
    const otherClient = (await rowsOf(scheduler, { clientNumber: seeded.clientIds[1] }))[0];
    expect((await clientUser.get(`/api/Assessments/${otherClient.assetId}/history`)).statusCode).toBe(404);
    expect((await scheduler.get(`/api/Assessments/${acmeSeeded.traineeIds[0]}/history`)).statusCode).toBe(404);
    const machine = t.demo.assets.find((a) => a.assetType !== 'Trainee Assessment')!;
    const notTrainee = await scheduler.get(`/api/Assessments/${machine.id}/history`);
    expect(notTrainee.statusCode).toBe(404);
    expect(notTrainee.json().error).toBe(ASSESSMENT_TEXT.traineeNotFound);
    expect((await scheduler.get('/api/Assessments/99999999/history')).statusCode).toBe(404);
    const bad = await scheduler.get('/api/Assessments/abc/history');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/assetId/);
    expect((await scheduler.get(`/api/Assessments/${onB.assetId}/history?taskTypeId=x`)).statusCode).toBe(400);
  });
});

describe('GET /api/Assessments/export', () => {
  it('streams Tasks_on_{timestamp}.xlsx whose rows are the JSON rows in the same order', async () => {
    const filter = base();
    const rows = await rowsOf(clientUser, filter, 'offset=-1&limit=-1&sortColumn=actualInspectionDate&sortOrder=desc');
    const response = await clientUser.get(`/api/Assessments/export?${q(filter)}&sortColumn=actualInspectionDate&sortOrder=desc`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="Tasks_on_\d{8}_\d{6}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(rows.length + 1);
    const width = Object.keys(ASSESSMENT_COLUMNS).length;
    const cells = (n: number) => Array.from({ length: width }, (_, i) => sheet.getRow(n).getCell(i + 1).text);
    expect(cells(1)).toEqual(Object.values(ASSESSMENT_COLUMNS));
    rows.forEach((row, index) => {
      expect(cells(index + 2)).toEqual([
        row.location,
        row.acronymCode ?? '',
        row.specifications ?? '',
        row.taskType,
        row.certificateNumber ?? '',
        row.result === '1' ? 'Accepted' : row.result === '2' ? 'Rejected' : '',
        formatDayUtc(row.actualInspectionDate),
        formatDayUtc(row.dueDate),
        row.site,
        row.certificateFile ? (row.certificateNumber ?? '') : '',
        row.itemStatus ?? '',
      ]);
    });
    expect(cells(2)[6]).toMatch(/^\d{1,2}-[A-Z][a-z]{2}-\d{4}$/);
  });

  it('exports the filtered rows only, and refuses what the list refuses', async () => {
    const filter = base({ result: 2 });
    const rows = await rowsOf(scheduler, filter);
    const response = await scheduler.get(`/api/Assessments/export?${q(filter)}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(rows.length + 1);
    expect((await scheduler.get(`/api/Assessments/export?${q(base({ dueDate: '2026-05-02#2026-05-01' }))}`)).statusCode).toBe(400);
    expect((await scheduler.get('/api/Assessments/export?filter=%7B')).statusCode).toBe(400);
    expect((await siteUser.get(`/api/Assessments/export?${q(base({ siteNumbers: [sitesOf(clientA())[1]] }))}`)).statusCode).toBe(404);
  });
});

const assessmentsOf = (ns: SeededNamespace) => (ns.name === 'acme' ? acmeSeeded : seeded);
describeAreaAccess('assessments', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: (ns) => `/api/Assessments?${q({ clientNumber: assessmentsOf(ns).clientIds[0] })}`,
    permission: 'assessments.read',
    malformed: [{ url: '/api/Assessments?filter=%5B1%5D' }],
  },
  {
    name: 'count',
    method: 'GET',
    url: (ns) => `/api/Assessments/count?${q({ clientNumber: assessmentsOf(ns).clientIds[0] })}`,
    permission: 'assessments.read',
    malformed: [{ url: '/api/Assessments/count' }],
  },
  {
    name: 'export',
    method: 'GET',
    url: (ns) => `/api/Assessments/export?${q({ clientNumber: assessmentsOf(ns).clientIds[0] })}`,
    permission: 'assessments.read',
  },
  {
    name: 'history',
    method: 'GET',
    url: (ns) => `/api/Assessments/${assessmentsOf(ns).traineeIds[0]}/history`,
    permission: 'assessments.read',
  },
]);
