// r. The Compliance overview (issue 23): 100,000 assets on 100 sites of one bench client (due
// dates spread over a year either side of today, a share failed, a share never inspected), a job
// per site, 20,000 tasks (15,000 approved over the last 12 months, 5,000 open across the LO
// inspectors), written by bulk SQL into a fresh embedded database with the basic demo data.
// Figures: GET /api/compliance/overview as LO-ADMIN over the whole namespace and for one site (p95).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import type { Db } from '../../server/src/db/types';
import { seedDemo } from '../../server/src/demo';
import { get, sequential, signIn } from './lib/http';
import { startPortal } from './lib/processes';
import { count, ms } from './lib/table';
import { add, quick, settings } from './runState';

const SIZE = quick
  ? { sites: 100, assets: 10_000, approved: 1_500, open: 500 }
  : { sites: 100, assets: 100_000, approved: 15_000, open: 5_000 };
const TARGET_MS = 150;

async function insertCompliance(db: Db, size: typeof SIZE) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = sql`(select id from namespaces where name = 'demo')`;
    const tables = ['client_companies', 'sites', 'assets', 'jobs', 'tasks'];
    for (const table of tables) await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));
    await t.execute(sql`
      INSERT INTO client_companies (namespace_id, name, acronym_code, status, time_zone)
      VALUES (${ns}, 'Bench Compliance Group', 'BCG', 1, 'Asia/Dubai')`);
    const client = sql`(select id from client_companies where namespace_id = ${ns} and name = 'Bench Compliance Group')`;
    await t.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, ${client}, 'Plant ' || lpad(g::text, 3, '0'), 'BCG-' || g, 1, 'Asia/Dubai' FROM generate_series(1, ${size.sites}::int) g`);
    await t.execute(sql`
      WITH st AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM sites WHERE company_id = ${client}),
           types AS (SELECT array_agg(id ORDER BY id) AS ids FROM asset_types WHERE namespace_id = ${ns})
      INSERT INTO assets (namespace_id, company_id, site_id, asset_type_id, name, serial_number, last_result, last_inspection_date, due_date)
      SELECT ${ns}, ${client}, st.id, types.ids[1 + k % array_length(types.ids, 1)], 'Bench asset ' || lpad(k::text, 6, '0'), 'BCS-' || k,
             CASE WHEN k % 29 = 0 THEN NULL WHEN k % 17 = 0 THEN 2 ELSE 1 END,
             CASE WHEN k % 29 = 0 THEN NULL ELSE now() - make_interval(days => (k % 365)::int) END,
             CASE WHEN k % 29 = 0 THEN NULL ELSE now() - make_interval(days => (k % 365)::int) + interval '200 days' END
        FROM generate_series(1, ${size.assets}::int) k
        JOIN st ON st.n = k % ${size.sites}::int
        CROSS JOIN types`);
    await t.execute(sql`
      INSERT INTO jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, office_id, main_inspector_id)
      SELECT ${ns}, 'BCG-2026-' || lpad(s.id::text, 6, '0'), 'Periodic examination', 1, 2, s.company_id, s.id, now() - interval '300 days',
             (SELECT id FROM offices WHERE namespace_id = ${ns} ORDER BY id LIMIT 1),
             (SELECT id FROM users WHERE email = 'field-engg@demo.test')
        FROM sites s WHERE s.company_id = ${client}`);
    // Tasks on the first assets: approved ones over 12 months (one in 9 failed), then open ones across the LO users.
    await t.execute(sql`
      WITH a AS (SELECT id, site_id, asset_type_id, row_number() OVER (ORDER BY id)::int AS k FROM assets WHERE company_id = ${client}),
           tt AS (SELECT id, division_id FROM task_types WHERE namespace_id = ${ns} AND NOT name ILIKE 'llg%' ORDER BY id LIMIT 1),
           lo AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE namespace_id = ${ns} AND company_id IS NULL)
      INSERT INTO tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id, status, result,
                         actual_inspection_date)
      SELECT ${ns}, j.id, 'Examination ' || a.k, tt.id, tt.division_id, a.asset_type_id, a.id, a.site_id,
             lo.ids[1 + a.k % array_length(lo.ids, 1)],
             CASE WHEN a.k <= ${size.approved}::int THEN 16 ELSE (ARRAY[1, 2, 4])[1 + a.k % 3] END,
             CASE WHEN a.k <= ${size.approved}::int THEN CASE WHEN a.k % 9 = 0 THEN 2 ELSE 1 END END,
             CASE WHEN a.k <= ${size.approved}::int THEN now() - make_interval(days => (a.k % 360)::int) END
        FROM a JOIN jobs j ON j.site_id = a.site_id AND j.customer_id = ${client}
        CROSS JOIN tt CROSS JOIN lo
       WHERE a.k <= ${size.approved + size.open}::int`);
    for (const table of tables) await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
  });
  await db.execute(sql`ANALYZE`);
}

export async function generateComplianceData(dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      await seedDemo(db, { defaultMailDomain: 'demo.test' }, 'basic');
      await insertCompliance(db, SIZE);
    },
  });
  await database.close();
  return performance.now() - started;
}

export async function figureCompliance(dataDir: string) {
  const size = `${count(SIZE.assets)} assets on ${SIZE.sites} sites, ${count(SIZE.approved + SIZE.open)} tasks`;
  console.log(`\n[r] Compliance overview on ${size}`);
  const generatedMs = await generateComplianceData(dataDir);
  add({ id: 'r', figure: `generate basic demo data + ${size} (bulk SQL)`, result: ms(generatedMs), target: '' });
  const server = await startPortal(dataDir);
  try {
    const token = await signIn(server.base, 'lo-admin@demo.test');
    const auth = { authorization: `Bearer ${token}` };
    const clients = JSON.parse((await get(`${server.base}/api/Location/Object?objectType=CLIENT_COMPANY`, auth)).body) as {
      id: number;
      name: string;
    }[];
    const client = clients.find((c) => c.name === 'Bench Compliance Group');
    if (!client) throw new Error('the bench client is missing');
    const [site] = JSON.parse((await get(`${server.base}/api/Location/Object?objectType=SITE&companyId=${client.id}`, auth)).body) as {
      id: number;
    }[];
    const n = settings.sequential;
    for (const [what, query] of [
      ['the whole namespace', ''],
      ['one site', `?companyId=${client.id}&siteId=${site.id}`],
    ] as const) {
      const result = await sequential(`${server.base}/api/compliance/overview${query}`, auth, n);
      const body = JSON.parse(result.body) as { itemStatus: { total: number }; overdue: { total: number }; groups: { total: number } };
      add({
        id: 'r',
        figure: `Compliance overview, ${what}, p95, ${size} (GET /api/compliance/overview${query ? ' ?companyId&siteId' : ''}; p95 of ${n})`,
        result: ms(result.p95),
        target: `<= ${TARGET_MS} ms`,
        ok: result.p95 <= TARGET_MS,
        detail: `p50 ${ms(result.p50)}; ${count(body.itemStatus.total)} assets, ${count(body.overdue.total)} overdue, ${body.groups.total} sites`,
      });
    }
  } finally {
    await server.stop();
  }
}
