import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayUtc, REPORT_COLUMNS, type ReportRow, reportResultLabel } from '@portal/contracts';
import { type SeededReport, seedReports } from '../../demo/reports';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

let t: TestContext;
let reports: SeededReport[];
let acmeReports: SeededReport[];
let scheduler: Client;
let clientUser: Client;
let siteUser: Client;

beforeAll(async () => {
  t = await createTestContext();
  reports = await seedReports(t.app.db, t.demo, { seed: 31, tasks: 260, perJob: 4, serviceShare: 0.35 });
  acmeReports = await seedReports(t.app.db, t.acme, { seed: 32, tasks: 12, perJob: 3, prefix: 'ACME' });
  // An open task and a cancelled one are not reports.
  await t.app.db.execute(sql`update tasks set status = 1 where id = ${reports[0].id}::int`);
  await t.app.db.execute(sql`update tasks set status = 64 where id = ${reports[1].id}::int`);
  reports = reports.slice(2);
  [scheduler, clientUser, siteUser] = await Promise.all(
    ['scheduler@demo.test', 'client-user@demo.test', 'site-user@demo.test'].map((e) => t.login(e)),
  );
});
afterAll(async () => t.close());

const q = (filter: Record<string, unknown>, extra = '') => `filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const list = async (client: Client, filter: Record<string, unknown>, extra = '') => {
  const answer = await client.get(`/api/Reports?${q(filter, extra)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ReportRow[];
};
const count = async (client: Client, filter: Record<string, unknown>) => {
  const answer = await client.get(`/api/Reports/count?${q(filter)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as number;
};
const tasksOf = (type: number) => reports.filter((r) => r.observationType === type);

describe('GET /api/Reports (tasks document 2.4, 7)', () => {
  it('lists the submitted, approved and amended tasks of the toggle, 200 a page, and counts them', async () => {
    const expected = tasksOf(1024);
    expect(expected.length).toBeGreaterThan(100);
    expect(await count(scheduler, { observationType: 1024 })).toBe(expected.length);
    expect(await count(scheduler, { observationType: 512 })).toBe(tasksOf(512).length);
    const first = await list(scheduler, { observationType: 1024 });
    expect(first).toHaveLength(Math.min(200, expected.length));
    expect(first.every((r) => r.observationType === 1024 && [8, 16, 32].includes(r.status))).toBe(true);
    // The open and the cancelled task are not reports.
    const all = await list(scheduler, {}, '&offset=0&limit=-1');
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(reports.map((r) => r.id)));
  });

  it('Load More by offset: pages follow each other without a gap or a repeat', async () => {
    const all = await list(scheduler, { observationType: 1024 }, '&offset=0&limit=-1');
    const pages = [
      ...(await list(scheduler, { observationType: 1024 }, '&offset=0&limit=50')),
      ...(await list(scheduler, { observationType: 1024 }, '&offset=50&limit=50')),
    ];
    expect(pages.map((r) => r.id)).toEqual(all.slice(0, 100).map((r) => r.id));
  });

  it('filters by result (1 Accepted, 2 Rejected), status, client, site, job, certificate and quotation numbers', async () => {
    const accepted = await list(scheduler, { result: 1 }, '&limit=-1');
    expect(accepted.length).toBe(reports.filter((r) => r.result === 1).length);
    expect(accepted.every((r) => reportResultLabel(r.result) === 'Accepted')).toBe(true);
    const rejected = await count(scheduler, { result: 2 });
    expect(rejected).toBe(reports.filter((r) => r.result === 2).length);
    expect(await count(scheduler, { status: 8 })).toBe(reports.filter((r) => r.status === 8).length);
    // Statuses that are never reports give nothing, not everything.
    expect(await count(scheduler, { status: 1 })).toBe(0);
    const client = t.demo.clients[1];
    const byClient = await list(scheduler, { client: client.name.slice(0, 8).toUpperCase() }, '&limit=-1');
    expect(byClient.length).toBeGreaterThan(0);
    expect(byClient.every((r) => r.client.toLowerCase().includes(client.name.slice(0, 8).toLowerCase()))).toBe(true);
    const one = reports.find((r) => r.certificateNumber)!;
    const byNumber = await list(scheduler, { certificateNumber: one.certificateNumber!.slice(-6) });
    expect(byNumber.map((r) => r.id)).toContain(one.id);
    expect((await list(scheduler, { jobNumber: one.jobNumber })).every((r) => r.jobNumber === one.jobNumber)).toBe(true);
    expect(await count(scheduler, { quotationNumber: 'QT-RPT-1' })).toBeGreaterThan(0);
    expect(await count(scheduler, { site: 'no such site anywhere' })).toBe(0);
  });

  it('groups stay together across pages (groupBy), and the count does not depend on the grouping or the sort', async () => {
    const order = '&groupBy=client,site&sort=id&order=desc';
    const pages: ReportRow[] = [];
    for (let offset = 0; ; offset += 60) {
      const page = await list(scheduler, { observationType: 1024 }, `${order}&offset=${offset}&limit=60`);
      pages.push(...page);
      if (page.length < 60) break;
    }
    expect(pages).toHaveLength(tasksOf(1024).length);
    // Each client, and each site within it, is one run of rows.
    const runs = (keys: string[]) => keys.filter((k, i) => i === 0 || keys[i - 1] !== k);
    const clientRuns = runs(pages.map((r) => r.client.toLowerCase()));
    expect(new Set(clientRuns).size).toBe(clientRuns.length);
    expect([...clientRuns]).toEqual([...clientRuns].sort());
    const siteRuns = runs(pages.map((r) => `${r.client}|${r.site}`));
    expect(new Set(siteRuns).size).toBe(siteRuns.length);
    // Within a site, the sort column: id descending.
    const firstSite = pages.filter((r) => `${r.client}|${r.site}` === siteRuns[0]).map((r) => r.id);
    expect(firstSite).toEqual([...firstSite].sort((a, b) => b - a));
    expect(await count(scheduler, { observationType: 1024 })).toBe(pages.length);
    // Grouped by result: Accepted, Rejected, then No Result.
    const byResult = await list(scheduler, {}, '&groupBy=result&limit=-1');
    expect(runs(byResult.map((r) => reportResultLabel(r.result)))).toEqual(['Accepted', 'Rejected', 'No Result']);
  });

  it('client roles see approved reports of their company only; SITE-USER only their site', async () => {
    const company = t.demo.clients[0];
    const mine = reports.filter((r) => r.clientId === company.id && r.status === 16);
    expect(mine.length).toBeGreaterThan(0);
    const seen = await list(clientUser, {}, '&limit=-1');
    expect(new Set(seen.map((r) => r.id))).toEqual(new Set(mine.map((r) => r.id)));
    expect(await count(clientUser, {})).toBe(mine.length);
    // Asking for another company's client name or a submitted status finds nothing more.
    expect(await count(clientUser, { client: t.demo.clients[1].name })).toBe(0);
    expect(await count(clientUser, { status: 8 })).toBe(0);
    const siteId = company.siteIds[0];
    const onSite = await list(siteUser, {}, '&limit=-1');
    expect(onSite.map((r) => r.id).sort()).toEqual(
      mine
        .filter((r) => r.siteId === siteId)
        .map((r) => r.id)
        .sort(),
    );
  });

  it("another namespace's reports are never listed or counted", async () => {
    const ids = new Set((await list(scheduler, {}, '&limit=-1')).map((r) => r.id));
    expect(acmeReports.some((r) => ids.has(r.id))).toBe(false);
    expect(await count(scheduler, { id: acmeReports[0].id })).toBe(0);
    expect(await count(scheduler, { jobNumber: 'ACME-' })).toBe(0);
  });

  it('refuses a bad filter, an unknown column or too many groups with 400, never 500', async () => {
    for (const url of [
      '/api/Reports?filter=%7Bbad',
      '/api/Reports?filter=%5B1%5D',
      `/api/Reports?${q({ nope: 1 })}`,
      `/api/Reports?${q({ result: 3 })}`,
      `/api/Reports?${q({ observationType: 256 })}`,
      `/api/Reports?${q({ status: 7 })}`,
      `/api/Reports?${q({ client: 5 })}`,
      '/api/Reports?groupBy=password',
      '/api/Reports?groupBy=client,site,asset,result,status',
      '/api/Reports?sort=__proto__',
      '/api/Reports?order=sideways',
      '/api/Reports/count?filter=%7B',
      '/api/Reports/export?groupBy=constructor',
    ]) {
      const answer = await scheduler.get(url);
      expect(answer.statusCode, url).toBe(400);
    }
    const header = await scheduler.get('/api/Reports', { filter: '%E0%A4%A' });
    expect(header.statusCode).toBe(400);
    // The filter as the spec's header works as the query parameter does.
    const viaHeader = await scheduler.get('/api/Reports/count', { filter: encodeURIComponent(JSON.stringify({ result: 2 })) });
    expect(viaHeader.json()).toBe(reports.filter((r) => r.result === 2).length);
  });
});

describe('GET /api/Reports/export', () => {
  it('streams every matching report as .xlsx, in the grid order, as the grid prints it', async () => {
    const filter = { observationType: 512 };
    const answer = await scheduler.request({ method: 'GET', url: `/api/Reports/export?${q(filter, '&groupBy=client&sort=id&order=asc')}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toMatch(/Reports_Service_\d{8}_\d{6}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Reports')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.values(REPORT_COLUMNS));
    const rows = await list(scheduler, filter, '&groupBy=client&sort=id&order=asc&limit=-1');
    expect(sheet.rowCount - 1).toBe(rows.length);
    const col = (key: keyof typeof REPORT_COLUMNS) => Object.keys(REPORT_COLUMNS).indexOf(key) + 1;
    rows.forEach((row, i) => {
      const line = sheet.getRow(i + 2);
      expect(line.getCell(col('id')).value).toBe(row.id);
      expect(line.getCell(col('client')).value).toBe(row.client);
      expect(line.getCell(col('result')).value).toBe(reportResultLabel(row.result));
      expect(line.getCell(col('actualInspectionDate')).value).toBe(formatDayUtc(row.actualInspectionDate));
    });
  });

  it("a client's workbook holds its own company's approved reports only", async () => {
    const answer = await clientUser.request({ method: 'GET', url: '/api/Reports/export' });
    expect(answer.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Reports')!.rowCount - 1).toBe(await count(clientUser, {}));
  });
});

describeAreaAccess('reports', () => t, [
  {
    name: 'list',
    method: 'GET',
    url: () => `/api/Reports?${q({ observationType: 1024 })}`,
    permission: 'reports.read',
    namesRecord: false,
    malformed: [{ url: '/api/Reports?filter=%5B1%5D' }, { url: '/api/Reports?offset=x' }],
  },
  {
    name: 'count',
    method: 'GET',
    url: () => `/api/Reports/count?${q({ observationType: 512 })}`,
    permission: 'reports.read',
    namesRecord: false,
    malformed: [{ url: '/api/Reports/count?filter=7' }],
  },
  {
    name: 'export',
    method: 'GET',
    url: () => '/api/Reports/export',
    permission: 'reports.read',
    namesRecord: false,
    malformed: [{ url: '/api/Reports/export?sort=nope' }],
  },
]);
