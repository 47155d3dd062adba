// Jobs of the bench namespace (issue 9): 20,000 jobs and 100,000 tasks written by bulk SQL,
// and the figures: the job list page of 500 plus its count with a filter, the save of a job
// with 20 tasks (POST /api/Schedule then POST /api/Observation/All, as the wizard does), and
// 20 concurrent job saves that must get 20 distinct numbers.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/types';
import { percentile, median } from './lib/http';

const AUDITED = ['asset_types', 'task_types', 'assets', 'jobs', 'tasks'];

/** The bench namespace's jobs: each on a top-level site, from the office of its main inspector. */
export async function insertBenchJobs(db: Db, options: { jobs: number; tasksPerJob: number }) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = sql`(select id from namespaces where name = 'bench')`;
    for (const table of AUDITED) await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));
    await t.execute(sql`
      INSERT INTO asset_types (namespace_id, name, acronym_code, category, status)
      SELECT ${ns}, n, upper(left(n, 3)), 'MACHINERY', 1 FROM unnest(ARRAY['Mobile Crane', 'Overhead Crane', 'Forklift', 'Boom Lift']) n
       WHERE NOT EXISTS (SELECT 1 FROM asset_types x WHERE x.namespace_id = ${ns} AND lower(x.name) = lower(n) AND x.status = 1)`);
    await t.execute(sql`
      INSERT INTO task_types (namespace_id, name, acronym_code, division_id, asset_type_id, validity, status)
      SELECT ${ns}, a.name || ' Inspection', a.acronym_code || '-INS', d.id, a.id, 12, 1
        FROM asset_types a, (SELECT id FROM divisions WHERE namespace_id = ${ns} ORDER BY id LIMIT 1) d
       WHERE a.namespace_id = ${ns}`);
    // One asset per top-level site that has none yet (the bench's assets may be there already).
    await t.execute(sql`
      INSERT INTO assets (namespace_id, company_id, site_id, asset_type_id, name, serial_number, status)
      SELECT s.namespace_id, s.company_id, s.id, at.ids[1 + s.id % array_length(at.ids, 1)], 'Unit ' || s.id, 'SN-' || s.id, 1
        FROM sites s, (SELECT array_agg(id ORDER BY id) AS ids FROM asset_types WHERE namespace_id = ${ns}) at
       WHERE s.namespace_id = ${ns} AND s.parent_id IS NULL AND NOT EXISTS (SELECT 1 FROM assets x WHERE x.site_id = s.id)`);
    await t.execute(sql`ANALYZE asset_types, task_types, assets`);
    await t.execute(sql`
      WITH insp AS (SELECT u.id, u.office_id, (row_number() OVER (ORDER BY u.id) - 1)::int AS n
                      FROM users u JOIN roles r ON r.id = u.role_id
                     WHERE u.namespace_id = ${ns} AND u.type = 0 AND u.status = 1 AND u.office_id IS NOT NULL
                       AND r.base_role IN ('FIELD-ENGG', 'FIELD-JUNIOR')),
           st AS (SELECT id, company_id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM sites
                   WHERE namespace_id = ${ns} AND parent_id IS NULL AND status = 1),
           k AS (SELECT (SELECT count(*) FROM insp)::int AS ni, (SELECT count(*) FROM st)::int AS nst)
      INSERT INTO jobs (namespace_id, job_number, name, type, status, customer_id, site_id, start_date, end_date, duration, office_id,
                        price, currency, quotation_number, comments, main_inspector_id, is_day_job, is_day_job_closed, time_zone)
      SELECT ${ns}, o.acronym_code || '-2026-' || lpad(x.g::text, 5, '0'), 'Job', 1,
             CASE WHEN x.h % 100 < 40 THEN 1 WHEN x.h % 100 < 60 THEN 2 WHEN x.h % 100 < 70 THEN 4 WHEN x.h % 100 < 80 THEN 8
                  WHEN x.h % 100 < 88 THEN 16 WHEN x.h % 100 < 96 THEN 64 ELSE 1024 END,
             st.company_id, st.id, now() - (x.g % 700) * interval '1 day', now() - (x.g % 700 - 2) * interval '1 day', 2, insp.office_id,
             100 + x.g % 5000, 'AED', 'Q-' || x.g, 'Generated job ' || x.g, insp.id, x.g % 7 = 0, false, 'Asia/Dubai'
        FROM (SELECT g, hashint4(g) & 2147483647 AS h, hashint4(g + 7000000) & 2147483647 AS h2
                FROM generate_series(1, ${options.jobs}) g) x
        CROSS JOIN k
        JOIN insp ON insp.n = x.h2 % k.ni
        JOIN st ON st.n = x.g % k.nst
        JOIN offices o ON o.id = insp.office_id
       ORDER BY x.g`);
    await t.execute(sql`ANALYZE jobs`);
    await t.execute(sql`
      INSERT INTO tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id, due_date, status)
      SELECT j.namespace_id, j.id, tt.name || ' - ' || a.name, tt.id, tt.division_id, a.asset_type_id, a.id, j.site_id, j.main_inspector_id,
             j.start_date,
             CASE WHEN j.status IN (16, 4) THEN 16 WHEN j.status = 8 THEN 8 WHEN j.status = 64 THEN 64 WHEN j.status = 1024 THEN 1024
                  WHEN j.status = 2 AND k = 1 THEN 2 ELSE 1 END
        FROM jobs j
        CROSS JOIN generate_series(1, ${options.tasksPerJob}) k
        -- The site's first asset: tasksPerJob tasks per job, however many assets a site has.
        JOIN LATERAL (SELECT * FROM assets a0 WHERE a0.site_id = j.site_id ORDER BY a0.id LIMIT 1) a ON true
        JOIN task_types tt ON tt.asset_type_id = a.asset_type_id AND tt.namespace_id = j.namespace_id
       WHERE j.namespace_id = ${ns}`);
    // Later saves continue after the generated numbers.
    await t.execute(sql`
      INSERT INTO number_sequences (namespace_id, office_id, division_id, name, current_number)
      SELECT ${ns}, o.id, NULL, 'JOB', ${options.jobs} FROM offices o WHERE o.namespace_id = ${ns}
      ON CONFLICT (namespace_id, office_id, (coalesce(division_id, 0)), name) DO UPDATE SET current_number = excluded.current_number`);
    for (const table of AUDITED) await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
  });
  await db.execute(sql`ANALYZE jobs, tasks`);
}

interface JobRowLite {
  id: number;
  customerId: number;
  siteId: number;
  secondaryOfficeId: number;
  mainInspectorId: number;
}

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return { ms: performance.now() - started, json: JSON.parse(text) as unknown };
}

/**
 * A job of the caller's first office to copy (client, site, inspector) and its tasks' task
 * type and asset: the saves then pass every rule of the real wizard.
 */
async function template(base: string, token: string, officeId: number) {
  for (let offset = 0; offset < 20_000; offset += 500) {
    const page = (await call(base, token, 'GET', `/api/Schedule?offset=${offset}&limit=500`)).json as JobRowLite[];
    if (page.length === 0) break;
    for (const job of page.filter((j) => j.secondaryOfficeId === officeId)) {
      const tasks = (await call(base, token, 'GET', `/api/Observation/Schedule?scheduleId=${job.id}`)).json as {
        taskTypeId: number;
        locationId: number;
      }[];
      if (tasks.length > 0) return { job, task: tasks[0] };
    }
  }
  throw new Error('no job of the first office with tasks');
}

export async function measureJobSaves(base: string, token: string, officeId: number, saves: number) {
  const { job, task } = await template(base, token, officeId);
  const body = {
    customerId: job.customerId,
    siteId: job.siteId,
    secondaryOfficeId: officeId,
    mainInspectorId: job.mainInspectorId,
    startDate: new Date().toISOString(),
    duration: 1,
    comments: 'Bench job',
    timeZone: 'Asia/Dubai',
  };
  const tasks = Array.from({ length: 20 }, () => ({ taskTypeId: task.taskTypeId, locationId: task.locationId, observationType: 1024 }));
  const times: number[] = [];
  for (let i = 0; i < saves + 3; i++) {
    const started = performance.now();
    const saved = (await call(base, token, 'POST', '/api/Schedule', body)).json as { schedule: { id: number } };
    const result = (await call(base, token, 'POST', `/api/Observation/All?cancelFlag=1&scheduleId=${saved.schedule.id}`, tasks)).json as {
      newObservations: unknown[];
    };
    if (result.newObservations.length !== 20) throw new Error(`expected 20 new tasks, got ${result.newObservations.length}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  const concurrent = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(base, token, 'POST', '/api/Schedule', body).then((r) => (r.json as { schedule: { jobNumber: string } }).schedule.jobNumber),
    ),
  );
  return { p50: median(times), p95: percentile(times, 95), distinct: new Set(concurrent).size, numbers: concurrent };
}
