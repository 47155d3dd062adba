import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildLlgList, LLG_TEXT } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import type { SeededNamespace } from '../../demo/demo';
import {
  accountOf,
  addChild,
  completeChild,
  createUrl,
  itemRow,
  type LlgFixture,
  llgFixture,
  makeParent,
  taskRow,
} from '../../../test/llgKit';

/** Issue 22: the children of a job's LLG task (tasks document 2.3, 7): add, list, delete. */
let t: TestContext;
let engineer: Client;
let approver: Client;
const f: Record<string, LlgFixture> = {};
const parents: Record<string, number> = {};
const children: Record<string, number> = {};

const list = async (c: Client, parentId: number): Promise<ChildLlgList> => {
  const response = await c.get(`/api/Observation/getchildLLG/${parentId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestContext();
  engineer = await t.login('field-engg@demo.test');
  approver = await t.login('approver@demo.test');
  for (const ns of [t.demo, t.acme]) {
    f[ns.name] = await llgFixture(t, ns);
    parents[ns.name] = (await makeParent(t, ns, f[ns.name])).id;
    const own = ns === t.demo ? engineer : await t.login('field-engg@acme.test');
    children[ns.name] = (await addChild(own, parents[ns.name], f[ns.name].childTypeId, `ACCESS-${ns.name}`)).id;
  }
});
afterAll(async () => t.close());

const parentOf = (ns: SeededNamespace) => parents[ns.name];

describeAreaAccess('llg children', () => t, [
  {
    name: 'create',
    method: 'POST',
    url: (ns) => createUrl(parentOf(ns), f[ns.name].childTypeId),
    body: () => ({ llgSerialNumber: 'ACCESS-NEVER-SAVED' }),
    permission: 'llg.addChild',
    malformed: [
      { rawBody: '{"llgSerialNumber": ' },
      { body: { llgSerialNumber: 42 } },
      { body: { llgSerialNumber: '   ' } },
      { body: { specification: 'no serial' } },
      { body: { llgSerialNumber: 'S-1', colour: 'red' } },
      { body: { llgSerialNumber: 'x'.repeat(101) } },
      { url: '/api/createChildLLGObservation?taskTypeId=1' },
      { url: '/api/createChildLLGObservation?parentLLGTaskId=abc&taskTypeId=1' },
      { url: '/api/createChildLLGObservation?parentLLGTaskId=1&taskTypeId=-4' },
    ],
  },
  {
    name: 'children',
    method: 'GET',
    url: (ns) => `/api/Observation/getchildLLG/${parentOf(ns)}`,
    permission: 'tasks.open',
    malformed: [{ url: '/api/Observation/getchildLLG/abc' }, { url: '/api/Observation/getchildLLG/0' }],
  },
  {
    name: 'delete',
    method: 'DELETE',
    url: (ns) => `/api/Observation/deleteChildLLGTask/${children[ns.name]}`,
    permission: 'llg.addChild',
    malformed: [{ url: '/api/Observation/deleteChildLLGTask/abc' }, { url: '/api/Observation/deleteChildLLGTask/1.5' }],
  },
]);

describe('POST /api/createChildLLGObservation', () => {
  it('adds a child record for a new item of the parent site, with the spec text', async () => {
    const fx = f.demo;
    const { id: parentId, jobId } = await makeParent(t, t.demo, fx);
    const response = await engineer.post(createUrl(parentId, fx.childTypeId), {
      llgSerialNumber: '  SH-0001 ',
      specification: '3.25 t bow shackle',
      acronymCode: 'BS-1',
      safeWorkingLoad: '3.25 t',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, child } = response.json();
    expect(message).toBe(LLG_TEXT.childAdded);
    expect(child).toMatchObject({
      parentId,
      status: 1,
      taskTypeId: fx.childTypeId,
      llgSerialNumber: 'SH-0001',
      specification: '3.25 t bow shackle',
      acronymCode: 'BS-1',
      safeWorkingLoad: '3.25 t',
      result: null,
      certificateNumber: null,
      complete: false,
      can: { open: true, inspect: true, delete: true, remove: false, reopen: false },
    });
    expect(child.taskTypeDesc).toMatch(/^llg-/);
    const [type] = await queryRows<{ division_id: number; asset_type_id: number }>(
      t.app.db,
      sql`select division_id, asset_type_id from task_types where id = ${fx.childTypeId}::int`,
    );
    expect(await taskRow(t, child.id)).toMatchObject({
      parent_id: parentId,
      job_id: jobId,
      site_id: fx.siteId,
      division_id: type.division_id,
      asset_type_id: type.asset_type_id,
      inspector_id: accountOf(t.demo, 'FIELD-ENGG'),
      llg_item_id: child.llgItemId,
      is_llg: false,
      status: 1,
    });
    expect(await itemRow(t, child.llgItemId)).toMatchObject({
      namespace_id: t.demo.id,
      client_id: fx.clientId,
      site_id: fx.siteId,
      task_type_id: fx.childTypeId,
      serial_number: 'SH-0001',
      status: 1,
    });
    // The audit trail names the engineer for the new register item.
    const trail = await queryRows<{ user_id: number }>(
      t.app.db,
      sql`select user_id from audit_log where entity = 'llg_items' and entity_id = ${String(child.llgItemId)} and action = 'INSERT'`,
    );
    expect(trail).toEqual([{ user_id: accountOf(t.demo, 'FIELD-ENGG') }]);
  });

  it("gives the child the parent's inspector when it has one", async () => {
    const junior = accountOf(t.demo, 'FIELD-JUNIOR');
    const { id } = await makeParent(t, t.demo, f.demo, { inspectorId: junior });
    const child = await addChild(engineer, id, f.demo.childTypeId, 'INSP-1');
    expect((await taskRow(t, child.id)).inspector_id).toBe(junior);
  });

  it('examines the same register item again under another job, and refuses it twice under one parent', async () => {
    const first = await makeParent(t, t.demo, f.demo);
    const second = await makeParent(t, t.demo, f.demo);
    const a = await addChild(engineer, first.id, f.demo.childTypeId, 'CS-77', { specification: 'old text' });
    const b = await addChild(engineer, second.id, f.demo.childTypeId, 'cs-77', { specification: 'new text' });
    expect(b.llgItemId).toBe(a.llgItemId);
    expect((await itemRow(t, a.llgItemId)).specification).toBe('new text');
    const twice = await engineer.post(createUrl(second.id, f.demo.childTypeId), { llgSerialNumber: 'CS-77' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(LLG_TEXT.serialInParent('CS-77'));
  });

  it('refuses a serial number that is an active item of another kind at the site (any case)', async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    await addChild(engineer, id, f.demo.childTypeId, 'KIND-1');
    const other = await engineer.post(createUrl(id, f.demo.otherChildTypeId), { llgSerialNumber: 'kind-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe(LLG_TEXT.serialTaken('kind-1'));
  });

  it("refuses a task type that is not an active llg- type of the caller's namespace (400)", async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    for (const typeId of [f.demo.plainTypeId, f.demo.llgTypeId, f.acme.childTypeId, 999_999]) {
      const response = await engineer.post(createUrl(id, typeId), { llgSerialNumber: `TYPE-${typeId}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: LLG_TEXT.notChildType, fields: { taskTypeId: LLG_TEXT.notChildType } });
    }
  });

  it('adds children only while the LLG task is in 1, 2, 4, 32 or 64', async () => {
    for (const status of [8, 16]) {
      const { id } = await makeParent(t, t.demo, f.demo, { status });
      const response = await engineer.post(createUrl(id, f.demo.childTypeId), { llgSerialNumber: `CLOSED-${status}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(LLG_TEXT.parentClosed);
    }
    for (const status of [2, 4, 32, 64]) {
      const { id } = await makeParent(t, t.demo, f.demo, { status });
      await addChild(engineer, id, f.demo.childTypeId, `OPEN-${status}`);
    }
  });

  it('answers 404 for a task that is not an LLG task, an unknown id and a child record', async () => {
    const plain = await makeParent(t, t.demo, f.demo);
    await t.app.db.execute(sql`update tasks set is_llg = false, task_type_id = ${f.demo.plainTypeId}::int where id = ${plain.id}::int`);
    for (const id of [plain.id, 99_999_999, children.demo]) {
      const response = await engineer.post(createUrl(id, f.demo.childTypeId), { llgSerialNumber: 'NOT-LLG' });
      expect(response.statusCode).toBe(404);
    }
  });

  it("refuses client companies' users (403) whatever the parent", async () => {
    const response = await (await t.login('client-admin@demo.test')).post(createUrl(parents.demo, f.demo.childTypeId), {
      llgSerialNumber: 'CLIENT-1',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a child record in task details', () => {
  it('is opened for inspection and filled in like any task while open, without ASSET DETAILS or ATTACH ASSET', async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    const child = await addChild(engineer, id, f.demo.childTypeId, 'INSPECT-1');
    const opened = await engineer.request({ method: 'PUT', url: `/api/Observation/${child.id}/4?isToUpdateChecklist=true` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 4, checklistUpdated: true });
    const checklist = await engineer.get(`/api/Observation/${child.id}/checklist`);
    expect(checklist.json()).toMatchObject({ editable: true, status: 4 });
    const detail = (await engineer.get(`/api/Observation/${child.id}`)).json();
    expect(detail.tabs).toMatchObject({ inspect: true, assetDetails: false, attachAsset: false });
    expect(detail.can).toMatchObject({ inspect: true, submit: false, hold: false, cancel: false });
    await t.app.db.execute(sql`update tasks set status = 8 where id = ${child.id}::int`);
    expect((await engineer.get(`/api/Observation/${child.id}/checklist`)).json().editable).toBe(false);
  });
});

describe('RECORDS calls on a child of another namespace or by a client', () => {
  it("answers 404 for the other namespace's child record and 403 to a client company's user", async () => {
    for (const status of [64, 2]) {
      const other = await approver.request({ method: 'PUT', url: `/api/Observation/${children.acme}/${status}` });
      expect(other.statusCode).toBe(404);
      const client = await (await t.login('client-user@demo.test')).request({
        method: 'PUT',
        url: `/api/Observation/${children.demo}/${status}`,
      });
      expect(client.statusCode).toBe(403);
    }
    expect((await taskRow(t, children.acme)).status).toBe(1);
  });
});

describe('GET /api/Observation/getchildLLG/{id}', () => {
  it("lists the children with their item, completeness and the caller's flags; deleted ones are left out", async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    const a = await addChild(engineer, id, f.demo.childTypeId, 'LIST-A', { safeWorkingLoad: '2 t' });
    const b = await addChild(engineer, id, f.demo.otherChildTypeId, 'LIST-B');
    const c = await addChild(engineer, id, f.demo.childTypeId, 'LIST-C');
    await completeChild(t, t.demo, a.id);
    expect((await engineer.delete(`/api/Observation/deleteChildLLGTask/${c.id}`)).statusCode).toBe(200);

    const mine = await list(engineer, id);
    expect(mine).toMatchObject({ parentId: id, booklet: null, canAdd: true });
    expect(mine.children.map((x) => [x.id, x.llgSerialNumber, x.complete, x.status])).toEqual([
      [a.id, 'LIST-A', true, 2],
      [b.id, 'LIST-B', false, 1],
    ]);
    expect(mine.children[0]).toMatchObject({ safeWorkingLoad: '2 t', result: 1, can: { inspect: true, delete: true, remove: false } });

    const theirs = await list(approver, id);
    expect(theirs.canAdd).toBe(false);
    expect(theirs.children[0].can).toEqual({ open: true, inspect: true, delete: false, remove: true, reopen: false });
    const scheduler = await list(await t.login('scheduler@demo.test'), id);
    expect(scheduler.children[0].can).toEqual({ open: true, inspect: false, delete: false, remove: false, reopen: false });
  });

  it('answers 404 for a task that is not an LLG task and for an unknown id', async () => {
    expect((await engineer.get(`/api/Observation/getchildLLG/${children.demo}`)).statusCode).toBe(404);
    expect((await engineer.get('/api/Observation/getchildLLG/99999999')).statusCode).toBe(404);
  });
});

describe('DELETE /api/Observation/deleteChildLLGTask/{id}', () => {
  it('deletes the record (1024) and takes a new item off the register, freeing its serial number', async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    const child = await addChild(engineer, id, f.demo.childTypeId, 'DEL-1');
    const response = await engineer.delete(`/api/Observation/deleteChildLLGTask/${child.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: child.id, message: LLG_TEXT.childDeleted });
    expect((await taskRow(t, child.id)).status).toBe(1024);
    expect((await itemRow(t, child.llgItemId)).status).toBe(0);
    const again = await addChild(engineer, id, f.demo.otherChildTypeId, 'DEL-1');
    expect(again.llgItemId).not.toBe(child.llgItemId);
  });

  it('keeps an item with another examination on the register', async () => {
    const first = await makeParent(t, t.demo, f.demo);
    const second = await makeParent(t, t.demo, f.demo);
    const a = await addChild(engineer, first.id, f.demo.childTypeId, 'DEL-KEEP');
    const b = await addChild(engineer, second.id, f.demo.childTypeId, 'DEL-KEEP');
    expect((await engineer.delete(`/api/Observation/deleteChildLLGTask/${b.id}`)).statusCode).toBe(200);
    expect((await itemRow(t, a.llgItemId)).status).toBe(1);
  });

  it('refuses a submitted record and any record of an approved LLG task (409), and what is no child record (404)', async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    const child = await addChild(engineer, id, f.demo.childTypeId, 'DEL-LOCK');
    await t.app.db.execute(sql`update tasks set status = 8 where id = ${child.id}::int`);
    const locked = await engineer.delete(`/api/Observation/deleteChildLLGTask/${child.id}`);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(LLG_TEXT.childLocked);
    await t.app.db.execute(sql`update tasks set status = 2 where id = ${child.id}::int`);
    await t.app.db.execute(sql`update tasks set status = 16 where id = ${id}::int`);
    const closed = await engineer.delete(`/api/Observation/deleteChildLLGTask/${child.id}`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe(LLG_TEXT.parentClosed);
    expect((await taskRow(t, child.id)).status).toBe(2);
    for (const other of [id, 99_999_999]) {
      const response = await engineer.delete(`/api/Observation/deleteChildLLGTask/${other}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(LLG_TEXT.notLlgChild);
    }
  });

  it('never answers a deleted record again', async () => {
    const { id } = await makeParent(t, t.demo, f.demo);
    const child = await addChild(engineer, id, f.demo.childTypeId, 'DEL-TWICE');
    expect((await engineer.delete(`/api/Observation/deleteChildLLGTask/${child.id}`)).statusCode).toBe(200);
    const twice = await engineer.delete(`/api/Observation/deleteChildLLGTask/${child.id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(LLG_TEXT.childLocked);
  });
});

describe('child records outside their LLG task', () => {
  it('are not listed on the task dashboard, and a job save cannot change one (404)', async () => {
    const fx = f.demo;
    const { id: parentId, jobId } = await makeParent(t, t.demo, fx);
    const child = await addChild(engineer, parentId, fx.childTypeId, `OUTSIDE-${parentId}`);
    const scheduler = await t.login('scheduler@demo.test');
    const filter = encodeURIComponent(JSON.stringify({ jobNumber: '' }));
    const rows = (await scheduler.get(`/api/Observation?offset=0&limit=-1&filter=${filter}`)).json() as { id: number }[];
    expect(rows.map((r) => r.id)).toContain(parentId);
    expect(rows.map((r) => r.id)).not.toContain(child.id);

    const save = await scheduler.post(`/api/Observation/All?cancelFlag=1&scheduleId=${jobId}`, [
      { id: child.id, taskTypeId: fx.childTypeId, status: 1024 },
    ]);
    expect(save.statusCode, save.body).toBe(404);
    expect((await taskRow(t, child.id)).status).toBe(1);
  });
});
