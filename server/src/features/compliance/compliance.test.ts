import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLIANCE_LIST_MAX,
  COMPLIANCE_TAB_URL,
  COMPLIANCE_TEXT,
  type ComplianceOverview,
  DASHBOARD_CONFIG_NAME,
  rolesWith,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { seedJobs } from '../../demo/jobs';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

/**
 * The Compliance overview (issue 23): every aggregate is compared with a count made here from
 * the rows themselves (the item status rule of DECISIONS 5/9 written again in TypeScript).
 */
let t: TestContext;
let loAdmin: Client;
let clientAdmin: Client;
let siteUser: Client;
let company: number;
let siteUserSites: number[];
let knownSite: number;
const DAY = 86_400_000;

interface AssetFacts {
  id: number;
  company_id: number;
  site_id: number;
  due: string | null;
  last_result: number | null;
}
interface TaskFacts {
  status: number;
  result: number | null;
  inspected: string | null;
  inspector_id: number | null;
  is_llg: boolean;
  parent_id: number | null;
  site_id: number;
  customer_id: number;
}

const todayMs = () => Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const daysLeft = (due: string) => Math.round((Date.parse(`${due.slice(0, 10)}T00:00:00Z`) - todayMs()) / DAY);
function statusOf(a: AssetFacts): string | null {
  if (a.last_result === 2) return 'Failed';
  if (!a.due) return null;
  const days = daysLeft(a.due);
  return days <= 0 ? 'Expired' : days <= 15 ? 'Due Shortly' : 'Valid';
}

async function assetRows(where: { companyId?: number; siteIds?: number[] } = {}) {
  const rows = await queryRows<AssetFacts>(
    t.app.db,
    sql`select id, company_id, site_id, to_char(due_date at time zone 'UTC', 'YYYY-MM-DD') as due, last_result
          from assets where namespace_id = ${t.demo.id}::int and status = 1`,
  );
  return rows.filter(
    (r) => (!where.companyId || r.company_id === where.companyId) && (!where.siteIds || where.siteIds.includes(r.site_id)),
  );
}

async function taskRows(where: { companyId?: number; siteIds?: number[] } = {}) {
  const rows = await queryRows<TaskFacts>(
    t.app.db,
    sql`select t.status, t.result, to_char(t.actual_inspection_date at time zone 'UTC', 'YYYY-MM') as inspected, t.inspector_id,
               t.is_llg, t.parent_id, t.site_id, j.customer_id
          from tasks t join jobs j on j.id = t.job_id where t.namespace_id = ${t.demo.id}::int`,
  );
  return rows.filter(
    (r) => (!where.companyId || r.customer_id === where.companyId) && (!where.siteIds || where.siteIds.includes(r.site_id)),
  );
}

function expectedFigures(assets: AssetFacts[], tasks: TaskFacts[]) {
  const count = (status: string | null) => assets.filter((a) => statusOf(a) === status).length;
  const months: string[] = [];
  const now = new Date();
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  const approved = tasks.filter((x) => (x.status === 16 || x.status === 32) && !x.is_llg && x.inspected);
  const open = tasks.filter((x) => [1, 2, 4].includes(x.status) && x.parent_id === null);
  const perInspector = new Map<number | null, { open: number; ongoing: number; hold: number; total: number }>();
  for (const task of open) {
    const entry = perInspector.get(task.inspector_id) ?? { open: 0, ongoing: 0, hold: 0, total: 0 };
    if (task.status === 1) entry.open++;
    if (task.status === 2) entry.ongoing++;
    if (task.status === 4) entry.hold++;
    entry.total++;
    perInspector.set(task.inspector_id, entry);
  }
  const withDue = assets.filter((a) => a.due);
  return {
    itemStatus: {
      valid: count('Valid'),
      dueShortly: count('Due Shortly'),
      expired: count('Expired'),
      failed: count('Failed'),
      none: count(null),
      total: assets.length,
    },
    groups: new Set(assets.map((a) => `${a.company_id}/${a.site_id}`)).size,
    overdue: withDue.filter((a) => daysLeft(a.due as string) <= 0),
    dueSoon: withDue.filter((a) => daysLeft(a.due as string) >= 1 && daysLeft(a.due as string) <= 30),
    examinations: months.map((month) => ({
      month,
      pass: approved.filter((x) => x.inspected === month && x.result === 1).length,
      fail: approved.filter((x) => x.inspected === month && x.result === 2).length,
    })),
    openTasks: perInspector,
  };
}

async function overview(client: Client, query = '') {
  const response = await client.get(`/api/compliance/overview${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ComplianceOverview;
}

function compare(answer: ComplianceOverview, expected: ReturnType<typeof expectedFigures>, assets: AssetFacts[]) {
  expect(answer.itemStatus).toEqual(expected.itemStatus);
  expect(answer.groups.total).toBe(expected.groups);
  for (const group of answer.groups.rows) {
    const mine = assets.filter((a) => a.site_id === group.siteId);
    expect(group.companyId).toBe(mine[0]?.company_id);
    expect([group.valid, group.dueShortly, group.expired, group.failed, group.none, group.total]).toEqual([
      mine.filter((a) => statusOf(a) === 'Valid').length,
      mine.filter((a) => statusOf(a) === 'Due Shortly').length,
      mine.filter((a) => statusOf(a) === 'Expired').length,
      mine.filter((a) => statusOf(a) === 'Failed').length,
      mine.filter((a) => statusOf(a) === null).length,
      mine.length,
    ]);
  }
  const byDue = (list: AssetFacts[]) =>
    [...list].sort((a, b) => (a.due === b.due ? a.id - b.id : (a.due as string) < (b.due as string) ? -1 : 1));
  expect(answer.overdue.total).toBe(expected.overdue.length);
  expect(answer.overdue.rows.length).toBe(Math.min(expected.overdue.length, COMPLIANCE_LIST_MAX));
  expect(answer.overdue.rows.every((r) => r.days <= 0)).toBe(true);
  // Same due days in the same order (ties on a day may order by time within it).
  expect(answer.overdue.rows.map((r) => r.dueDate.slice(0, 10))).toEqual(
    byDue(expected.overdue)
      .slice(0, COMPLIANCE_LIST_MAX)
      .map((a) => a.due),
  );
  expect(answer.dueSoon.total).toBe(expected.dueSoon.length);
  expect(answer.dueSoon.rows.map((r) => r.dueDate.slice(0, 10))).toEqual(
    byDue(expected.dueSoon)
      .slice(0, COMPLIANCE_LIST_MAX)
      .map((a) => a.due),
  );
  expect(answer.examinations).toEqual(expected.examinations);
  expect(answer.openTasks.length).toBe(expected.openTasks.size);
  for (const row of answer.openTasks) {
    const { open, ongoing, hold, total } = row;
    expect({ open, ongoing, hold, total }).toEqual(expected.openTasks.get(row.inspectorId));
  }
}

/** Assets of known item status on one site (and one of no due date), beside the demo's own. */
async function addKnownAssets(companyId: number, siteId: number) {
  const [type] = await queryRows<{ id: number }>(t.app.db, sql`select id from asset_types where namespace_id = ${t.demo.id}::int limit 1`);
  const cases: [string, number | null, number | null][] = [
    ['expired', -3, 1],
    ['due today', 0, 1],
    ['due shortly', 5, 1],
    ['due in 20', 20, 1],
    ['due in 31', 31, 1],
    ['valid', 200, 1],
    ['failed', 40, 2],
    ['failed overdue', -10, 2],
    ['never inspected', null, null],
  ];
  for (const [name, days, result] of cases) {
    const due = days === null ? null : new Date(todayMs() + days * DAY + 9 * 3600_000).toISOString();
    await t.app.db.execute(
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name, due_date, last_result)
          values (${t.demo.id}::int, ${companyId}::int, ${siteId}::int, ${type.id}::int, ${`Compliance test ${name}`},
                  ${due}::timestamptz, ${result}::smallint)`,
    );
  }
}

beforeAll(async () => {
  t = await createTestContext();
  [loAdmin, clientAdmin, siteUser] = await Promise.all(
    ['lo-admin@demo.test', 'client-admin@demo.test', 'site-user@demo.test'].map((e) => t.login(e)),
  );
  const [user] = await queryRows<{ company_id: number }>(
    t.app.db,
    sql`select company_id from users where id = ${t.demo.accounts['client-admin@demo.test']}::int`,
  );
  company = user.company_id;
  siteUserSites = (
    await queryRows<{ site_id: number }>(
      t.app.db,
      sql`select site_id from user_sites where user_id = ${t.demo.accounts['site-user@demo.test']}::int`,
    )
  ).map((r) => r.site_id);
  const site = t.demo.clients.find((c) => c.id === company)?.siteIds.find((id) => siteUserSites.includes(id)) ?? siteUserSites[0];
  knownSite = site;
  await addKnownAssets(company, site);
  await seedJobs(t.app.db, t.demo, { jobs: 12, jobLites: 0, seed: 2323 });
  await approveSomeTasks();
});

/** Approved examinations of known months (two this year, one 13 months ago, outside the window). */
async function approveSomeTasks() {
  const tasks = await queryRows<{ id: number }>(
    t.app.db,
    sql`select id from tasks where namespace_id = ${t.demo.id}::int and not is_llg and parent_id is null order by id limit 5`,
  );
  expect(tasks.length).toBe(5);
  const monthsAgo = [0, 1, 1, 3, 13];
  for (const [i, task] of tasks.entries()) {
    const now = new Date();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo[i], 1, 10));
    await t.app.db.execute(
      sql`update tasks set status = ${i === 2 ? 32 : 16}::int, result = ${i === 1 ? 2 : 1}::int, actual_inspection_date = ${at.toISOString()}::timestamptz
           where id = ${task.id}::int`,
    );
  }
}
afterAll(async () => t.close());

describe('GET /api/compliance/overview', () => {
  it('answers the namespace for an LO role, each figure equal to a count over the rows', async () => {
    const assets = await assetRows();
    const expected = expectedFigures(assets, await taskRows());
    const answer = await overview(loAdmin);
    expect(answer.companyId).toBeNull();
    expect(answer.today).toBe(new Date(todayMs()).toISOString().slice(0, 10));
    // The demo and the known assets give every status and every list something to count.
    expect(Object.values(expected.itemStatus).every((n) => n > 0)).toBe(true);
    expect(expected.overdue.length).toBeGreaterThan(0);
    expect(expected.examinations.some((m) => m.pass + m.fail > 0)).toBe(true);
    expect(expected.openTasks.size).toBeGreaterThan(0);
    compare(answer, expected, assets);
    expect(answer.groups.rows.reduce((sum, g) => sum + g.total, 0)).toBe(answer.itemStatus.total);
  });

  it('counts the known assets by the item status rule: Failed first, then the due date (Expired at 0 days, Due Shortly to 15)', async () => {
    const site = knownSite;
    const answer = await overview(loAdmin, `?companyId=${company}&siteId=${site}`);
    const names = (list: { name: string }[]) => list.map((a) => a.name).filter((n) => n.startsWith('Compliance test'));
    expect(names(answer.overdue.rows)).toEqual(['Compliance test failed overdue', 'Compliance test expired', 'Compliance test due today']);
    expect(answer.overdue.rows.find((r) => r.name === 'Compliance test due today')?.itemStatus).toBe('Expired');
    expect(answer.overdue.rows.find((r) => r.name === 'Compliance test failed overdue')?.itemStatus).toBe('Failed');
    expect(names(answer.dueSoon.rows)).toEqual(['Compliance test due shortly', 'Compliance test due in 20']);
    const shortly = answer.dueSoon.rows.find((r) => r.name === 'Compliance test due shortly');
    expect([shortly?.days, shortly?.itemStatus]).toEqual([5, 'Due Shortly']);
    const assets = await assetRows({ siteIds: [site] });
    compare(answer, expectedFigures(assets, await taskRows({ companyId: company, siteIds: [site] })), assets);
  });

  it('filters an LO role to a client, and to one of its sites', async () => {
    const other = t.demo.clients.find((c) => c.id !== company && c.siteIds.length > 0);
    expect(other).toBeDefined();
    const clientId = other?.id as number;
    let assets = await assetRows({ companyId: clientId });
    compare(await overview(loAdmin, `?companyId=${clientId}`), expectedFigures(assets, await taskRows({ companyId: clientId })), assets);
    const siteId = other?.siteIds[0] as number;
    assets = await assetRows({ siteIds: [siteId] });
    const answer = await overview(loAdmin, `?siteId=${siteId}`);
    expect([answer.companyId, answer.siteId]).toEqual([clientId, siteId]);
    compare(answer, expectedFigures(assets, await taskRows({ companyId: clientId, siteIds: [siteId] })), assets);
  });

  it('holds a client role to its company, and SITE-USER to its sites', async () => {
    let assets = await assetRows({ companyId: company });
    const answer = await overview(clientAdmin);
    expect(answer.companyId).toBe(company);
    compare(answer, expectedFigures(assets, await taskRows({ companyId: company })), assets);
    expect(answer.groups.rows.every((g) => g.companyId === company)).toBe(true);

    assets = await assetRows({ companyId: company, siteIds: siteUserSites });
    const mine = await overview(siteUser);
    compare(mine, expectedFigures(assets, await taskRows({ companyId: company, siteIds: siteUserSites })), assets);
    expect(mine.groups.rows.every((g) => siteUserSites.includes(g.siteId))).toBe(true);
  });

  it('keeps every figure exact through inserts, updates, moves, deactivation and deletes (the counts the triggers keep)', async () => {
    const other = t.demo.clients.find((c) => c.id !== company && c.siteIds.length > 0);
    const [type] = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from asset_types where namespace_id = ${t.demo.id}::int limit 1`,
    );
    // Due days on every side of the boundaries (today, +15, +30) and far from them, several in one statement.
    const days = [-800, -400, -40, -31, -1, 0, 1, 14, 15, 16, 29, 30, 31, 45, 61, 400, 800];
    const values = days.map(
      (d, i) =>
        sql`(${t.demo.id}::int, ${company}::int, ${knownSite}::int, ${type.id}::int, ${`Compliance counts ${i}`},
             ${new Date(todayMs() + d * DAY + (i % 3) * 8 * 3600_000).toISOString()}::timestamptz, ${i % 4 === 0 ? 2 : 1}::smallint)`,
    );
    await t.app.db.execute(
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name, due_date, last_result) values ${sql.join(values, sql`, `)}`,
    );
    const check = async () => {
      const assets = await assetRows();
      compare(await overview(loAdmin), expectedFigures(assets, await taskRows()), assets);
      const siteAssets = await assetRows({ siteIds: [knownSite] });
      compare(
        await overview(loAdmin, `?siteId=${knownSite}`),
        expectedFigures(siteAssets, await taskRows({ companyId: company, siteIds: [knownSite] })),
        siteAssets,
      );
    };
    await check();
    const mine = sql`namespace_id = ${t.demo.id}::int and name like 'Compliance counts %'`;
    // Due dates moved across months and boundaries, results changed, an edit of nothing counted.
    await t.app.db.execute(sql`update assets set due_date = due_date + interval '17 days' where ${mine} and name like '%1'`);
    await t.app.db.execute(
      sql`update assets set last_result = case when last_result = 2 then 1 else 2 end where ${mine} and name like '%3'`,
    );
    await t.app.db.execute(sql`update assets set due_date = null where ${mine} and name like '%5'`);
    await t.app.db.execute(sql`update assets set serial_number = 'same counts' where ${mine}`);
    await check();
    // Moved to another client's site, deactivated, reactivated, deleted.
    const otherSite = other?.siteIds[0] as number;
    await t.app.db.execute(
      sql`update assets set company_id = ${other?.id as number}::int, site_id = ${otherSite}::int where ${mine} and name like '%2'`,
    );
    await t.app.db.execute(sql`update assets set status = 0 where ${mine} and name like '%4'`);
    await t.app.db.execute(sql`update assets set status = 0 where ${mine} and name like '%6'`);
    await t.app.db.execute(sql`update assets set status = 1 where ${mine} and name like '%6'`);
    await t.app.db.execute(sql`delete from assets where ${mine} and name like '%7'`);
    await check();
    // The kept counts are the counts of the rows, no row left at 0.
    const [drift] = await queryRows<{ n: number }>(
      t.app.db,
      sql`with kept as (select company_id, site_id, failed, grain, due_day, n from compliance_due_counts),
               base as (select company_id, site_id, coalesce(last_result = 2, false) as failed, (due_date at time zone 'UTC')::date as day
                          from assets where status = 1),
               made as (select company_id, site_id, failed, 'd' as grain, day as due_day, count(*)::int as n from base where day is not null group by 1, 2, 3, 5
                        union all
                        select company_id, site_id, failed, 'm', date_trunc('month', day::timestamp)::date, count(*)::int from base group by 1, 2, 3, 5)
          select count(*)::int as n from ((select * from kept except all select * from made) union all (select * from made except all select * from kept)) x`,
    );
    expect(drift.n).toBe(0);
    await t.app.db.execute(sql`delete from assets where ${mine}`);
    await check();
  });

  it("answers 404 for another company's client or site, and for the other namespace's", async () => {
    const other = t.demo.clients.find((c) => c.id !== company && c.siteIds.length > 0);
    const notFound = async (client: Client, query: string, text: string) => {
      const response = await client.get(`/api/compliance/overview${query}`);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().error).toBe(text);
    };
    await notFound(clientAdmin, `?companyId=${other?.id}`, COMPLIANCE_TEXT.clientNotFound);
    await notFound(clientAdmin, `?siteId=${other?.siteIds[0]}`, COMPLIANCE_TEXT.siteNotFound);
    const foreignSite = (
      await queryRows<{ id: number }>(
        t.app.db,
        sql`select id from sites where company_id = ${company}::int and id <> all(${sql.param(siteUserSites)}::int[]) limit 1`,
      )
    )[0];
    if (foreignSite) await notFound(siteUser, `?siteId=${foreignSite.id}`, COMPLIANCE_TEXT.siteNotFound);
    await notFound(loAdmin, `?companyId=${t.acme.clients[0].id}`, COMPLIANCE_TEXT.clientNotFound);
    await notFound(loAdmin, `?siteId=${t.acme.clients[0].siteIds[0]}`, COMPLIANCE_TEXT.siteNotFound);
    // A site of another client than the one named.
    await notFound(loAdmin, `?companyId=${company}&siteId=${other?.siteIds[0]}`, COMPLIANCE_TEXT.siteNotFound);
  });

  it('answers every role the registry allows (the demo tab names them all)', async () => {
    for (const role of rolesWith('compliance.read')) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      const response = await client.get('/api/compliance/overview');
      expect(response.statusCode, role).toBe(200);
    }
  });

  it('refuses bad input with 400', async () => {
    for (const query of ['?companyId=abc', '?siteId=-1', '?companyId=1.5', '?unknown=1', '?companyId=99999999999999']) {
      const response = await loAdmin.get(`/api/compliance/overview${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("follows the dashboard's view rules: a role the tab does not name is refused, and does not see the tab", async () => {
    const tabsOf = async (client: Client) =>
      ((await client.get('/api/Setting?objectType=ConfigData&tenantId=2')).json() as { url: string }[]).map((tab) => tab.url);
    expect(await tabsOf(loAdmin)).toContain(COMPLIANCE_TAB_URL);
    await t.app.db.execute(
      sql`update configurations
             set config_json = jsonb_set(config_json, '{tabs}', (
                   select jsonb_agg(case when tab->>'url' = ${COMPLIANCE_TAB_URL}
                                         then jsonb_set(tab, '{viewRules}', '[{"roles": ["CLIENT-ADMIN"]}]'::jsonb) else tab end)
                     from jsonb_array_elements(config_json->'tabs') tab))
           where namespace_id = ${t.demo.id}::int and name = ${DASHBOARD_CONFIG_NAME}`,
    );
    expect(await tabsOf(loAdmin)).not.toContain(COMPLIANCE_TAB_URL);
    const refused = await loAdmin.get('/api/compliance/overview');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(COMPLIANCE_TEXT.notOnDashboard);
    expect((await clientAdmin.get('/api/compliance/overview')).statusCode).toBe(200);
    await t.app.db.execute(
      sql`update configurations c set config_json = d.config_json from configurations d
           where c.namespace_id = ${t.demo.id}::int and c.name = ${DASHBOARD_CONFIG_NAME}
             and d.namespace_id = ${t.acme.id}::int and d.name = ${DASHBOARD_CONFIG_NAME}`,
    );
    expect(await tabsOf(loAdmin)).toContain(COMPLIANCE_TAB_URL);
  });
});

describeAreaAccess('compliance overview', () => t, [
  {
    name: 'overview',
    method: 'GET',
    url: (ns) => `/api/compliance/overview?companyId=${ns.clients[0].id}`,
    permission: 'compliance.read',
    namesRecord: true,
    malformed: [{ url: '/api/compliance/overview?companyId=x' }, { url: '/api/compliance/overview?siteId=0' }],
  },
]);
