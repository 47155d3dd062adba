import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TYPE_TEXT, DIVISIONS, OFFICES, SHELL, TASK_TYPE_TEXT } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';

/**
 * Archived settings records can be seen (`archived=true`) and restored
 * (`POST /api/Setting/{id}/restore`), and archiving a record that active records still use is
 * refused with a text naming them (task types, asset types, divisions, offices).
 */
let t: TestContext;
let master: Client;
let config: Client;
let scheduler: Client;

beforeAll(async () => {
  t = await createTestContext();
  [master, config, scheduler] = await Promise.all(
    ['master_admin@demo.test', 'config_admin@demo.test', 'scheduler@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function create(client: Client, body: Record<string, unknown>): Promise<{ id: number; name: string }> {
  const response = await client.post('/api/Setting', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listNames(
  client: Client,
  objectType: string,
  archived: boolean,
): Promise<{ id: number; name: string; can: Record<string, boolean> }[]> {
  const response = await client.get(`/api/Setting?objectType=${objectType}&offset=0&limit=-1${archived ? '&archived=true' : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('archived settings records', () => {
  it('lists archived divisions apart, with Restore for who may archive, and restores one', async () => {
    const division = await create(master, { objectType: 'Division', name: `Restore ${stamp()}` });
    expect((await master.delete(`/api/Setting/${division.id}`)).statusCode).toBe(200);
    expect((await listNames(master, 'Division', false)).map((r) => r.id)).not.toContain(division.id);
    const archived = await listNames(master, 'Division', true);
    expect(archived.find((r) => r.id === division.id)).toMatchObject({ can: { edit: false, delete: false, restore: true } });
    expect(archived.every((r) => (r as unknown as { status: number }).status === 0)).toBe(true);

    const restored = await master.post(`/api/Setting/${division.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ message: SHELL.restored(division.name) });
    expect((await listNames(master, 'Division', false)).find((r) => r.id === division.id)).toMatchObject({
      can: { edit: true, delete: true },
    });
    // Restoring an active record again is harmless.
    expect((await master.post(`/api/Setting/${division.id}/restore`)).statusCode).toBe(200);
  });

  it('restores a task type as a settings administrator', async () => {
    const division = t.demo.divisions[0].id;
    const taskType = await create(config, { objectType: 'TaskType', name: `Restore TT ${stamp()}`, divisionId: division, validity: 12 });
    expect((await config.delete(`/api/Setting/${taskType.id}`)).statusCode).toBe(200);
    expect((await listNames(config, 'TaskType', true)).map((r) => r.id)).toContain(taskType.id);
    expect((await config.post(`/api/Setting/${taskType.id}/restore`)).statusCode).toBe(200);
    expect((await listNames(config, 'TaskType', false)).map((r) => r.id)).toContain(taskType.id);
  });

  it('refuses a restore whose name an active record has taken meanwhile, or whose code', async () => {
    const name = `Twin ${stamp()}`;
    const first = await create(master, { objectType: 'Division', name, acronymCode: `T${stamp().slice(-5).toUpperCase()}` });
    expect((await master.delete(`/api/Setting/${first.id}`)).statusCode).toBe(200);
    await create(master, { objectType: 'Division', name });
    const byName = await master.post(`/api/Setting/${first.id}/restore`);
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error).toBe(SHELL.restoreNameTaken(name));

    const code = `C${stamp().slice(-5).toUpperCase()}`;
    const coded = await create(master, { objectType: 'Division', name: `Coded ${stamp()}`, acronymCode: code });
    expect((await master.delete(`/api/Setting/${coded.id}`)).statusCode).toBe(200);
    await create(master, { objectType: 'Division', name: `Coded again ${stamp()}`, acronymCode: code });
    const byCode = await master.post(`/api/Setting/${coded.id}/restore`);
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().error).toBe(SHELL.restoreCodeTaken(coded.name));
  });

  it('answers 404 for an unknown id and for a record that is not a settings object', async () => {
    expect((await master.post('/api/Setting/987654321/restore')).statusCode).toBe(404);
    expect((await master.post(`/api/Setting/${t.demo.offices[0].id}/restore`)).statusCode).toBe(404);
  });

  it('refuses a role without the archive right (403)', async () => {
    const division = await create(master, { objectType: 'Division', name: `Guarded ${stamp()}` });
    expect((await master.delete(`/api/Setting/${division.id}`)).statusCode).toBe(200);
    expect((await scheduler.post(`/api/Setting/${division.id}/restore`)).statusCode).toBe(403);
    expect((await listNames(master, 'Division', true)).find((r) => r.id === division.id)?.can.restore).toBe(true);
  });
});

describeAreaAccess('settings restore', () => t, [
  {
    name: 'restore',
    method: 'POST',
    url: (ns) => `/api/Setting/${ns.divisions[0].id}/restore`,
    permission: 'divisions.write',
    namesRecord: true,
    malformed: [{ url: '/api/Setting/abc/restore' }],
  },
]);

/**
 * A new active job with one live task (scheduled through the wizard's call): its task type,
 * division and asset type (on a fresh asset), and the job's office and number.
 */
async function liveTask() {
  const ns = t.demo;
  const [type] = await queryRows<{ id: number; divisionId: number; assetTypeId: number }>(
    t.app.db,
    sql`select id, division_id as "divisionId", asset_type_id as "assetTypeId" from task_types
         where namespace_id = ${ns.id} and status = 1 and asset_type_id is not null and name <> 'LLG' and name not like 'llg-%'
         order by id limit 1`,
  );
  const [asset] = await queryRows<{ id: number }>(
    t.app.db,
    sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name)
        values (${ns.id}, ${ns.clients[0].id}, ${ns.clients[0].siteIds[0]}, ${type.assetTypeId}, ${`In use ${stamp()}`}) returning id`,
  );
  const response = await scheduler.post('/api/Schedule/withTasks', {
    schedule: {
      customerId: ns.clients[0].id,
      siteId: ns.clients[0].siteIds[0],
      startDate: '2026-12-01T07:00:00.000Z',
      duration: 1,
      secondaryOfficeId: ns.offices[0].id,
      mainInspectorId: ns.accounts['field-engg@demo.test'],
      inspectorIds: [],
      comments: 'In use',
      timeZone: 'Asia/Dubai',
    },
    tasks: [{ taskTypeId: type.id, divisionId: type.divisionId, locationId: asset.id, inspectorId: ns.accounts['field-junior@demo.test'] }],
  });
  expect(response.statusCode, response.body).toBe(200);
  const job = response.json().schedule as { id: number; jobNumber: string };
  return {
    taskTypeId: type.id,
    divisionId: type.divisionId,
    assetTypeId: type.assetTypeId,
    officeId: ns.offices[0].id,
    jobNumber: job.jobNumber,
  };
}

describe('archiving what active records use', () => {
  it('refuses a task type that active jobs have tasks of, naming the jobs', async () => {
    const task = await liveTask();
    const response = await config.delete(`/api/Setting/${task.taskTypeId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^Active jobs have tasks of this task type \(/);
    expect(response.json().error).toContain(TASK_TYPE_TEXT.inUseByJobs([]).split('(')[0]);
  });

  it('refuses a division that active task types are in, naming them', async () => {
    const task = await liveTask();
    const response = await master.delete(`/api/Setting/${task.divisionId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^Active task types are in this division \(/);
    expect(response.json().error).toContain(DIVISIONS.inUseByTaskTypes([]).split('(')[0]);
  });

  it('refuses a division that only active jobs still use', async () => {
    const task = await liveTask();
    const division = await create(master, { objectType: 'Division', name: `Used ${stamp()}` });
    await t.app.db.execute(sql`update tasks set division_id = ${division.id}
      where id = (select t.id from tasks t join jobs j on j.id = t.job_id
                   where j.job_number = ${task.jobNumber} and t.namespace_id = ${t.demo.id} and t.status not in (64, 1024) limit 1)`);
    const response = await master.delete(`/api/Setting/${division.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(DIVISIONS.inUseByJobs([task.jobNumber]));
  });

  it('refuses an asset type that active assets or jobs use', async () => {
    const task = await liveTask();
    const response = await config.delete(`/api/Setting/${task.assetTypeId}`);
    expect(response.statusCode).toBe(409);
    const error: string = response.json().error;
    expect(
      [ASSET_TYPE_TEXT.inUse([]), ASSET_TYPE_TEXT.inUseByAssets([]), ASSET_TYPE_TEXT.inUseByJobs([])].some((text) =>
        error.startsWith(text.split('(')[0]),
      ),
    ).toBe(true);

    // A fresh asset type with one active asset: refused naming the asset.
    const assetType = await create(config, { objectType: 'AssetType', name: `In use ${stamp()}` });
    const [asset] = t.demo.assets;
    await t.app.db.execute(sql`update assets set asset_type_id = ${assetType.id} where id = ${asset.id}`);
    const refused = await config.delete(`/api/Setting/${assetType.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ASSET_TYPE_TEXT.inUseByAssets([asset.name]));
  });

  it('archives a record nothing active uses', async () => {
    const assetType = await create(config, { objectType: 'AssetType', name: `Unused ${stamp()}` });
    expect((await config.delete(`/api/Setting/${assetType.id}`)).statusCode).toBe(200);
  });

  it('refuses an office that active jobs are run from, naming them', async () => {
    const task = await liveTask();
    const office = await master.post('/api/Location/addNewLoOffice', { name: `Jobs office ${stamp()}`, street: '1 Harbour Road' });
    expect(office.statusCode, office.body).toBe(200);
    const id = office.json().id as number;
    await t.app.db.execute(sql`update jobs set office_id = ${id} where job_number = ${task.jobNumber} and namespace_id = ${t.demo.id}`);
    const response = await master.delete(`/api/Location/deleteLoOffice/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(OFFICES.inUseByJobs([task.jobNumber]));
  });
});
