// r. The Assessments dashboard (issue 23): 10,000 trainees on 20 sites of one demo client, each
// with two courses of the four and two approved certificates of each (40,000 tasks, 20,000 rows),
// written by bulk SQL into a fresh embedded database with the basic demo data. Figures: the first
// page of 500 (name order, every site) and one with a filter and another order, their count
// (p95), and the streamed Excel export of one site's rows.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import type { Db } from '../../server/src/db/types';
import { seedDemo } from '../../server/src/demo';
import { seedAssessments } from '../../server/src/demo/assessments';
import { get, sequential, signIn } from './lib/http';
import { startPortal } from './lib/processes';
import { count, ms } from './lib/table';
import { add, quick, settings } from './runState';

const SIZE = quick ? { sites: 20, trainees: 1_000 } : { sites: 20, trainees: 10_000 };

/** The client, its sites, a job per site, the trainees and two certificates of two courses each. */
async function insertTrainees(db: Db, size: typeof SIZE) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = sql`(select id from namespaces where name = 'demo')`;
    for (const table of ['client_companies', 'sites', 'jobs', 'tasks', 'assets'])
      await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));
    await t.execute(sql`
      INSERT INTO client_companies (namespace_id, name, acronym_code, status, time_zone)
      VALUES (${ns}, 'Bench Training Holdings', 'BTH', 1, 'Asia/Dubai')`);
    const client = sql`(select id from client_companies where namespace_id = ${ns} and name = 'Bench Training Holdings')`;
    await t.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, ${client}, 'Training Yard ' || lpad(g::text, 2, '0'), 'BTH-' || g, 1, 'Asia/Dubai' FROM generate_series(1, ${size.sites}::int) g`);
    await t.execute(sql`
      INSERT INTO jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, office_id, main_inspector_id)
      SELECT ${ns}, 'BTH-2026-' || lpad(s.id::text, 6, '0'), 'Training assessment', 1, 4, s.company_id, s.id, now() - interval '60 days',
             (SELECT id FROM offices WHERE namespace_id = ${ns} ORDER BY id LIMIT 1),
             (SELECT id FROM users WHERE email = 'field-engg@demo.test')
        FROM sites s WHERE s.company_id = ${client}`);
    await t.execute(sql`
      WITH st AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM sites WHERE company_id = ${client})
      INSERT INTO assets (namespace_id, company_id, site_id, asset_type_id, name, acronym_code, attributes, time_zone)
      SELECT ${ns}, ${client}, st.id,
             (SELECT id FROM asset_types WHERE namespace_id = ${ns} AND category = 'TRAINEE' AND status = 1 ORDER BY id LIMIT 1),
             (ARRAY['Aisha', 'Omar', 'Priya', 'Rahul', 'Fatima', 'James', 'Maria', 'Khalid'])[1 + k % 8] || ' ' ||
             (ARRAY['Rahman', 'Sharma', 'Khan', 'Patel', 'Haddad', 'Wilson', 'Nair'])[1 + (k / 8) % 7] || ' ' || lpad(k::text, 5, '0'),
             'TR-B' || lpad(k::text, 5, '0'), jsonb_build_object('employeeNo', 'E-' || k, 'position', 'Rigger'), 'Asia/Dubai'
        FROM generate_series(1, ${size.trainees}::int) k JOIN st ON st.n = k % ${size.sites}::int`);
    // Two courses per trainee, two certificates of each: an older Pass and the latest (a Fail one in 11).
    await t.execute(sql`
      WITH courses AS (SELECT array_agg(id ORDER BY id) AS ids FROM task_types
                        WHERE namespace_id = ${ns} AND status = 1 AND name LIKE 'Assessment - %')
      INSERT INTO tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, asset_type_id, asset_id, status, result,
                         actual_inspection_date, certificate_number)
      SELECT a.namespace_id, j.id, 'Assessment', tt.id, tt.division_id, a.site_id, a.asset_type_id, a.id, 16,
             CASE WHEN v = 2 AND (a.id + c) % 11 = 0 THEN 2 ELSE 1 END,
             now() - make_interval(days => ((a.id * 7 + c * 13) % 700 + (2 - v) * 400)::int),
             'BTH-TRN-2026-' || lpad(a.id::text, 7, '0') || '-' || c || v
        FROM assets a
        JOIN jobs j ON j.site_id = a.site_id
        CROSS JOIN courses
        CROSS JOIN generate_series(0, 1) c
        CROSS JOIN generate_series(1, 2) v
        JOIN task_types tt ON tt.id = courses.ids[1 + (a.id + c) % array_length(courses.ids, 1)]
       WHERE a.company_id = ${client}`);
    for (const table of ['client_companies', 'sites', 'jobs', 'tasks', 'assets'])
      await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
  });
  await db.execute(sql`ANALYZE`);
}

export async function generateAssessmentData(dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      const { demo } = await seedDemo(db, { defaultMailDomain: 'demo.test' }, 'basic');
      // The TRAINEE asset type and the four courses (and a few demo trainees).
      await seedAssessments(db, demo, { seed: 1, traineesPerClient: [4] });
      await insertTrainees(db, SIZE);
    },
  });
  await database.close();
  return performance.now() - started;
}

export async function figureAssessments(dataDir: string) {
  const size = `${count(SIZE.trainees)} trainees on ${SIZE.sites} sites, ${count(SIZE.trainees * 2)} rows, ${count(SIZE.trainees * 4)} certificates`;
  console.log(`\n[r] Assessments on ${size}`);
  const generatedMs = await generateAssessmentData(dataDir);
  add({ id: 's', figure: `generate basic demo data + ${size} (bulk SQL)`, result: ms(generatedMs), target: '' });
  const server = await startPortal(dataDir);
  try {
    const token = await signIn(server.base, 'scheduler@demo.test');
    const auth = { authorization: `Bearer ${token}` };
    const clients = JSON.parse((await get(`${server.base}/api/Location/Object?objectType=CLIENT_COMPANY`, auth)).body) as {
      id: number;
      name: string;
    }[];
    const client = clients.find((c) => c.name === 'Bench Training Holdings');
    if (!client) throw new Error('the bench client is missing');
    const sites = JSON.parse((await get(`${server.base}/api/Location/Object?objectType=SITE&companyId=${client.id}`, auth)).body) as {
      id: number;
    }[];
    const n = settings.sequential;
    const header = (filter: Record<string, unknown>) => ({ ...auth, filter: encodeURIComponent(JSON.stringify(filter)) });
    const all = header({ clientNumber: client.id });
    const page = await sequential(`${server.base}/api/Assessments?offset=0&limit=500`, all, n);
    add({
      id: 's',
      figure: `Assessments page of 500, every site, name order, p95, ${size} (GET /api/Assessments; p95 of ${n})`,
      result: ms(page.p95),
      target: '<= 80 ms',
      ok: page.p95 <= 80,
      detail: `p50 ${ms(page.p50)}; ${(JSON.parse(page.body) as unknown[]).length} rows`,
    });
    const year = new Date().getUTCFullYear();
    const filtered = header({
      clientNumber: client.id,
      siteNumbers: sites.slice(0, 5).map((s) => s.id),
      result: 1,
      dueDate: `${year}-01-01#${year + 2}-12-31`,
    });
    const sorted = await sequential(`${server.base}/api/Assessments?offset=0&limit=500&sortColumn=dueDate&sortOrder=asc`, filtered, n);
    add({
      id: 's',
      figure: `Assessments page of 500, 5 sites, result and expiry range, by expiry date, p95 (p95 of ${n})`,
      result: ms(sorted.p95),
      target: '<= 80 ms',
      ok: sorted.p95 <= 80,
      detail: `p50 ${ms(sorted.p50)}; ${(JSON.parse(sorted.body) as unknown[]).length} rows`,
    });
    const total = await sequential(`${server.base}/api/Assessments/count`, all, n);
    add({
      id: 's',
      figure: `GET /api/Assessments/count, every site (p95 of ${n})`,
      result: ms(total.p95),
      target: '<= 80 ms',
      ok: total.p95 <= 80,
      detail: `p50 ${ms(total.p50)}; count ${total.body}`,
    });
    const exportFilter = encodeURIComponent(JSON.stringify({ clientNumber: client.id, siteNumbers: [sites[0].id] }));
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < settings.exports; i++) {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/Assessments/export?filter=${exportFilter}`, { headers: auth });
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    const worst = Math.max(...times);
    add({
      id: 's',
      figure: `Excel export of a site's ${count((SIZE.trainees * 2) / SIZE.sites)} rows (streamed .xlsx, slowest of ${settings.exports})`,
      result: ms(worst),
      target: '<= 3 s',
      ok: worst <= 3000,
      detail: `${(bytes / 1024).toFixed(0)} KB`,
    });
  } finally {
    await server.stop();
  }
}
