// The benchmark's data set: the demo data plus one big namespace `bench` with 50,000 users and
// 20,000 clients (2 sites each), written into a fresh embedded database before any server
// starts. Rows are made by INSERT ... SELECT FROM generate_series, so the whole thing takes
// seconds rather than the hours the one-row factories would need.
//
//   npx tsx bench/src/generate.ts <DATA_DIR> [users] [clients]   (stand-alone use)
import { asc, eq, sql } from 'drizzle-orm';
import { CLIENT_ROLES, FEATURES_CONFIG_NAME, type Role, WEB_ACCESS_CONFIG_NAME } from '@portal/contracts';
import { openDatabase } from '../../server/src/db/client';
import { divisions, offices } from '../../server/src/db/schema';
import { insertBenchAssets, insertHeavyClient } from './assets';
import { seedDemo } from '../../server/src/demo';
import { insertConfiguration, insertNamespace, insertUser } from '../../server/src/demo/factories';
import { demoPasswordHash } from '../../server/src/demo/password';
import { CITIES, COMPANY_FIRST, COMPANY_SUFFIX, COMPANY_TRADE, FIRST_NAMES, LAST_NAMES, SITE_NAMES } from '../../server/src/demo/random';
import type { Db } from '../../server/src/db/types';
import { insertBenchJobs } from './jobs';

export const BENCH_ADMIN = 'bench@demo.test';

/** A SQL text[] literal of constants (never user input). */
const texts = (list: readonly string[]) => sql.raw(`ARRAY[${list.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`);
const ints = (list: readonly number[]) => sql.raw(`ARRAY[${list.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/** Role mix of the generated staff, by weight. */
const LO_MIX: [Role, number][] = [
  ['FIELD-ENGG', 8],
  ['FIELD-JUNIOR', 4],
  ['SCHEDULER', 3],
  ['APPROVER', 3],
  ['APPROVER-ONLY', 1],
  ['SALES-PERSON', 2],
  ['CORPORATE', 1],
  ['LO-ADMIN', 1],
  ['CONFIG_ADMIN', 1],
];
const CLIENT_MIX: [Role, number][] = [
  ['CLIENT-USER', 4],
  ['SITE-USER', 3],
  ['REQUESTER', 2],
  ['CLIENT-ADMIN', 1],
];
const weighted = (mix: [Role, number][], roleIds: Record<Role, number>) => mix.flatMap(([role, n]) => Array(n).fill(roleIds[role]));

/** Tables written here whose audit triggers are paused: the audit trail of generated rows is not data. */
const AUDITED = [
  'offices',
  'divisions',
  'client_companies',
  'client_offices',
  'sites',
  'role_licences',
  'users',
  'user_offices',
  'user_divisions',
  'user_sites',
];

/** Runs one bulk statement; with BENCH_VERBOSE set, prints how long it took. */
async function timed<T>(label: string, work: Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work;
  if (process.env.BENCH_VERBOSE) console.log(`    ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

export interface BenchSize {
  users: number;
  clients: number;
  jobs?: number;
  offices?: number;
  /** Issue 11's heavy asset client: its assets in all and those on its first site. */
  heavyAssets?: { site: number; client: number };
}

export async function insertBenchNamespace(db: Db, options: BenchSize) {
  const officeCount = options.offices ?? 20;
  const hash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ns = await insertNamespace(t, { name: 'bench', companyName: 'Bench Inspection Services', email: BENCH_ADMIN });
    const id = ns.id;
    for (const table of AUDITED) await t.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_audit`));

    await timed(
      'offices',
      t.execute(sql`
      INSERT INTO offices (namespace_id, name, acronym_code, code, street, city, state, country, pin, status, time_zone)
      SELECT ${id}, c[1 + g % array_length(c, 1)] || ' Office ' || g, 'BO' || lpad(g::text, 2, '0'), 'BO' || lpad(g::text, 2, '0'), 'Industrial Area ' || g,
             c[1 + g % array_length(c, 1)], c[1 + g % array_length(c, 1)], 'United Arab Emirates', 10000 + g, 1, 'Asia/Dubai'
        FROM generate_series(1, ${officeCount}) g, (SELECT ${texts(CITIES.map((x) => x.city))} AS c) cities`),
    );
    await timed(
      'divisions',
      t.execute(sql`
      INSERT INTO divisions (namespace_id, name, display_name, acronym_code, code, status)
      SELECT ${id}, d, d, left(d, 3), left(d, 3), 1
        FROM unnest(${texts(['LIFTING', 'MACHINERY', 'PRESSURE', 'ELECTRICAL', 'TRAINING', 'SCAFFOLDING', 'NDT', 'MARINE'])}) d`),
    );

    // Clients: "<first> <trade> <suffix> <n>", about 1 in 30 an "Atlas ...", 1 in 25 archived.
    await timed(
      'clients',
      t.execute(sql`
      INSERT INTO client_companies (namespace_id, name, acronym_code, external_id, street, city, country, pin, phone, status, time_zone)
      SELECT ${id},
             f[1 + (g * 7) % array_length(f, 1)] || ' ' || tr[1 + (g * 13) % array_length(tr, 1)] || ' '
               || sx[1 + g % array_length(sx, 1)] || ' ' || g,
             'BC' || g,
             CASE WHEN g % 2 = 0 THEN 'ERP-' || (100000 + g) END,
             'Plot ' || (g % 400) || ', Industrial Area',
             c[1 + g % array_length(c, 1)], 'United Arab Emirates', 10000 + g % 89999,
             '+971 4 ' || lpad((g % 1000)::text, 3, '0') || ' ' || lpad((g % 10000)::text, 4, '0'),
             CASE WHEN g % 25 = 0 THEN 0 ELSE 1 END, 'Asia/Dubai'
        FROM generate_series(1, ${options.clients}) g,
             (SELECT ${texts(COMPANY_FIRST)} AS f, ${texts(COMPANY_TRADE)} AS tr, ${texts(COMPANY_SUFFIX)} AS sx,
                     ${texts(CITIES.map((x) => x.city))} AS c) words`),
    );
    await timed(
      'client offices',
      t.execute(sql`
      INSERT INTO client_offices (client_id, office_id)
      SELECT cc.id, o.ids[1 + cc.id % array_length(o.ids, 1)]
        FROM client_companies cc, (SELECT array_agg(id ORDER BY id) AS ids FROM offices WHERE namespace_id = ${id}) o
       WHERE cc.namespace_id = ${id}`),
    );
    await timed(
      'sites',
      t.execute(sql`
      INSERT INTO sites (namespace_id, company_id, name, acronym_code, street, city, country, time_zone)
      SELECT ${id}, cc.id, s[1 + (cc.id * 3 + k) % array_length(s, 1)], cc.acronym_code || '-' || k, 'Gate ' || k, cc.city, cc.country, 'Asia/Dubai'
        FROM client_companies cc CROSS JOIN generate_series(1, 2) k, (SELECT ${texts(SITE_NAMES)} AS s) names
       WHERE cc.namespace_id = ${id}
       ORDER BY cc.id, k`),
    );
    // Fresh rows have no planner statistics (and the embedded database has no autovacuum):
    // without them the joins below can become nested loops over whole tables (minutes).
    await timed('analyze locations', t.execute(sql`ANALYZE offices, divisions, client_companies, sites, roles`));
    await timed(
      'role licences',
      t.execute(sql`
      INSERT INTO role_licences (namespace_id, role_id, client_id, licence_count, all_users_active)
      SELECT ${id}, r.id, cc.id, -1, false
        FROM client_companies cc JOIN roles r ON r.namespace_id = cc.namespace_id AND r.base_role = ANY (${texts(CLIENT_ROLES)})
       WHERE cc.namespace_id = ${id}`),
    );

    // Users: 3 in 5 LO staff (an office, sometimes a second one, one or two divisions), 2 in 5
    // client users (a company, one or both of its sites). 86% active, the rest suspended,
    // archived or removed.
    const loRoles = weighted(LO_MIX, ns.roleIds);
    const clientRoles = weighted(CLIENT_MIX, ns.roleIds);
    // Companies and offices are picked by joining on a row number: indexing a 20,000-element
    // array column once per row would make this quadratic.
    await timed(
      'users',
      t.execute(sql`
      WITH cl AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM client_companies WHERE namespace_id = ${id}),
           ofc AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM offices WHERE namespace_id = ${id}),
           k AS (SELECT (SELECT count(*) FROM cl)::int AS ncl, (SELECT count(*) FROM ofc)::int AS nof)
      INSERT INTO users (namespace_id, email, name, phone, external_id, type, role_id, company_id, office_id, status, password_hash, description)
      SELECT ${id},
             lower(fn || '.' || replace(ln, ' ', '') || '.' || g || '@bench.test'),
             fn || ' ' || ln,
             CASE WHEN g % 4 <> 0 THEN '+971 5' || (g % 9) || ' ' || lpad((h1 % 1000)::text, 3, '0') || ' ' || lpad((h2 % 10000)::text, 4, '0') END,
             CASE WHEN g % 3 = 0 THEN 'HR-' || g END,
             CASE WHEN lo THEN 0 ELSE 1 END,
             CASE WHEN lo THEN r.lr[1 + h3 % array_length(r.lr, 1)] ELSE r.cr[1 + h3 % array_length(r.cr, 1)] END,
             cl.id,
             ofc.id,
             CASE WHEN h4 % 100 < 86 THEN 1 WHEN h4 % 100 < 91 THEN -3 WHEN h4 % 100 < 96 THEN -2 ELSE -1 END,
             ${hash},
             'Generated user ' || g
        FROM (SELECT g, g % 5 < 3 AS lo,
                     hashint4(g) & 2147483647 AS h1, hashint4(g + 100000000) & 2147483647 AS h2,
                     hashint4(g + 200000000) & 2147483647 AS h3, hashint4(g + 300000000) & 2147483647 AS h4,
                     hashint4(g + 400000000) & 2147483647 AS h5
                FROM generate_series(1, ${options.users}) g) x
             CROSS JOIN (SELECT ${texts(FIRST_NAMES)} AS fns, ${texts(LAST_NAMES)} AS lns, ${ints(loRoles)} AS lr, ${ints(clientRoles)} AS cr) r
             CROSS JOIN LATERAL (SELECT r.fns[1 + x.h1 % array_length(r.fns, 1)] AS fn, r.lns[1 + x.h2 % array_length(r.lns, 1)] AS ln) n
             CROSS JOIN k
             LEFT JOIN cl ON NOT x.lo AND cl.n = x.h5 % k.ncl
             LEFT JOIN ofc ON x.lo AND ofc.n = x.h5 % k.nof
       ORDER BY g`),
    );
    await timed('analyze users', t.execute(sql`ANALYZE users`));
    await timed(
      'user offices',
      t.execute(sql`
      INSERT INTO user_offices (user_id, office_id)
      SELECT u.id, o.ids[1 + array_position(o.ids, u.office_id) % array_length(o.ids, 1)]
        FROM users u, (SELECT array_agg(id ORDER BY id) AS ids FROM offices WHERE namespace_id = ${id}) o
       WHERE u.namespace_id = ${id} AND u.type = 0 AND u.id % 10 < 3`),
    );
    await timed(
      'user divisions',
      t.execute(sql`
      INSERT INTO user_divisions (user_id, division_id)
      SELECT u.id, d.ids[1 + (u.id + k) % array_length(d.ids, 1)]
        FROM users u CROSS JOIN generate_series(0, 1) k,
             (SELECT array_agg(id ORDER BY id) AS ids FROM divisions WHERE namespace_id = ${id}) d
       WHERE u.namespace_id = ${id} AND u.type = 0 AND (k = 0 OR u.id % 2 = 0)`),
    );
    await timed(
      'user sites',
      t.execute(sql`
      INSERT INTO user_sites (user_id, site_id)
      SELECT u.id, s.id
        FROM users u
        JOIN (SELECT id, company_id, row_number() OVER (PARTITION BY company_id ORDER BY id) AS n
                FROM sites WHERE namespace_id = ${id}) s ON s.company_id = u.company_id
       WHERE u.namespace_id = ${id} AND u.type = 1 AND (s.n = 1 OR u.id % 2 = 0)`),
    );

    for (const table of AUDITED) await t.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_audit`));
    await timed('asset types and assets', insertBenchAssets(t, id, { perSite: 2 }));
    const heavy = options.heavyAssets ?? { site: 5_000, client: 50_000 };
    await timed(`${heavy.client} assets of one client, ${heavy.site} on one site (asset dashboard)`, insertHeavyClient(t, id, heavy));

    // The namespace administrator (bench@demo.test, CONFIG_ADMIN), written like any seed user.
    const [first] = await t.select({ id: offices.id }).from(offices).where(eq(offices.namespaceId, id)).orderBy(asc(offices.id)).limit(1);
    const divisionRows = await t
      .select({ id: divisions.id })
      .from(divisions)
      .where(eq(divisions.namespaceId, id))
      .orderBy(asc(divisions.id));
    await insertUser(t, {
      namespace: ns,
      role: 'CONFIG_ADMIN',
      email: BENCH_ADMIN,
      name: 'Bench Administrator',
      description: 'Namespace administrator',
      officeId: first.id,
      divisionIds: divisionRows.map((d) => d.id),
    });
    await insertConfiguration(t, id, FEATURES_CONFIG_NAME, { jobs: true, jobLite: false, technicalLibrary: true, qrSticker: true });
    await insertConfiguration(t, id, WEB_ACCESS_CONFIG_NAME, {});
  });
  // The embedded database has no autovacuum: give the planner statistics for the new rows.
  await timed('analyze', db.execute(sql`ANALYZE`));
}

/** Creates dataDir with the demo data and the bench namespace; the time it took (ms). */
export async function generateBenchData(dataDir: string, options: BenchSize): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      if (process.env.BENCH_VERBOSE) console.log(`    create + migrate: ${Math.round(performance.now() - started)} ms`);
      await timed('demo seed', seedDemo(db, { defaultMailDomain: 'demo.test' }, 'full'));
      await insertBenchNamespace(db, options);
      await timed('jobs and tasks', insertBenchJobs(db, { jobs: options.jobs ?? 20_000, tasksPerJob: 5 }));
    },
  });
  if (process.env.BENCH_VERBOSE) console.log(`    open: ${Math.round(performance.now() - started)} ms after start`);
  if (!database.created) {
    await database.close();
    throw new Error(`${dataDir} already held a database; the bench needs a fresh one`);
  }
  await database.close();
  return performance.now() - started;
}

/**
 * The same data in a PostgreSQL database (which must exist and be empty): migrations, demo
 * data, the bench namespace. The time it took (ms).
 */
export async function generateBenchPostgres(
  databaseUrl: string,
  options: { users: number; clients: number; jobs?: number },
): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl });
  try {
    await seedDemo(database.db, { defaultMailDomain: 'demo.test' }, 'full');
    await insertBenchNamespace(database.db, options);
    await insertBenchJobs(database.db, { jobs: options.jobs ?? 20_000, tasksPerJob: 5 });
  } finally {
    await database.close();
  }
  return performance.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dataDir, users = '50000', clients = '20000'] = process.argv.slice(2);
  if (!dataDir) {
    console.error('usage: tsx bench/src/generate.ts <DATA_DIR> [users] [clients]');
    process.exit(2);
  }
  const ms = await generateBenchData(dataDir, { users: Number(users), clients: Number(clients) });
  console.log(`generated ${users} users and ${clients} clients in ${dataDir} in ${(ms / 1000).toFixed(1)} s`);
}
