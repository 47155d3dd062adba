// r. The Reports dashboard (issue 23): 100,000 tasks of 200 clients (one site each, 20,000 jobs of
// five tasks), a fifth of them still open (not reports), the rest submitted, approved or amended
// task and service reports, written by bulk SQL into a fresh embedded database with the basic
// demo data. Figures: the second page of 200 grouped by client (p95) and the count.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import type { Db } from '../../server/src/db/types';
import { seedDemo } from '../../server/src/demo';
import { sequential, signIn } from './lib/http';
import { startPortal } from './lib/processes';
import { count, ms } from './lib/table';
import { add, quick, settings } from './runState';

const SIZE = quick ? { clients: 200, tasks: 10_000 } : { clients: 200, tasks: 100_000 };
const TARGET_MS = 80;

async function insertReports(db: Db, size: typeof SIZE) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = sql`(select id from namespaces where name = 'demo')`;
    for (const table of ['client_companies', 'sites', 'jobs', 'tasks'])
      await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));
    await t.execute(sql`
      INSERT INTO client_companies (namespace_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, 'Bench Reports ' || lpad(g::text, 3, '0'), 'BR' || g, 1, 'Asia/Dubai' FROM generate_series(1, ${size.clients}::int) g`);
    await t.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, c.id, 'Plant ' || c.acronym_code, c.acronym_code || '-1', 1, 'Asia/Dubai'
        FROM client_companies c WHERE c.namespace_id = ${ns} AND c.name LIKE 'Bench Reports %'`);
    await t.execute(sql`
      WITH st AS (SELECT s.id, s.company_id, (row_number() OVER (ORDER BY s.id) - 1)::int AS n
                    FROM sites s JOIN client_companies c ON c.id = s.company_id WHERE c.name LIKE 'Bench Reports %')
      INSERT INTO jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, office_id, main_inspector_id,
                        quotation_number)
      SELECT ${ns}, 'BR-2026-' || lpad(g::text, 6, '0'), 'Periodic inspection', 1, 8, st.company_id, st.id,
             now() - make_interval(days => (g % 700)::int),
             (SELECT id FROM offices WHERE namespace_id = ${ns} ORDER BY id LIMIT 1),
             (SELECT id FROM users WHERE email = 'field-engg@demo.test'), 'QT-' || (g % 997)
        FROM generate_series(1, ${size.tasks / 5}::int) g JOIN st ON st.n = g % ${size.clients}::int`);
    await t.execute(sql`
      WITH tt AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(division_id ORDER BY id) AS divs
                    FROM task_types WHERE namespace_id = ${ns} AND name NOT LIKE 'llg-%' AND name <> 'LLG'),
           jb AS (SELECT j.id, j.site_id, j.start_date FROM jobs j WHERE j.job_number LIKE 'BR-2026-%')
      INSERT INTO tasks (namespace_id, job_id, name, observation_type, task_type_id, division_id, site_id, status, result,
                         actual_inspection_date, certificate_number, certificate_date, due_date, inspector_id, modified_at)
      SELECT ${ns}, jb.id, 'Inspection', CASE WHEN k % 10 < 7 THEN 1024 ELSE 512 END,
             tt.ids[1 + (jb.id + k) % array_length(tt.ids, 1)], tt.divs[1 + (jb.id + k) % array_length(tt.ids, 1)], jb.site_id,
             (ARRAY[1, 8, 16, 16, 32])[1 + (jb.id + k) % 5], CASE WHEN (jb.id + k) % 9 = 0 THEN 2 WHEN (jb.id + k) % 9 = 1 THEN NULL ELSE 1 END,
             jb.start_date + interval '2 hours', 'BR-CERT-' || jb.id || '-' || k, jb.start_date + interval '1 day',
             jb.start_date + interval '365 days', (SELECT id FROM users WHERE email = 'field-engg@demo.test'),
             jb.start_date + interval '1 day'
        FROM jb CROSS JOIN generate_series(1, 5) k CROSS JOIN tt`);
    for (const table of ['client_companies', 'sites', 'jobs', 'tasks'])
      await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
  });
  await db.execute(sql`ANALYZE`);
}

export async function figureReports(dataDir: string) {
  const size = `${count(SIZE.tasks)} tasks of ${SIZE.clients} clients`;
  console.log(`\n[r] Reports dashboard on ${size}`);
  const started = performance.now();
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      await seedDemo(db, { defaultMailDomain: 'demo.test' }, 'basic');
      await insertReports(db, SIZE);
    },
  });
  await database.close();
  add({ id: 't', figure: `generate basic demo data + ${size} (bulk SQL)`, result: ms(performance.now() - started), target: '' });
  const server = await startPortal(dataDir);
  try {
    const token = await signIn(server.base, 'scheduler@demo.test');
    const headers = { authorization: `Bearer ${token}`, filter: encodeURIComponent(JSON.stringify({ observationType: 1024 })) };
    const n = settings.sequential;
    const page = await sequential(`${server.base}/api/Reports?offset=200&limit=200&groupBy=client`, headers, n);
    const rows = (JSON.parse(page.body) as unknown[]).length;
    add({
      id: 't',
      figure: `Reports page of 200 grouped by client, p95, ${size} (GET /api/Reports?offset=200&limit=200&groupBy=client, Task Report; p95 of ${n})`,
      result: ms(page.p95),
      target: `<= ${TARGET_MS} ms`,
      ok: page.p95 <= TARGET_MS,
      detail: `p50 ${ms(page.p50)}; ${rows} rows`,
    });
    const total = await sequential(`${server.base}/api/Reports/count`, headers, n);
    add({
      id: 't',
      figure: `GET /api/Reports/count, Task Report (p95 of ${n})`,
      result: ms(total.p95),
      target: `<= ${TARGET_MS} ms`,
      ok: total.p95 <= TARGET_MS,
      detail: `p50 ${ms(total.p50)}; count ${total.body}`,
    });
  } finally {
    await server.stop();
  }
}
