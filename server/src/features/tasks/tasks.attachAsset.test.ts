import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS, type AttachAssetAnswer, ROLES, type Role, TASK_TEXT, type TaskDetail } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import type { SeededNamespace } from '../../demo/demo';
import { inTransaction } from '../../db/transaction';

/**
 * ATTACH ASSET and ASSET DETAILS in task details (tasks document 2.2, 4): the tabs' flags, the
 * attach of an existing asset, the shift and attach, the new asset added and attached, and
 * every refusal, with nothing half-written.
 */
let t: TestContext;
const as: Partial<Record<Role, Client>> = {};
const client = (role: Role) => as[role] as Client;

interface Place {
  taskTypeId: number;
  divisionId: number;
  assetTypeId: number;
  otherAssetTypeId: number;
  companyId: number;
  siteId: number;
  otherSiteId: number;
  otherCompanyId: number;
  otherCompanySiteId: number;
}
const places: Record<string, Place> = {};
let seq = 0;
const account = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];

async function placeOf(ns: SeededNamespace): Promise<Place> {
  const [type] = await queryRows<{ id: number; division_id: number; asset_type_id: number }>(
    t.app.db,
    sql`select id, division_id, asset_type_id from task_types
         where namespace_id = ${ns.id}::int and status = 1 and asset_type_id is not null and name <> 'LLG' and name not like 'llg-%'
         order by id limit 1`,
  );
  const [other] = await queryRows<{ id: number }>(
    t.app.db,
    sql`select id from asset_types where namespace_id = ${ns.id}::int and status = 1 and id <> ${type.asset_type_id}::int
          and coalesce(category, '') <> 'LLG' order by id limit 1`,
  );
  const withTwoSites = ns.clients.find((c) => c.siteIds.length >= 2) ?? ns.clients[0];
  const another = ns.clients.find((c) => c.id !== withTwoSites.id) ?? ns.clients[1];
  return {
    taskTypeId: Number(type.id),
    divisionId: Number(type.division_id),
    assetTypeId: Number(type.asset_type_id),
    otherAssetTypeId: Number(other.id),
    companyId: withTwoSites.id,
    siteId: withTwoSites.siteIds[0],
    otherSiteId: withTwoSites.siteIds[1],
    otherCompanyId: another.id,
    otherCompanySiteId: another.siteIds[0],
  };
}

/** A job with one task without a location (or with `assetId`), written directly. */
async function taskWithoutAsset(ns: SeededNamespace, setup: { status?: number; isLlg?: boolean; assetId?: number } = {}) {
  const p = places[ns.name];
  return inTransaction(t.app.db, null, async (tx) => {
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
          values (${ns.id}::int, ${`AT-${ns.name}-${++seq}-${Date.now() % 100000}`}, 'Attach test job', ${p.companyId}::int,
                  ${p.siteId}::int, now(), ${ns.offices[0].id}::int, ${account(ns, 'FIELD-ENGG')}::int)
          returning id`,
    );
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id, status, is_llg)
          values (${ns.id}::int, ${job.id}::int, 'Attach test', ${p.taskTypeId}::int, ${p.divisionId}::int, ${p.assetTypeId}::int,
                  ${setup.assetId ?? null}::int, ${p.siteId}::int, ${account(ns, 'FIELD-ENGG')}::int, ${setup.status ?? 1}::int,
                  ${setup.isLlg ?? false})
          returning id`,
    );
    return Number(task.id);
  });
}

async function assetOn(ns: SeededNamespace, siteId: number, companyId: number, typeId?: number, status = 1): Promise<number> {
  const [row] = await inTransaction(t.app.db, null, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name, status)
          values (${ns.id}::int, ${companyId}::int, ${siteId}::int, ${typeId ?? places[ns.name].assetTypeId}::int,
                  ${`Attach unit ${++seq}-${Date.now() % 100000}`}, ${status}::int)
          returning id`,
    ),
  );
  return Number(row.id);
}

const attach = (c: Client, taskId: number, assetId: number, query = '', body: object = {}) =>
  c.post(`/api/Observation/Asset/${taskId}/${assetId}${query}`, body);
const taskRow = async (id: number) =>
  (
    await queryRows<{ asset_id: number | null; asset_type_id: number | null }>(
      t.app.db,
      sql`select asset_id, asset_type_id from tasks where id = ${id}::int`,
    )
  )[0];
const assetSite = async (id: number) =>
  Number((await queryRows<{ site_id: number }>(t.app.db, sql`select site_id from assets where id = ${id}::int`))[0].site_id);
const newAssetBody = (ns: SeededNamespace, name: string, overrides: Record<string, unknown> = {}) => ({
  objectType: 'ASSET',
  assetTypeId: places[ns.name].assetTypeId,
  companyId: places[ns.name].companyId,
  parentId: places[ns.name].siteId,
  name,
  serialNumber: 'SN-NEW-1',
  ...overrides,
});

const accessTask: Record<string, number> = {};
const accessAsset: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  for (const role of ROLES) as[role] = await t.login(`${role.toLowerCase()}@demo.test`);
  places.demo = await placeOf(t.demo);
  places.acme = await placeOf(t.acme);
  for (const ns of [t.demo, t.acme]) {
    accessTask[ns.name] = await taskWithoutAsset(ns);
    accessAsset[ns.name] = await assetOn(ns, places[ns.name].siteId, places[ns.name].companyId);
  }
});
afterAll(async () => t.close());

describeAreaAccess('attach asset', () => t, [
  {
    name: 'attach',
    method: 'POST',
    url: (ns) => `/api/Observation/Asset/${accessTask[ns.name]}/${accessAsset[ns.name]}`,
    body: () => ({}),
    permission: 'tasks.attachAsset',
    malformed: [
      { url: '/api/Observation/Asset/abc/1' },
      { url: '/api/Observation/Asset/1/-1' },
      { url: '/api/Observation/Asset/1/1?isShiftAndAttach=maybe' },
    ],
  },
]);

describe('task details: the ASSET DETAILS and ATTACH ASSET tabs', () => {
  it('a task without a location has ATTACH ASSET for the roles that may attach, and no ASSET DETAILS', async () => {
    const id = await taskWithoutAsset(t.demo);
    for (const [role, enabled] of [
      ['SCHEDULER', true],
      ['FIELD-ENGG', true],
      ['APPROVER', true],
      ['LO-ADMIN', true],
    ] as const) {
      const detail = (await client(role).get(`/api/Observation/${id}`)).json() as TaskDetail;
      expect({ role, attach: detail.tabs.attachAsset, details: detail.tabs.assetDetails }).toEqual({
        role,
        attach: enabled,
        details: false,
      });
    }
  });

  it('a task with an asset has ASSET DETAILS and no ATTACH ASSET; a submitted or LLG task neither', async () => {
    const withAsset = await taskWithoutAsset(t.demo, { assetId: await assetOn(t.demo, places.demo.siteId, places.demo.companyId) });
    const detail = (await client('SCHEDULER').get(`/api/Observation/${withAsset}`)).json() as TaskDetail;
    expect(detail.tabs).toMatchObject({ assetDetails: true, attachAsset: false });
    const submitted = await taskWithoutAsset(t.demo, { status: 8 });
    expect(((await client('SCHEDULER').get(`/api/Observation/${submitted}`)).json() as TaskDetail).tabs.attachAsset).toBe(false);
    const llg = await taskWithoutAsset(t.demo, { isLlg: true });
    expect(((await client('SCHEDULER').get(`/api/Observation/${llg}`)).json() as TaskDetail).tabs).toMatchObject({
      assetDetails: false,
      attachAsset: false,
    });
  });
});

describe('POST /api/Observation/Asset/{taskId}/{assetId}', () => {
  it("attaches an asset of the task's site: the spec's message, the task shows it, ASSET DETAILS and INSPECT open", async () => {
    const id = await taskWithoutAsset(t.demo);
    const assetId = await assetOn(t.demo, places.demo.siteId, places.demo.companyId);
    const response = await attach(client('SCHEDULER'), id, assetId);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as AttachAssetAnswer;
    expect(answer.message).toBe(TASK_TEXT.locationAttached(answer.location));
    expect(answer).toMatchObject({ id, locationId: assetId, shifted: false });
    expect((await taskRow(id)).asset_id).toBe(assetId);
    const detail = (await client('FIELD-ENGG').get(`/api/Observation/${id}`)).json() as TaskDetail;
    expect(detail).toMatchObject({ locationId: assetId, location: answer.location });
    expect(detail.tabs).toMatchObject({ assetDetails: true, attachAsset: false, inspect: true });
    // The change is in the audit log with its actor.
    const [note] = await queryRows<{ user_id: number; changes: { action: string; assetId: number } }>(
      t.app.db,
      sql`select user_id, changes from audit_log where entity = 'tasks' and entity_id = ${String(id)} and action = 'TRANSITION' order by id desc limit 1`,
    );
    expect(note.changes).toMatchObject({ action: 'attachAsset', assetId });
    expect(note.user_id).toBe(t.demo.accounts['scheduler@demo.test']);
  });

  it('a task that has an asset, a submitted task and an LLG task refuse with 409; nothing changes', async () => {
    const assetId = await assetOn(t.demo, places.demo.siteId, places.demo.companyId);
    const has = await taskWithoutAsset(t.demo);
    expect((await attach(client('SCHEDULER'), has, assetId)).statusCode).toBe(200);
    const again = await attach(client('SCHEDULER'), has, await assetOn(t.demo, places.demo.siteId, places.demo.companyId));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(TASK_TEXT.alreadyHasAsset);
    expect((await taskRow(has)).asset_id).toBe(assetId);
    for (const setup of [{ status: 8 }, { status: 16 }, { status: 1024 }, { isLlg: true }]) {
      const id = await taskWithoutAsset(t.demo, setup);
      const response = await attach(client('SCHEDULER'), id, assetId);
      expect(response.statusCode, JSON.stringify(setup)).toBe(409);
      expect(response.json().error).toBe(TASK_TEXT.notAttachable);
      expect((await taskRow(id)).asset_id).toBeNull();
    }
  });

  it("refuses an asset of another type (409), of another client (409), archived (409), unknown or another namespace's (404)", async () => {
    const id = await taskWithoutAsset(t.demo);
    const p = places.demo;
    const otherType = await assetOn(t.demo, p.siteId, p.companyId, p.otherAssetTypeId);
    let response = await attach(client('SCHEDULER'), id, otherType);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^Only an asset of the task's asset type \(.+\) can be attached$/);
    response = await attach(client('SCHEDULER'), id, await assetOn(t.demo, p.otherCompanySiteId, p.otherCompanyId));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(TASK_TEXT.assetOfOtherClient);
    response = await attach(client('SCHEDULER'), id, await assetOn(t.demo, p.siteId, p.companyId, undefined, 0));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ASSETS.assetNotActive);
    expect((await attach(client('SCHEDULER'), id, 999_999_999)).statusCode).toBe(404);
    expect((await attach(client('SCHEDULER'), id, accessAsset.acme)).statusCode).toBe(404);
    expect((await taskRow(id)).asset_id).toBeNull();
  });

  it('an asset on another site of the client needs isShiftAndAttach, which shifts it first', async () => {
    const id = await taskWithoutAsset(t.demo);
    const assetId = await assetOn(t.demo, places.demo.otherSiteId, places.demo.companyId);
    const plain = await attach(client('SCHEDULER'), id, assetId);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().error).toBe(TASK_TEXT.assetOnOtherSite);
    expect(await assetSite(assetId)).toBe(places.demo.otherSiteId);
    const response = await attach(client('SCHEDULER'), id, assetId, '?isShiftAndAttach=true');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ shifted: true, locationId: assetId });
    expect(await assetSite(assetId)).toBe(places.demo.siteId);
    expect((await taskRow(id)).asset_id).toBe(assetId);
  });

  it("a shift and attach is blocked while the asset has an open task: the spec's text, nothing moved or attached", async () => {
    const assetId = await assetOn(t.demo, places.demo.otherSiteId, places.demo.companyId);
    // An open task of that asset elsewhere.
    await inTransaction(t.app.db, null, (tx) =>
      tx.execute(sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, status)
        select namespace_id, job_id, 'Open elsewhere', task_type_id, division_id, asset_type_id, ${assetId}::int, ${places.demo.otherSiteId}::int, 2
          from tasks where id = ${accessTask.demo}::int`),
    );
    const id = await taskWithoutAsset(t.demo);
    const response = await attach(client('SCHEDULER'), id, assetId, '?isShiftAndAttach=true');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ASSETS.shiftBlocked);
    expect(await assetSite(assetId)).toBe(places.demo.otherSiteId);
    expect((await taskRow(id)).asset_id).toBeNull();
  });

  it("assetId 0 adds the new asset on the task's site and attaches it, in one go", async () => {
    const id = await taskWithoutAsset(t.demo);
    const name = `New attach ${Date.now() % 100000}`;
    const response = await attach(client('FIELD-ENGG'), id, 0, '', newAssetBody(t.demo, name));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as AttachAssetAnswer;
    expect(answer.message).toBe(TASK_TEXT.newAssetAttached);
    expect(answer.location).toBe(name);
    const [asset] = await queryRows<{ site_id: number; company_id: number; name: string; serial_number: string }>(
      t.app.db,
      sql`select site_id, company_id, name, serial_number from assets where id = ${answer.locationId}::int`,
    );
    expect(asset).toEqual({ site_id: places.demo.siteId, company_id: places.demo.companyId, name, serial_number: 'SN-NEW-1' });
    expect((await taskRow(id)).asset_id).toBe(answer.locationId);
  });

  it('a new asset keeps every asset rule; when refused nothing is saved, neither the asset nor the task', async () => {
    const id = await taskWithoutAsset(t.demo);
    const count = async () => Number((await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from assets`))[0].n);
    const before = await count();
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [newAssetBody(t.demo, 'Crane #1'), 400, ASSETS.invalidCharacters],
      [newAssetBody(t.demo, ''), 400, /./],
      [newAssetBody(t.demo, 'Elsewhere', { parentId: places.demo.otherSiteId }), 400, TASK_TEXT.newAssetOnTaskSite],
      [newAssetBody(t.demo, 'Other type', { assetTypeId: places.demo.otherAssetTypeId }), 409, /^Only an asset of the task's asset type/],
    ];
    for (const [body, status, error] of cases) {
      const response = await attach(client('SCHEDULER'), id, 0, '', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error).toMatch(error);
    }
    // A duplicate name of the client: the asset save's 409, and the task stays without asset.
    const [existing] = await queryRows<{ name: string }>(t.app.db, sql`select name from assets where id = ${accessAsset.demo}::int`);
    const duplicate = await attach(client('SCHEDULER'), id, 0, '', newAssetBody(t.demo, existing.name));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(ASSETS.duplicateName(existing.name));
    expect(await count()).toBe(before);
    expect((await taskRow(id)).asset_id).toBeNull();
  });
});
