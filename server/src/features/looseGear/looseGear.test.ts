import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDayUtc,
  LLG_TEXT,
  LOOSE_GEAR_COLUMNS,
  type LooseGearHistoryRow,
  type LooseGearRow,
  looseGearResultLabel,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { SeededNamespace } from '../../demo/demo';
import { type SeededLooseGear, seedLooseGear } from '../../demo/looseGear';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';
import { DOCUMENT_OWNER } from '../documents';

let t: TestContext;
let gear: SeededLooseGear;
let acmeGear: SeededLooseGear;
let scheduler: Client;
let clientUser: Client;
let siteUser: Client;
let clientAdmin: Client;

beforeAll(async () => {
  t = await createTestContext();
  gear = await seedLooseGear(t.app.db, t.demo, { seed: 5, itemsPerSite: 14, failShare: 0.2, openTask: true });
  acmeGear = await seedLooseGear(t.app.db, t.acme, { seed: 6, itemsPerSite: 3 });
  [scheduler, clientUser, siteUser, clientAdmin] = await Promise.all(
    ['scheduler@demo.test', 'client-user@demo.test', 'site-user@demo.test', 'client-admin@demo.test'].map((e) => t.login(e)),
  );
});
afterAll(async () => t.close());

const siteA = () => gear.siteIds[0];
const siteB = () => gear.siteIds[1];
const base = (siteId = siteA()) => ({ clientId: gear.clientId, siteId });
const q = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
const list = (client: Client, filter: Record<string, unknown>, paging = 'offset=-1&limit=-1') =>
  client.get(`/api/Observation/llg?${paging}&${q(filter)}`);
const rowsOf = async (client: Client, filter: Record<string, unknown>, paging?: string) => {
  const response = await list(client, filter, paging);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LooseGearRow[];
};
const countOf = async (client: Client, filter: Record<string, unknown>) => {
  const response = await client.get(`/api/Observation/llg/count?${q(filter)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as number;
};

/** A stored PDF as a task's final certificate (the documents worker's work, written directly). */
async function certificateFileOf(taskId: number, name: string) {
  const content = Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`);
  const [file] = await queryRows<{ id: number; blob_key: string }>(
    t.app.db,
    sql`insert into files (namespace_id, blob_key, owner_type, owner_id, file_name, content_type, size, sha256, content)
        values (${t.demo.id}::int, ${`llg-test-${taskId}`}, ${DOCUMENT_OWNER.certificate}, ${taskId}::int, ${name}, 'application/pdf',
                ${content.length}::int, ${createHash('sha256').update(content).digest('hex')}, decode(${content.toString('hex')}, 'hex'))
        returning id, blob_key`,
  );
  await t.app.db.execute(sql`update tasks set certificate_file_id = ${file.id}::int, certificate_status = 33 where id = ${taskId}::int`);
  return file.blob_key;
}

describe('GET /api/Observation/llg', () => {
  it("lists a site's active items by item then serial number, with their latest certified examination", async () => {
    const rows = await rowsOf(clientUser, base());
    expect(rows.length).toBe(14);
    expect(rows.every((r) => r.site && r.taskTypeDesc.startsWith('llg-'))).toBe(true);
    const keys = rows.map((r) => [r.taskTypeDesc, r.llgSerialNumber.toLowerCase()]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
    // The latest approved examination's facts: a certificate number, a date, its job.
    const [item] = await queryRows<{ id: number; last_task_id: number }>(
      t.app.db,
      sql`select id, last_task_id from llg_items where id = ${rows[0].id}::int`,
    );
    const [latest] = await queryRows<{ id: number; certificate_number: string }>(
      t.app.db,
      sql`select id, certificate_number from tasks where llg_item_id = ${rows[0].id}::int and status = 16
           order by actual_inspection_date desc limit 1`,
    );
    expect(item.last_task_id).toBe(latest.id);
    expect(rows[0]).toMatchObject({ lastTaskId: latest.id, certificateNumber: latest.certificate_number, jobNumber: expect.any(String) });
    // Statuses from the due date, and Failed after a failed examination (whatever the date says).
    for (const row of rows) {
      if (row.result === 2) expect(row.itemStatus).toBe('Failed');
      else expect(['Valid', 'Due Shortly', 'Expired']).toContain(row.itemStatus);
    }
    expect(new Set(rows.map((r) => r.itemStatus)).size).toBeGreaterThanOrEqual(3);
  });

  it('pages by 10 by default and counts the matching rows', async () => {
    const all = await rowsOf(clientUser, base());
    const first = await rowsOf(clientUser, base(), 'offset=0');
    expect(first.map((r) => r.id)).toEqual(all.slice(0, 10).map((r) => r.id));
    const second = await rowsOf(clientUser, base(), 'offset=10&limit=10');
    expect(second.map((r) => r.id)).toEqual(all.slice(10).map((r) => r.id));
    expect(await countOf(clientUser, base())).toBe(all.length);
    // The filter as a header, as the task dashboard takes it.
    const response = await clientUser.get('/api/Observation/llg/count', filterHeader(base(siteB())));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toBe(14);
  });

  it('filters by the texts (contains, any case), result, status, job number and inclusive date ranges', async () => {
    const all = await rowsOf(scheduler, base());
    const target = all[3];
    const bySerial = await rowsOf(scheduler, { ...base(), llgSerialNumber: target.llgSerialNumber.slice(2).toLowerCase() });
    expect(bySerial.map((r) => r.id)).toContain(target.id);
    expect(bySerial.every((r) => r.llgSerialNumber.toLowerCase().includes(target.llgSerialNumber.slice(2).toLowerCase()))).toBe(true);
    const byItem = await rowsOf(scheduler, { ...base(), taskType: 'SHACKLE' });
    expect(byItem.length).toBeGreaterThan(0);
    expect(byItem.every((r) => r.taskTypeDesc === 'llg-shackle')).toBe(true);
    expect((await rowsOf(scheduler, { ...base(), acronymCode: target.acronymCode })).map((r) => r.id)).toEqual([target.id]);
    expect((await rowsOf(scheduler, { ...base(), certificateNumber: target.certificateNumber })).map((r) => r.id)).toEqual([target.id]);
    const bySpec = await rowsOf(scheduler, { ...base(), specification: target.specification?.slice(0, 8).toUpperCase() });
    expect(bySpec.map((r) => r.id)).toContain(target.id);
    const byJob = await rowsOf(scheduler, { ...base(), jobNumber: target.jobNumber });
    expect(byJob.map((r) => r.id)).toContain(target.id);
    expect(byJob.every((r) => r.jobNumber === target.jobNumber)).toBe(true);
    // A LIKE character is a plain character.
    expect(await rowsOf(scheduler, { ...base(), llgSerialNumber: '%' })).toEqual([]);

    const rejected = await rowsOf(scheduler, { ...base(), result: 2 });
    expect(rejected.length).toBe(all.filter((r) => r.result === 2).length);
    expect(rejected.every((r) => looseGearResultLabel(r.result) === 'Rejected')).toBe(true);
    for (const status of ['Valid', 'Due Shortly', 'Expired', 'Failed'] as const) {
      const rows = await rowsOf(scheduler, { ...base(), itemStatus: status });
      expect(rows.map((r) => r.id)).toEqual(all.filter((r) => r.itemStatus === status).map((r) => r.id));
    }

    // The inspection day itself is inside a one-day range (00:00:00 to 23:59:59).
    const day = String(target.actualInspectionDate).slice(0, 10);
    const sameDay = await rowsOf(scheduler, { ...base(), actualInspectionDate: `${day}#${day}` });
    expect(sameDay.map((r) => r.id)).toContain(target.id);
    expect(sameDay.every((r) => String(r.actualInspectionDate).startsWith(day))).toBe(true);
    const withDue = all.find((r) => r.dueDate)!;
    const dueDay = String(withDue.dueDate).slice(0, 10);
    expect((await rowsOf(scheduler, { ...base(), dueDate: `${dueDay}#${dueDay}` })).map((r) => r.id)).toContain(withDue.id);
    expect(await rowsOf(scheduler, { ...base(), dueDate: '2000-01-01#2000-01-02' })).toEqual([]);
    // The spec's form with times names the same days.
    const withTimes = await rowsOf(scheduler, { ...base(), actualInspectionDate: `${day} 00:00:00#${day} 23:59:59` });
    expect(withTimes.map((r) => r.id)).toEqual(sameDay.map((r) => r.id));
    // A range with one end does not apply (tasks document 5).
    expect((await rowsOf(scheduler, { ...base(), dueDate: '2000-01-01#' })).length).toBe(all.length);
  });

  it('links the certificate of the latest examination and the booklet of its LLG task', async () => {
    const [row] = await rowsOf(clientUser, base());
    expect(row.certificateFile).toBeNull();
    const [parent] = await queryRows<{ parent_id: number }>(t.app.db, sql`select parent_id from tasks where id = ${row.lastTaskId}::int`);
    const certificateKey = await certificateFileOf(Number(row.lastTaskId), `Certificate-${row.certificateNumber}.pdf`);
    const bookletKey = await certificateFileOf(Number(parent.parent_id), 'Booklet.pdf');
    const [after] = await rowsOf(clientUser, base());
    expect(after.certificateFile).toEqual({ blobKey: certificateKey, fileName: `Certificate-${row.certificateNumber}.pdf` });
    expect(after.bookletFile).toEqual({ blobKey: bookletKey, fileName: 'Booklet.pdf' });
    // The client user may open both.
    const pdf = await clientUser.get(`/api/filedownload?id=${certificateKey}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.body).toContain('%PDF');
  });

  it('refuses bad filters with 400 and a reason', async () => {
    const cases: [string, string | RegExp][] = [
      ['filter=%7Bnot json', /filter/i],
      [q({ clientId: gear.clientId }), /siteId/],
      [q({ siteId: siteA() }), /clientId/],
      [q({ ...base(), dueDate: '2026-05-02#2026-05-01' }), LLG_TEXT.rangeOrder],
      [q({ ...base(), actualInspectionDate: '02-05-2026#03-05-2026' }), /YYYY-MM-DD/],
      [q({ ...base(), dueDate: '2026-02-30#2026-03-01' }), /YYYY-MM-DD/],
      [q({ ...base(), dueDate: '0000-01-01#2026-03-01' }), /YYYY-MM-DD/],
      [q({ ...base(), result: 3 }), /result/],
      [q({ ...base(), itemStatus: 'Broken' }), /itemStatus/],
      [q({ ...base(), colour: 'red' }), /colour/],
      [q({ ...base(), clientId: 'abc' }), /clientId/],
      [`offset=0&limit=abc&${q(base())}`, /limit/i],
    ];
    for (const [query, message] of cases) {
      const response = await clientUser.get(`/api/Observation/llg?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const count = await clientUser.get(`/api/Observation/llg/count?${q({ ...base(), dueDate: '2026-05-02#2026-05-01' })}`);
    expect(count.statusCode).toBe(400);
  });

  it("answers 404 for another company's client and for a site outside the caller's sites", async () => {
    const other = t.demo.clients[1];
    for (const filter of [
      { clientId: other.id, siteId: other.siteIds[0] },
      { clientId: gear.clientId, siteId: other.siteIds[0] },
    ]) {
      expect((await list(clientUser, filter)).statusCode).toBe(404);
      expect((await clientAdmin.get(`/api/Observation/llg/count?${q(filter)}`)).statusCode).toBe(404);
    }
    // A client's site under another client: 404 for office staff too.
    expect((await list(scheduler, { clientId: other.id, siteId: siteA() })).statusCode).toBe(404);
    // SITE-USER: their own site only.
    expect((await list(siteUser, base(siteA()))).statusCode).toBe(200);
    expect((await list(siteUser, base(siteB()))).statusCode).toBe(404);
    // Another namespace's client and site.
    expect((await list(scheduler, { clientId: acmeGear.clientId, siteId: acmeGear.siteIds[0] })).statusCode).toBe(404);
  });
});

describe('GET /api/Observation/llg/{itemId}/history', () => {
  it('lists every examination of the item, newest first, with its certificate number and result', async () => {
    const itemId = gear.itemIds[0];
    const response = await clientUser.get(`/api/Observation/llg/${itemId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const history = response.json() as LooseGearHistoryRow[];
    const [{ n }] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from tasks where llg_item_id = ${itemId}::int and status not in (64, 1024)`,
    );
    expect(history.length).toBe(n);
    expect(history.length).toBeGreaterThanOrEqual(3);
    const dated = history.filter((h) => h.actualInspectionDate).map((h) => String(h.actualInspectionDate));
    expect(dated).toEqual([...dated].sort().reverse());
    for (const h of history.filter((x) => x.status === 16)) expect(h.certificateNumber).toMatch(/^[A-Z]+-[A-Z]+-\d{4}-\d{5}$/);
    // The demo field engineer's open examination of the item comes first, not yet dated.
    const open = history.find((h) => h.status === 1);
    if (open) expect(history[0]).toBe(open);
  });

  it('answers 404 outside the caller’s sites, in another namespace and for an unknown item; 400 for a malformed id', async () => {
    const onSiteB = (await rowsOf(scheduler, base(siteB())))[0].id;
    expect((await siteUser.get(`/api/Observation/llg/${onSiteB}/history`)).statusCode).toBe(404);
    expect((await scheduler.get(`/api/Observation/llg/${acmeGear.itemIds[0]}/history`)).statusCode).toBe(404);
    expect((await scheduler.get('/api/Observation/llg/99999999/history')).statusCode).toBe(404);
    const bad = await scheduler.get('/api/Observation/llg/abc/history');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/itemId/);
  });
});

describe('GET /api/Observation/llg/export', () => {
  it('streams the whole filtered register as an .xlsx whose rows are the JSON rows', async () => {
    const filter = base();
    const rows = await rowsOf(clientUser, filter);
    const response = await clientUser.get(`/api/Observation/llg/export?${q(filter)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const [{ name: site }] = await queryRows<{ name: string }>(t.app.db, sql`select name from sites where id = ${siteA()}::int`);
    const safe = site
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '_');
    expect(String(response.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename="Loose_Gear_of_Site_${safe}_\\d{8}_\\d{6}\\.xlsx"$`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(rows.length + 1);
    const cells = (n: number) => Array.from({ length: 12 }, (_, i) => sheet.getRow(n).getCell(i + 1).text);
    expect(cells(1)).toEqual(Object.values(LOOSE_GEAR_COLUMNS));
    rows.forEach((row, index) => {
      expect(cells(index + 2)).toEqual([
        row.taskTypeDesc,
        row.specification ?? '',
        row.llgSerialNumber,
        row.acronymCode ?? '',
        looseGearResultLabel(row.result),
        formatDayUtc(row.actualInspectionDate),
        formatDayUtc(row.dueDate),
        row.certificateNumber ?? '',
        row.site,
        row.certificateFile ? (row.certificateNumber ?? '') : '',
        row.bookletFile ? 'Booklet' : '',
        row.itemStatus ?? '',
      ]);
      // Report and Booklet link to their PDFs.
      const report = sheet.getRow(index + 2).getCell(10).value as { hyperlink?: string } | string;
      if (row.certificateFile)
        expect((report as { hyperlink: string }).hyperlink).toContain(`/api/filedownload?id=${row.certificateFile.blobKey}`);
    });
    // Dates as D-MMM-YYYY.
    expect(cells(2)[5]).toMatch(/^\d{1,2}-[A-Z][a-z]{2}-\d{4}$/);
  });

  it('exports the filtered rows only, and refuses what the list refuses', async () => {
    const filter = { ...base(), result: 2 };
    const rows = await rowsOf(scheduler, filter);
    const response = await scheduler.get(`/api/Observation/llg/export?${q(filter)}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(rows.length + 1);
    expect((await scheduler.get(`/api/Observation/llg/export?${q({ ...base(), dueDate: '2026-05-02#2026-05-01' })}`)).statusCode).toBe(400);
    expect((await scheduler.get('/api/Observation/llg/export?filter=%7B')).statusCode).toBe(400);
    expect((await siteUser.get(`/api/Observation/llg/export?${q(base(siteB()))}`)).statusCode).toBe(404);
  });
});

const registerOf = (ns: SeededNamespace) => (ns.name === 'acme' ? acmeGear : gear);
describeAreaAccess('loose gear', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: (ns) => `/api/Observation/llg?${q({ clientId: registerOf(ns).clientId, siteId: registerOf(ns).siteIds[0] })}`,
    permission: 'llg.read',
    malformed: [{ url: '/api/Observation/llg?filter=%5B1%5D' }],
  },
  {
    name: 'count',
    method: 'GET',
    url: (ns) => `/api/Observation/llg/count?${q({ clientId: registerOf(ns).clientId, siteId: registerOf(ns).siteIds[0] })}`,
    permission: 'llg.read',
    malformed: [{ url: '/api/Observation/llg/count' }],
  },
  {
    name: 'export',
    method: 'GET',
    url: (ns) => `/api/Observation/llg/export?${q({ clientId: registerOf(ns).clientId, siteId: registerOf(ns).siteIds[0] })}`,
    permission: 'llg.read',
  },
  {
    name: 'history',
    method: 'GET',
    url: (ns) => `/api/Observation/llg/${registerOf(ns).itemIds[0]}/history`,
    permission: 'llg.read',
  },
]);
