import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSETS,
  type AssetDashboardAnswer,
  type AssetHistoryAnswer,
  DEFAULT_DISALLOWED_ASSET_CHARS,
  type FormDefinition,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { emblemPng } from '../../db/seed/emblem';
import { sampleValues } from '../../demo/tasks';
import { addMonths } from '../tasks';
import type { SeededNamespace } from '../../demo/demo';
import { inTransaction } from '../../db/transaction';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, multipart, type TestContext } from '../../../test/helpers';

let t: TestContext;
let scheduler: Client;
let clientAdmin: Client;
let clientUser: Client;
let siteUser: Client;
let acmeScheduler: Client;
beforeAll(async () => {
  t = await createTestContext();
  [scheduler, clientAdmin, clientUser, siteUser, acmeScheduler] = await Promise.all(
    ['scheduler@demo.test', 'client-admin@demo.test', 'client-user@demo.test', 'site-user@demo.test', 'scheduler@acme.test'].map((e) =>
      t.login(e),
    ),
  );
});
afterAll(async () => t.close());

const account = (ns: SeededNamespace, role: string) => ns.accounts[`${role.toLowerCase()}@${ns.name}.test`];
const first = () => t.demo.clients[0];
const dashboardUrl = (query: string) => `/api/Location/AssetDashboard?${query}`;
const allSites = () => `companyId=${first().id}&siteId=${first().siteIds.join(',')}`;
let counter = 0;

async function newAsset(client: Client = scheduler, overrides: Record<string, unknown> = {}) {
  counter++;
  const response = await client.post('/api/Location', {
    objectType: 'ASSET',
    assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
    companyId: first().id,
    parentId: first().siteIds[0],
    name: `Area crane ${counter}`,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; name: string; siteId: number };
}

let jobSeq = 0;
/** A job with one task on the asset, written directly (the tasks area tests its own saves). */
async function taskOn(assetId: number, setup: { status: number; certificate?: boolean; result?: number; inspected?: string }) {
  const db = t.app.db;
  const [type] = await queryRows<{ id: number; division_id: number; asset_type_id: number }>(
    db,
    sql`select tt.id, tt.division_id, tt.asset_type_id from task_types tt join assets a on a.asset_type_id = tt.asset_type_id
         where a.id = ${assetId}::int and tt.status = 1 order by tt.id limit 1`,
  );
  const [asset] = await queryRows<{ site_id: number; company_id: number }>(
    db,
    sql`select site_id, company_id from assets where id = ${assetId}::int`,
  );
  return inTransaction(db, null, async (tx) => {
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
          values (${t.demo.id}::int, ${`A-${++jobSeq}-${Date.now() % 100000}`}, 'Asset test job', ${asset.company_id}::int, ${asset.site_id}::int,
                  now(), ${t.demo.offices[0].id}::int, ${account(t.demo, 'FIELD-ENGG')}::int) returning id`,
    );
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id, status,
                             result, actual_inspection_date, certificate_number, certificate_date, due_date)
          values (${t.demo.id}::int, ${job.id}::int, 'Asset test task', ${type.id}::int, ${type.division_id}::int, ${type.asset_type_id}::int,
                  ${assetId}::int, ${asset.site_id}::int, ${account(t.demo, 'FIELD-ENGG')}::int, ${setup.status}::int, ${setup.result ?? null}::int,
                  ${setup.inspected ?? null}::timestamptz, ${setup.certificate ? `CERT-${jobSeq}-${Date.now() % 100000}` : null},
                  ${setup.certificate ? setup.inspected : null}::timestamptz, ${setup.inspected ?? null}::timestamptz + interval '12 months')
          returning id`,
    );
    return task.id;
  });
}

describe('asset dashboard', () => {
  it('lists the active assets of the chosen sites by name, with the columns of 2.5', async () => {
    const response = await scheduler.get(dashboardUrl(allSites()));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as AssetDashboardAnswer;
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.rows.length).toBe(answer.total);
    const names = answer.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(answer.rows.every((r) => first().siteIds.includes(r.siteId))).toBe(true);
    // Pages by offset and limit, total unchanged.
    const page = (await scheduler.get(dashboardUrl(`${allSites()}&offset=1&limit=2`))).json() as AssetDashboardAnswer;
    expect(page.total).toBe(answer.total);
    expect(page.rows.map((r) => r.id)).toEqual(answer.rows.slice(1, 3).map((r) => r.id));
    expect((await scheduler.get(dashboardUrl(`${allSites()}&limit=5001`))).statusCode).toBe(400);
    expect(Object.keys(answer.rows[0])).toEqual(
      expect.arrayContaining([
        'acronymCode',
        'assetType',
        'specifications',
        'result',
        'certificateNumber',
        'certificateFile',
        'endUserName',
        'itemStatus',
      ]),
    );
  });

  it('needs a client and at least one site, and refuses unknown filters (400)', async () => {
    for (const query of [
      `companyId=${first().id}`,
      `siteId=${first().siteIds[0]}`,
      `${allSites()}&result=4`,
      `${allSites()}&itemStatus=Old`,
      `${allSites()}&inspFrom=2026-13-01&inspTo=2026-12-01`,
      `${allSites()}&colour=red`,
    ]) {
      const response = await scheduler.get(dashboardUrl(query));
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('item status, result and the date ranges (only with both ends, whole days)', async () => {
    const asset = await newAsset();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    await t.app.db.execute(
      sql`update assets set last_result = 2, last_inspection_date = '2026-03-10T23:30:00Z', due_date = ${day(10)}::timestamptz where id = ${asset.id}::int`,
    );
    const ids = async (query: string) => {
      const response = await scheduler.get(dashboardUrl(`${allSites()}&${query}`));
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as AssetDashboardAnswer).rows.map((r) => r.id);
    };
    const status = async () =>
      (await scheduler.get(dashboardUrl(allSites()))).json().rows.find((r: { id: number }) => r.id === asset.id).itemStatus;
    // The last approved result is Fail: Failed (DECISIONS 9), whatever the due date says.
    expect(await status()).toBe('Failed');
    expect(await ids('itemStatus=Failed')).toContain(asset.id);
    expect(await ids('itemStatus=Due Shortly')).not.toContain(asset.id);
    expect(await ids('result=2')).toContain(asset.id);
    expect(await ids('result=1')).not.toContain(asset.id);
    // A later Pass: by the due date again.
    await t.app.db.execute(sql`update assets set last_result = 1 where id = ${asset.id}::int`);
    expect(await status()).toBe('Due Shortly');
    expect(await ids('itemStatus=Due Shortly')).toContain(asset.id);
    expect(await ids('itemStatus=Failed')).not.toContain(asset.id);
    expect(await ids('itemStatus=Valid')).not.toContain(asset.id);
    await t.app.db.execute(sql`update assets set last_result = 2 where id = ${asset.id}::int`);
    expect(await ids('result=1')).not.toContain(asset.id);
    expect(await ids('inspFrom=2026-03-10&inspTo=2026-03-10')).toEqual([asset.id]);
    expect(await ids('inspFrom=2026-03-11&inspTo=2026-03-20')).not.toContain(asset.id);
    // One end only: no range.
    expect(await ids('inspFrom=2026-03-11')).toContain(asset.id);
    await t.app.db.execute(sql`update assets set last_result = 1, due_date = ${day(-1)}::timestamptz where id = ${asset.id}::int`);
    expect(await ids('itemStatus=Expired')).toContain(asset.id);
    await t.app.db.execute(sql`update assets set due_date = ${day(40)}::timestamptz where id = ${asset.id}::int`);
    expect(await ids('itemStatus=Valid')).toContain(asset.id);
  });

  it('links the last final certificate of the asset', async () => {
    const asset = await newAsset();
    const taskId = await taskOn(asset.id, { status: 16, certificate: true, result: 1, inspected: '2026-01-05T10:00:00Z' });
    const [file] = await queryRows<{ id: number; blob_key: string }>(
      t.app.db,
      sql`insert into files (namespace_id, blob_key, owner_type, owner_id, file_name, content_type, size, sha256, content)
          values (${t.demo.id}::int, ${`cert-${taskId}`}, 'task-file', ${taskId}::int, 'certificate.pdf', 'application/pdf', 4, 'x', '\\x25504446'::bytea)
          returning id, blob_key`,
    );
    await t.app.db.execute(sql`update tasks set certificate_status = 33, certificate_file_id = ${file.id}::int where id = ${taskId}::int`);
    const rows = (await scheduler.get(dashboardUrl(allSites()))).json().rows as AssetDashboardAnswer['rows'];
    const row = rows.find((r) => r.id === asset.id);
    expect(row?.certificateFile).toEqual({ blobKey: file.blob_key, fileName: 'certificate.pdf', observationId: taskId });
    expect(row?.certificateNumber).toMatch(/^CERT-/);
  });

  it('client roles see their company only, SITE-USER its sites only (404 otherwise)', async () => {
    const other = t.demo.clients[1];
    expect((await clientAdmin.get(dashboardUrl(`companyId=${other.id}&siteId=${other.siteIds[0]}`))).statusCode).toBe(404);
    expect((await clientAdmin.get(dashboardUrl(allSites()))).statusCode).toBe(200);
    // A site of another client under this client's id.
    expect((await scheduler.get(dashboardUrl(`companyId=${first().id}&siteId=${other.siteIds[0]}`))).statusCode).toBe(404);
    const [own] = await queryRows<{ site_ids: number[] }>(
      t.app.db,
      sql`select array_agg(site_id) as site_ids from user_sites where user_id = ${account(t.demo, 'SITE-USER')}::int`,
    ).catch(() => [{ site_ids: [first().siteIds[0]] }]);
    const ownSite = own?.site_ids?.[0] ?? first().siteIds[0];
    expect((await siteUser.get(dashboardUrl(`companyId=${first().id}&siteId=${ownSite}`))).statusCode).toBe(200);
    const notOwn = first().siteIds.find((id) => id !== ownSite);
    if (notOwn === undefined) throw new Error('the fixture client needs two sites');
    expect((await siteUser.get(dashboardUrl(`companyId=${first().id}&siteId=${notOwn}`))).statusCode).toBe(404);
    expect((await acmeScheduler.get(dashboardUrl(allSites()))).statusCode).toBe(404);
  });

  it('exports every matching row as a streamed .xlsx named with the client and the date', async () => {
    const failed = await newAsset();
    await t.app.db.execute(sql`update assets set last_result = 2, due_date = now() + interval '200 days' where id = ${failed.id}::int`);
    const response = await scheduler.get(`/api/Location/AssetDashboard/export?${allSites()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toContain(new Date().toISOString().slice(0, 10));
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const total = (await scheduler.get(dashboardUrl(allSites()))).json().total;
    const sheet = workbook.getWorksheet('Assets');
    if (!sheet) throw new Error('no Assets sheet');
    expect(sheet.rowCount).toBe(total + 1);
    // The item status column says Failed for an asset whose last approved result failed (DECISIONS 9).
    const statusColumn = (sheet.getRow(1).values as unknown[]).indexOf('Item Status');
    const failedRow = sheet.getRows(2, total)?.find((row) => row.getCell(1).value === failed.name);
    expect(failedRow?.getCell(statusColumn).value).toBe('Failed');
    expect(
      (
        await clientAdmin.get(
          `/api/Location/AssetDashboard/export?companyId=${t.demo.clients[1].id}&siteId=${t.demo.clients[1].siteIds[0]}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('asset panel', () => {
  it('saves the description fields and answers them with files and rights', async () => {
    const asset = await newAsset(scheduler, {
      externalId: 'EXT-1',
      endUserName: 'Gulf Ops',
      endUserAddress: 'Plot 4, Jebel Ali',
      serialNumber: 'SN-77',
    });
    const response = await scheduler.get(`/api/Location/${asset.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      externalId: 'EXT-1',
      endUserName: 'Gulf Ops',
      endUserAddress: 'Plot 4, Jebel Ali',
      serialNumber: 'SN-77',
      fileList: [],
      can: { save: true },
    });
    const mine = (await clientUser.get(`/api/Location/${asset.id}`)).json();
    expect(mine.can.save).toBe(false);
  });

  it('refuses too long end user fields, names with each disallowed character and duplicates (409)', async () => {
    const long = await scheduler.post('/api/Location', {
      objectType: 'ASSET',
      assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
      companyId: first().id,
      parentId: first().siteIds[0],
      name: 'Long end user',
      endUserName: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    for (const char of DEFAULT_DISALLOWED_ASSET_CHARS) {
      const response = await clientAdmin.post('/api/Location', {
        objectType: 'ASSET',
        assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
        companyId: first().id,
        parentId: first().siteIds[0],
        name: `Crane ${char} 1`,
      });
      expect(response.statusCode, char).toBe(400);
      expect(response.json().error).toBe(ASSETS.invalidCharacters);
    }
    const asset = await newAsset();
    const dup = await scheduler.post('/api/Location', {
      objectType: 'ASSET',
      assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
      companyId: first().id,
      parentId: first().siteIds[0],
      name: asset.name,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(ASSETS.duplicateName(asset.name));
  });

  it('CLIENT-USER and SITE-USER may not change an asset (403)', async () => {
    const asset = await newAsset();
    const body = {
      objectType: 'ASSET',
      id: asset.id,
      assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
      companyId: first().id,
      parentId: asset.siteId,
      name: asset.name,
    };
    for (const c of [clientUser, siteUser]) expect([403, 404]).toContain((await c.post('/api/Location', body)).statusCode);
    expect((await clientUser.post('/api/Location', body)).statusCode).toBe(403);
    expect((await clientUser.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: first().siteIds[1] })).statusCode).toBe(403);
  });

  it('shifts an asset to another site of its client, unless an open, ongoing, on hold or amended task is attached', async () => {
    const asset = await newAsset();
    const target = first().siteIds[1];
    const open = await scheduler.get(`/api/Location/Observation/${asset.id}`);
    expect(open.json()).toEqual([]);
    for (const status of [1, 2, 4, 32]) {
      const taskId = await taskOn(asset.id, { status });
      expect((await scheduler.get(`/api/Location/Observation/${asset.id}`)).json().map((r: { id: number }) => r.id)).toContain(taskId);
      const blocked = await scheduler.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: target });
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().error).toBe(ASSETS.shiftBlocked);
      await t.app.db.execute(sql`update tasks set status = 16 where id = ${taskId}::int`);
    }
    const shifted = await scheduler.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: target });
    expect(shifted.statusCode, shifted.body).toBe(200);
    expect((await scheduler.get(`/api/Location/${asset.id}`)).json().siteId).toBe(target);
    // The same site, another client's site, and another namespace's asset.
    expect((await scheduler.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: target })).statusCode).toBe(400);
    expect((await scheduler.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: t.demo.clients[1].siteIds[0] })).statusCode).toBe(
      400,
    );
    expect((await scheduler.post(`/api/Location/Asset/${t.acme.assets[0].id}/shift`, { parentId: target })).statusCode).toBe(404);
    expect((await scheduler.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: 'x' })).statusCode).toBe(400);
  });

  it('saves the attributes of the asset type form, checked against its revision', async () => {
    const [type] = await queryRows<{ id: number; form_id: number; revision: number; definition: FormDefinition }>(
      t.app.db,
      sql`select at.id, at.attribute_form as form_id, r.revision, r.definition from asset_types at
            join data_form_revisions r on r.form_id = at.attribute_form
           where at.namespace_id = ${t.demo.id}::int and at.status = 1 and at.category <> 'LLG'
           order by at.id, r.revision desc limit 1`,
    );
    const asset = await newAsset(scheduler, { assetTypeId: type.id });
    expect((await scheduler.get(`/api/Location/${asset.id}`)).json().attributeFormId).toBe(type.form_id);
    const values = sampleValues(type.definition);
    const saved = await scheduler.post(`/api/Location/Asset/${asset.id}`, { formId: type.form_id, formRevision: type.revision, values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(ASSETS.dataSaved);
    expect((await scheduler.get(`/api/Location/${asset.id}`)).json().userData).toEqual({
      formId: type.form_id,
      formRevision: type.revision,
      values,
    });
    const bad = await scheduler.post(`/api/Location/Asset/${asset.id}`, {
      formId: type.form_id,
      formRevision: type.revision,
      values: { nonsense: 1 },
    });
    expect(bad.statusCode).toBe(400);
    const wrongForm = await scheduler.post(`/api/Location/Asset/${asset.id}`, { formId: type.form_id + 100000, formRevision: 1, values });
    expect(wrongForm.statusCode).toBe(400);
    expect(
      (await clientUser.post(`/api/Location/Asset/${asset.id}`, { formId: type.form_id, formRevision: type.revision, values })).statusCode,
    ).toBe(403);
  });

  it('shows Description and Attributes always to SCHEDULER, to others by a web-access rule, and refuses the others their saves (tasks document 2.6)', async () => {
    // acme has no ASSET-DESCRIPTION or ASSET-ATTRIBUTES rule: only SCHEDULER sees the tabs there.
    const acmeAsset = t.acme.assets[0];
    expect((await acmeScheduler.get(`/api/Location/${acmeAsset.id}`)).json().can).toMatchObject({ description: true, attributes: true });
    const acmeApprover = await t.login('approver@acme.test');
    const hidden = (await acmeApprover.get(`/api/Location/${acmeAsset.id}`)).json();
    expect(hidden.can).toMatchObject({ description: false, attributes: false, shift: false });
    // demo's rules list SCHEDULER, LO-ADMIN, APPROVER and FIELD-ENGG, not CLIENT-ADMIN (who may still save assets).
    const [type] = await queryRows<{ id: number; form_id: number; revision: number; definition: FormDefinition }>(
      t.app.db,
      sql`select at.id, at.attribute_form as form_id, r.revision, r.definition from asset_types at
            join data_form_revisions r on r.form_id = at.attribute_form
           where at.namespace_id = ${t.demo.id}::int and at.status = 1 and at.category <> 'LLG'
           order by at.id, r.revision desc limit 1`,
    );
    const asset = await newAsset(clientAdmin, { assetTypeId: type.id });
    const values = sampleValues(type.definition);
    const attributes = { formId: type.form_id, formRevision: type.revision, values };
    expect((await scheduler.post(`/api/Location/Asset/${asset.id}`, attributes)).statusCode).toBe(200);
    const asAdmin = (await clientAdmin.get(`/api/Location/${asset.id}`)).json();
    expect(asAdmin.can).toEqual({ save: true, shift: false, description: false, attributes: false });
    expect(asAdmin.userData).toEqual({ formId: null, formRevision: null, values: {} });
    const refusedAttributes = await clientAdmin.post(`/api/Location/Asset/${asset.id}`, attributes);
    expect(refusedAttributes.statusCode).toBe(403);
    expect(refusedAttributes.json().error).toBe(ASSETS.tabRefused('Attributes'));
    const refusedShift = await clientAdmin.post(`/api/Location/Asset/${asset.id}/shift`, { parentId: first().siteIds[1] });
    expect(refusedShift.statusCode).toBe(403);
    expect(refusedShift.json().error).toBe(ASSETS.tabRefused('Description'));
    const refusedSave = await clientAdmin.post('/api/Location', {
      objectType: 'ASSET',
      id: asset.id,
      assetTypeId: type.id,
      companyId: first().id,
      parentId: first().siteIds[0],
      name: `${asset.name} renamed`,
    });
    expect(refusedSave.statusCode).toBe(403);
    expect(refusedSave.json().error).toBe(ASSETS.tabRefused('Description'));
    // SCHEDULER sees and changes them.
    expect((await scheduler.get(`/api/Location/${asset.id}`)).json().userData.values).toEqual(values);
  });

  it('history: the certified tasks, paged and sorted; client roles without job, inspector and dates of the certificate', async () => {
    const asset = await newAsset();
    for (const [i, day] of ['2025-01-10', '2025-06-10', '2026-01-10'].entries())
      await taskOn(asset.id, { status: 16, certificate: true, result: (i % 2) + 1, inspected: `${day}T08:00:00Z` });
    await taskOn(asset.id, { status: 1 });
    const page = async (c: Client, query: string) => {
      const response = await c.get(`/api/Observation/Asset?locationId=${asset.id}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AssetHistoryAnswer;
    };
    const firstPage = await page(scheduler, 'offset=0&limit=2&sortColumn=actualInspectionDate&sortOrder=desc');
    expect(firstPage.total).toBe(3);
    expect(firstPage.rows.map((r) => r.actualInspectionDate?.slice(0, 10))).toEqual(['2026-01-10', '2025-06-10']);
    expect(firstPage.rows[0].jobNumber).toBeTruthy();
    const second = await page(scheduler, 'offset=2&limit=2&sortColumn=actualInspectionDate&sortOrder=desc');
    expect(second.rows.map((r) => r.actualInspectionDate?.slice(0, 10))).toEqual(['2025-01-10']);
    const asc = await page(scheduler, 'limit=50&sortColumn=actualInspectionDate&sortOrder=asc');
    expect(asc.rows[0].actualInspectionDate?.slice(0, 10)).toBe('2025-01-10');
    const client = await page(clientAdmin, 'limit=5');
    expect(client.rows[0]).not.toHaveProperty('jobNumber');
    expect(client.rows[0]).not.toHaveProperty('inspector');
    expect(client.rows[0]).not.toHaveProperty('certificateDate');
    for (const query of ['limit=51', 'limit=0', 'sortColumn=password', 'offset=-1']) {
      expect((await scheduler.get(`/api/Observation/Asset?locationId=${asset.id}&${query}`)).statusCode, query).toBe(400);
    }
    expect((await scheduler.get(`/api/Observation/Asset?locationId=${t.acme.assets[0].id}`)).statusCode).toBe(404);
  });

  it('history: Next Due Date is what the certificate states (inspection + validity for a Pass, none for a Fail), never the planned date', async () => {
    const asset = await newAsset();
    // A leap day, so the calendar rule shows: 29 Feb + 12 months is 28 Feb.
    const pass = await taskOn(asset.id, { status: 16, certificate: true, result: 1, inspected: '2024-02-29T21:30:00Z' });
    const fail = await taskOn(asset.id, { status: 16, certificate: true, result: 2, inspected: '2025-03-15T08:00:00Z' });
    // The planned dates are elsewhere: the answer must not follow them.
    await t.app.db.execute(sql`update tasks set due_date = '2030-01-01T00:00:00Z' where id in (${pass}::int, ${fail}::int)`);
    const [{ validity }] = await queryRows<{ validity: number }>(
      t.app.db,
      sql`select tt.validity from task_types tt join tasks t on t.task_type_id = tt.id where t.id = ${pass}::int`,
    );
    const expected = addMonths(new Date('2024-02-29T21:30:00Z'), validity)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    for (const c of [scheduler, clientAdmin, clientUser]) {
      const answer = (await c.get(`/api/Observation/Asset?locationId=${asset.id}&limit=50`)).json() as AssetHistoryAnswer;
      const byId = new Map(answer.rows.map((r) => [r.id, r]));
      expect(byId.get(pass)?.dueDate).toBe(expected);
      expect(byId.get(fail)?.dueDate).toBeNull();
    }
    if (validity === 12) expect(expected.slice(0, 10)).toBe('2025-02-28');
    // Sorted by that date too: the Fail (none) last when descending.
    const sorted = (await scheduler.get(`/api/Observation/Asset?locationId=${asset.id}&sortColumn=dueDate&sortOrder=desc`)).json();
    expect(sorted.rows.map((r: { id: number }) => r.id)).toEqual([pass, fail]);
  });

  it('files: upload by content into the sections, serve to who may see the asset, archive', async () => {
    const asset = await newAsset();
    const upload = (c: Client, name: string, content: Buffer, query = '') => {
      const body = multipart('locationFile', name, content);
      return c.request({
        method: 'POST',
        url: `/api/Location/saveAttachment/${asset.id}${query}`,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const png = emblemPng([10, 120, 60], 'check', 64);
    const one = await upload(scheduler, 'front.png', png);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe(ASSETS.fileUploaded);
    expect(one.json().fileList).toMatchObject([{ fileName: 'front.png', section: 1, fileType: 'image/png' }]);
    const two = await upload(scheduler, 'side.png', png);
    expect(two.json().fileList.map((f: { section: number }) => f.section)).toEqual([1, 2]);
    const doc = await upload(scheduler, 'manual.csv', Buffer.from('a,b\n1,2\n'));
    expect(doc.json().fileList.find((f: { fileName: string }) => f.fileName === 'manual.csv').section).toBe(4);
    // Named png, but text inside; a pdf as a photo section; an exe.
    expect((await upload(scheduler, 'fake.png', Buffer.from('not an image at all'))).statusCode).toBe(400);
    expect((await upload(scheduler, 'tool.exe', Buffer.from('MZ....'))).statusCode).toBe(400);
    expect((await upload(scheduler, 'report.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), '?section=2')).statusCode).toBe(400);
    expect((await upload(clientUser, 'front.png', png)).statusCode).toBe(403);
    const detail = (await scheduler.get(`/api/Location/${asset.id}`)).json();
    expect(detail.image).toBe(one.json().fileList[0].blobKey);
    const key = detail.fileList[1].blobKey as string;
    expect((await clientAdmin.get(`/api/filedownload?id=${key}`)).statusCode).toBe(200);
    expect((await acmeScheduler.get(`/api/filedownload?id=${key}`)).statusCode).toBe(404);
    const archived = await scheduler.post(`/api/Location/deleteAttachment/${asset.id}`, { blobKey: key });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().message).toBe(ASSETS.fileArchived);
    expect(archived.json().fileList.map((f: { blobKey: string }) => f.blobKey)).not.toContain(key);
    expect((await scheduler.post(`/api/Location/deleteAttachment/${asset.id}`, { blobKey: key })).statusCode).toBe(404);
    expect((await scheduler.post(`/api/Location/deleteAttachment/${asset.id}`, {})).statusCode).toBe(400);
  });
});

describeAreaAccess('assets area', () => t, [
  {
    name: 'asset dashboard',
    method: 'GET',
    url: (ns) => `/api/Location/AssetDashboard?companyId=${ns.clients[0].id}&siteId=${ns.clients[0].siteIds[0]}`,
    permission: 'assets.read',
    malformed: [{ url: '/api/Location/AssetDashboard?companyId=1' }, { url: '/api/Location/AssetDashboard?companyId=x&siteId=1' }],
  },
  {
    name: 'open tasks of an asset',
    method: 'GET',
    url: (ns) => `/api/Location/Observation/${ns.assets[0].id}`,
    permission: 'assets.read',
    malformed: [{ url: '/api/Location/Observation/abc' }],
  },
  {
    name: 'asset history',
    method: 'GET',
    url: (ns) => `/api/Observation/Asset?locationId=${ns.assets[0].id}`,
    permission: 'assets.read',
    malformed: [{ url: '/api/Observation/Asset' }],
  },
  {
    name: 'shift asset',
    method: 'POST',
    url: (ns) => `/api/Location/Asset/${ns.assets[ns.assets.length - 1].id}/shift`,
    body: (ns) => ({ parentId: ns.clients[0].siteIds[0] }),
    permission: 'assets.update',
    malformed: [{ body: { parentId: 'x' } }, { body: {} }],
  },
  {
    name: 'asset attributes',
    method: 'POST',
    url: (ns) => `/api/Location/Asset/${ns.assets[0].id}`,
    body: () => ({ formId: 1, formRevision: 1, values: {} }),
    permission: 'assets.update',
    malformed: [{ body: { formId: 'x' } }, { body: { formId: 1, formRevision: 1, values: [] } }],
  },
  {
    name: 'archive asset file',
    method: 'POST',
    url: (ns) => `/api/Location/deleteAttachment/${ns.assets[0].id}`,
    body: () => ({ blobKey: 'none' }),
    permission: 'assets.update',
    malformed: [{ body: {} }],
  },
]);

describe('asset lock through a task (issue 21: statuses 8, 16, 64, 1024 lock asset editing)', () => {
  const describeBody = (asset: { id: number; name: string }, name: string) => ({
    objectType: 'ASSET',
    id: asset.id,
    assetTypeId: t.demo.assetTypeIds['Mobile Crane'],
    companyId: first().id,
    parentId: first().siteIds[0],
    name,
  });
  const upload = (client: Client, assetId: number, query: string) => {
    const body = multipart('locationFile', 'front.png', emblemPng([10, 120, 60], 'check', 32));
    return client.request({
      method: 'POST',
      url: `/api/Location/saveAttachment/${assetId}${query}`,
      payload: body.payload,
      headers: body.headers,
    });
  };

  it.each([8, 16, 64, 1024])(
    'a task in status %i makes ASSET DETAILS read-only and the server refuses every change through it',
    async (status) => {
      const asset = await newAsset();
      const task = await taskOn(asset.id, { status, result: 1, inspected: '2026-03-01T10:00:00Z', certificate: status === 16 });
      const context = `?observationId=${task}`;
      const detail = await scheduler.get(`/api/Location/${asset.id}${context}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const locked = ASSETS.lockedByTask(
        ({ 8: 'Submitted', 16: 'Approved', 64: 'Cancelled', 1024: 'Deleted' } as Record<number, string>)[status],
      );
      expect(detail.json()).toMatchObject({ can: { save: false, shift: false }, lockedBy: locked });

      const edit = await scheduler.post(`/api/Location${context}`, describeBody(asset, `${asset.name} renamed`));
      expect(edit.statusCode, edit.body).toBe(409);
      expect(edit.json().error).toBe(locked);
      const shift = await scheduler.post(`/api/Location/Asset/${asset.id}/shift${context}`, { parentId: first().siteIds[1] });
      expect(shift.statusCode).toBe(409);
      expect((await upload(scheduler, asset.id, context)).statusCode).toBe(409);
      expect((await scheduler.post(`/api/Location/deleteAttachment/${asset.id}${context}`, { blobKey: 'x' })).statusCode).toBe(409);
      // Nothing changed: the name and the site are as before.
      const after = (await scheduler.get(`/api/Location/${asset.id}`)).json();
      expect(after).toMatchObject({ name: asset.name, siteId: first().siteIds[0], fileList: [] });
    },
  );

  it('an open task leaves the asset editable through it; without a task the asset panel is as before', async () => {
    const asset = await newAsset();
    const task = await taskOn(asset.id, { status: 1 });
    const detail = (await scheduler.get(`/api/Location/${asset.id}?observationId=${task}`)).json();
    expect(detail).toMatchObject({ can: { save: true, shift: true }, lockedBy: null });
    const edit = await scheduler.post(`/api/Location?observationId=${task}`, describeBody(asset, `${asset.name} edited`));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().name).toBe(`${asset.name} edited`);
    expect((await scheduler.get(`/api/Location/${asset.id}`)).json()).toMatchObject({ can: { save: true }, lockedBy: null });
  });

  it('a task of another asset, of another namespace, unknown or malformed is refused, and a client role stays read-only', async () => {
    const asset = await newAsset();
    const other = await newAsset();
    const task = await taskOn(other.id, { status: 1 });
    const wrongAsset = await scheduler.get(`/api/Location/${asset.id}?observationId=${task}`);
    expect(wrongAsset.statusCode).toBe(400);
    expect(wrongAsset.json().error).toBe(ASSETS.taskNotOfAsset);
    expect((await scheduler.post(`/api/Location?observationId=${task}`, describeBody(asset, 'x y z'))).statusCode).toBe(400);
    expect((await scheduler.get(`/api/Location/${asset.id}?observationId=99999999`)).statusCode).toBe(404);
    expect((await scheduler.get(`/api/Location/${asset.id}?observationId=abc`)).statusCode).toBe(400);
    // The other namespace's user names a task of this one beside its own asset.
    expect((await acmeScheduler.get(`/api/Location/${t.acme.assets[0].id}?observationId=${task}`)).statusCode).toBe(404);
    const own = await taskOn(asset.id, { status: 1 });
    const asClient = await clientUser.get(`/api/Location/${asset.id}?observationId=${own}`);
    expect(asClient.statusCode, asClient.body).toBe(200);
    expect(asClient.json()).toMatchObject({ can: { save: false }, lockedBy: null });
    expect(
      (await clientUser.post(`/api/Location/Asset/${asset.id}/shift?observationId=${own}`, { parentId: first().siteIds[1] })).statusCode,
    ).toBe(403);
    expect((await t.anonymous.get(`/api/Location/${asset.id}?observationId=${own}`)).statusCode).toBe(401);
  });
});
