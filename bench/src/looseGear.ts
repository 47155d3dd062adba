// q. The Loose Gear register (issue 22): 100,000 items on 50 sites of one demo client (5,000 on
// its first site, the rest shared by the other 49), each with its latest certified examination
// (an approved LLG child task under one LLG task per site), written by bulk SQL into a fresh
// embedded database with the basic demo data. Figures: a page of 10 with filters and its count
// (p95), and the streamed Excel export of the 5,000 items of the first site.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client';
import type { Db } from '../../server/src/db/types';
import { seedDemo } from '../../server/src/demo';
import { get, sequential, signIn } from './lib/http';
import { startPortal } from './lib/processes';
import { count, ms } from './lib/table';
import { add, quick, settings } from './runState';

const SIZE = quick ? { sites: 50, items: 10_000, heavy: 1_000 } : { sites: 50, items: 100_000, heavy: 5_000 };

/** The client, its sites, a job and LLG task per site, the items and their latest examinations. */
async function insertLooseGear(db: Db, size: typeof SIZE) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = sql`(select id from namespaces where name = 'demo')`;
    for (const table of ['client_companies', 'sites', 'jobs', 'tasks'])
      await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));
    await t.execute(sql`
      INSERT INTO client_companies (namespace_id, name, acronym_code, status, time_zone)
      VALUES (${ns}, 'Bench Gear Holdings', 'BGH', 1, 'Asia/Dubai')`);
    const client = sql`(select id from client_companies where namespace_id = ${ns} and name = 'Bench Gear Holdings')`;
    await t.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, acronym_code, status, time_zone)
      SELECT ${ns}, ${client}, 'Gear Yard ' || lpad(g::text, 2, '0'), 'BGH-' || g, 1, 'Asia/Dubai' FROM generate_series(1, ${size.sites}::int) g`);
    await t.execute(sql`
      INSERT INTO jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, office_id, main_inspector_id)
      SELECT ${ns}, 'BGH-2026-' || lpad(s.id::text, 6, '0'), 'Loose gear examination', 1, 4, s.company_id, s.id, now() - interval '60 days',
             (SELECT id FROM offices WHERE namespace_id = ${ns} ORDER BY id LIMIT 1),
             (SELECT id FROM users WHERE email = 'field-engg@demo.test')
        FROM sites s WHERE s.company_id = ${client}`);
    await t.execute(sql`
      INSERT INTO tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, is_llg, status, actual_inspection_date)
      SELECT ${ns}, j.id, 'LLG', tt.id, tt.division_id, j.site_id, true, 16, now() - interval '60 days'
        FROM jobs j, (SELECT id, division_id FROM task_types WHERE namespace_id = ${ns} AND name = 'LLG') tt
       WHERE j.customer_id = ${client}`);
    // Items: the first site gets `heavy`, the other sites share the rest; kinds, results and dates spread.
    await t.execute(sql`
      WITH st AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM sites WHERE company_id = ${client}),
           kinds AS (SELECT array_agg(id ORDER BY id) AS ids FROM task_types WHERE namespace_id = ${ns} AND name LIKE 'llg-%')
      INSERT INTO llg_items (namespace_id, client_id, site_id, task_type_id, serial_number, specification, acronym_code, safe_working_load,
                             last_result, last_inspection_date, due_date, certificate_number)
      SELECT ${ns}, ${client}, st.id, kinds.ids[1 + k % array_length(kinds.ids, 1)], 'BG-' || lpad(k::text, 6, '0'),
             (ARRAY['Bow shackle G-209', '2-leg chain sling G80', 'Wire rope sling 16 mm', 'Collar eyebolt M20', 'Flat web sling 2 t'])[1 + k % 5],
             'TAG-' || k, (1 + k % 8) || ' t', CASE WHEN k % 13 = 0 THEN 2 ELSE 1 END,
             now() - make_interval(days => (k % 200)::int),
             CASE WHEN k % 13 = 0 THEN NULL ELSE now() - make_interval(days => (k % 200)::int) + interval '182 days' END,
             'BGH-LFT-2026-' || lpad(k::text, 6, '0')
        FROM generate_series(1, ${size.items}::int) k
        JOIN st ON st.n = CASE WHEN k <= ${size.heavy}::int THEN 0
                               ELSE 1 + (k - ${size.heavy}::int - 1) % (${size.sites}::int - 1) END
        CROSS JOIN kinds`);
    await t.execute(sql`
      INSERT INTO tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, parent_id, llg_item_id, status, result,
                         actual_inspection_date, certificate_number)
      SELECT i.namespace_id, p.job_id, 'Examination ' || i.serial_number, i.task_type_id, p.division_id, i.site_id, p.id, i.id, 16,
             i.last_result, i.last_inspection_date, i.certificate_number
        FROM llg_items i JOIN tasks p ON p.site_id = i.site_id AND p.is_llg AND p.parent_id IS NULL
       WHERE i.client_id = ${client}`);
    await t.execute(sql`
      UPDATE llg_items i SET last_task_id = t.id FROM tasks t WHERE t.llg_item_id = i.id AND i.client_id = ${client}`);
    for (const table of ['client_companies', 'sites', 'jobs', 'tasks'])
      await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
  });
  await db.execute(sql`ANALYZE`);
}

export async function generateLooseGearData(dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      await seedDemo(db, { defaultMailDomain: 'demo.test' }, 'basic');
      await insertLooseGear(db, SIZE);
    },
  });
  await database.close();
  return performance.now() - started;
}

export async function figureLooseGear(dataDir: string) {
  const size = `${count(SIZE.items)} items on ${SIZE.sites} sites`;
  console.log(`\n[q] Loose Gear register on ${size}`);
  const generatedMs = await generateLooseGearData(dataDir);
  add({ id: 'q', figure: `generate basic demo data + ${size} (bulk SQL)`, result: ms(generatedMs), target: '' });
  const server = await startPortal(dataDir);
  try {
    const token = await signIn(server.base, 'scheduler@demo.test');
    const auth = { authorization: `Bearer ${token}` };
    const clients = JSON.parse((await get(`${server.base}/api/Location/Object?objectType=CLIENT_COMPANY`, auth)).body) as {
      id: number;
      name: string;
    }[];
    const client = clients.find((c) => c.name === 'Bench Gear Holdings');
    if (!client) throw new Error('the bench client is missing');
    const sites = JSON.parse((await get(`${server.base}/api/Location/Object?objectType=SITE&companyId=${client.id}`, auth)).body) as {
      id: number;
      name: string;
    }[];
    const [heavy, other] = [...sites].sort((a, b) => a.id - b.id);
    const n = settings.sequential;
    const year = new Date().getUTCFullYear();
    const filter = {
      clientId: client.id,
      siteId: other.id,
      taskType: 'sling',
      result: 1,
      dueDate: `${year}-01-01#${year + 1}-12-31`,
    };
    const headers = { ...auth, filter: encodeURIComponent(JSON.stringify(filter)) };
    const page = await sequential(`${server.base}/api/Observation/llg?offset=10&limit=10`, headers, n);
    const rows = (JSON.parse(page.body) as unknown[]).length;
    add({
      id: 'q',
      figure: `Loose Gear page of 10 with filters, p95, ${size} (GET /api/Observation/llg, item, result, due range; p95 of ${n})`,
      result: ms(page.p95),
      target: '<= 50 ms',
      ok: page.p95 <= 50,
      detail: `p50 ${ms(page.p50)}; ${rows} rows`,
    });
    const total = await sequential(`${server.base}/api/Observation/llg/count`, headers, n);
    add({
      id: 'q',
      figure: `GET /api/Observation/llg/count, same filter (p95 of ${n})`,
      result: ms(total.p95),
      target: '<= 50 ms',
      ok: total.p95 <= 50,
      detail: `p50 ${ms(total.p50)}; count ${total.body}`,
    });
    const exportFilter = encodeURIComponent(JSON.stringify({ clientId: client.id, siteId: heavy.id }));
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < settings.exports; i++) {
      const started = performance.now();
      const response = await fetch(`${server.base}/api/Observation/llg/export?filter=${exportFilter}`, { headers: auth });
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
    const worst = Math.max(...times);
    add({
      id: 'q',
      figure: `Excel export of a site's ${count(SIZE.heavy)} items (streamed .xlsx, slowest of ${settings.exports})`,
      result: ms(worst),
      target: '<= 3 s',
      ok: worst <= 3000,
      detail: `${(bytes / 1024).toFixed(0)} KB`,
    });
  } finally {
    await server.stop();
  }
}
