import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLG_TEXT, TASK_TEXT } from '@portal/contracts';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import { addMonths } from '../tasks';
import { addChild, completeChild, createUrl, itemRow, type LlgFixture, llgFixture, makeParent, taskRow } from '../../../test/llgKit';

/**
 * Issue 22: the LLG task's workflow with its children (tasks document 4, DECISIONS 9): Submit
 * needs complete children and takes them along, Approve issues a certificate per child and
 * updates the register, Amend waits for the children's final certificates, APPROVER and
 * APPROVER-ONLY remove and reopen child records; and adding children concurrently.
 */
let t: TestContext;
let engineer: Client;
let approver: Client;
let approverOnly: Client;
let f: LlgFixture;

const put = (c: Client, id: number, status: number) => c.request({ method: 'PUT', url: `/api/Observation/${id}/${status}` });
const setPreviewReady = (id: number) => t.app.db.execute(sql`update tasks set certificate_status = 13 where id = ${id}::int`);

beforeAll(async () => {
  t = await createTestContext();
  engineer = await t.login('field-engg@demo.test');
  approver = await t.login('approver@demo.test');
  approverOnly = await t.login('approver-only@demo.test');
  f = await llgFixture(t, t.demo);
});
afterAll(async () => t.close());

/** An LLG task with `serials.length` complete children (the last failed when asked). */
async function parentWithChildren(serials: string[], options: { failLast?: boolean } = {}) {
  const parent = await makeParent(t, t.demo, f, { status: 2 });
  const kids = [];
  for (const [index, serial] of serials.entries()) {
    const child = await addChild(engineer, parent.id, index % 2 === 0 ? f.childTypeId : f.otherChildTypeId, serial);
    await completeChild(t, t.demo, child.id, { failOne: options.failLast && index === serials.length - 1 });
    kids.push(child);
  }
  return { parent, kids };
}

describe('Submit of an LLG task', () => {
  it("refuses without a live child, with the spec's text", async () => {
    const { id } = await makeParent(t, t.demo, f, { status: 2 });
    const none = await put(engineer, id, 8);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(LLG_TEXT.noChildren);
    const removed = await addChild(engineer, id, f.childTypeId, 'SUB-GONE');
    expect((await put(approver, removed.id, 64)).statusCode).toBe(200);
    expect((await put(engineer, id, 8)).json().error).toBe(LLG_TEXT.noChildren);
  });

  it('refuses while a live child is not complete, naming its serial number', async () => {
    const { parent } = await parentWithChildren(['SUB-OK']);
    await addChild(engineer, parent.id, f.childTypeId, 'SUB-HALF');
    const refused = await put(engineer, parent.id, 8);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(LLG_TEXT.childIncomplete('SUB-HALF'));
    expect((await taskRow(t, parent.id)).status).toBe(2);
  });

  it('sets the task and every live child to 8 with the inspection date now; a removed child stays removed', async () => {
    const { parent, kids } = await parentWithChildren(['SUB-A', 'SUB-B']);
    const removed = await addChild(engineer, parent.id, f.childTypeId, 'SUB-REMOVED');
    expect((await put(approverOnly, removed.id, 64)).statusCode).toBe(200);
    const submitted = await put(engineer, parent.id, 8);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 8, certificateStatus: 11 });
    for (const kid of kids) expect(await taskRow(t, kid.id)).toMatchObject({ status: 8, inspected_iso: expect.stringMatching(/^\d{4}-/) });
    expect((await taskRow(t, removed.id)).status).toBe(64);
  });

  it('never submits, holds or approves a child record on its own', async () => {
    const { kids } = await parentWithChildren(['SELF-1']);
    const submit = await put(engineer, kids[0].id, 8);
    expect(submit.statusCode).toBe(409);
    expect(submit.json().error).toBe(LLG_TEXT.childMovesWithParent);
    expect((await put(await t.login('scheduler@demo.test'), kids[0].id, 4)).statusCode).toBe(409);
    expect((await approver.post(`/api/approvetaskweb?id=${kids[0].id}`)).statusCode).toBe(409);
  });
});

describe('RECORDS: remove (64) and reopen (2) a child record', () => {
  it('lets APPROVER and APPROVER-ONLY remove and reopen; other roles get 403', async () => {
    const { parent, kids } = await parentWithChildren(['REC-1', 'REC-2']);
    for (const c of [engineer, await t.login('scheduler@demo.test'), await t.login('lo-admin@demo.test')]) {
      expect((await put(c, kids[0].id, 64)).statusCode).toBe(403);
    }
    expect((await put(approver, kids[0].id, 64)).json()).toMatchObject({ status: 64 });
    expect((await put(approverOnly, kids[0].id, 2)).json()).toMatchObject({ status: 2 });
    expect((await put(engineer, parent.id, 8)).statusCode).toBe(200);
    // A submitted record reopened: the LLG task cannot be approved without it.
    expect((await put(approverOnly, kids[1].id, 2)).statusCode).toBe(200);
    await setPreviewReady(parent.id);
    const refused = await approver.post(`/api/approvetaskweb?id=${parent.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(LLG_TEXT.childNotSubmitted('REC-2'));
    const reopenOpen = await put(approver, kids[1].id, 2);
    expect(reopenOpen.statusCode).toBe(409);
  });
});

describe('Approve of an LLG task', () => {
  it('issues one certificate per child with distinct numbers, updates the register and queues every final document', async () => {
    const { parent, kids } = await parentWithChildren(['APP-1', 'APP-2', 'APP-3'], { failLast: true });
    const failedDue = (await itemRow(t, kids[2].llgItemId)).due_iso;
    expect((await put(engineer, parent.id, 8)).statusCode).toBe(200);
    // The children need no preview of their own: the parent's ready preview is enough.
    expect((await approver.post(`/api/approvetaskweb?id=${parent.id}`)).statusCode).toBe(409);
    await setPreviewReady(parent.id);
    const approved = await approver.post(`/api/approvetaskweb?id=${parent.id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 16, certificateStatus: 31 });

    const numbers = new Set<string>([approved.json().certificateNumber]);
    for (const [index, kid] of kids.entries()) {
      const row = await taskRow(t, kid.id);
      const failed = index === 2;
      expect(row).toMatchObject({ status: 16, result: failed ? 2 : 1, certificate_status: 31, approver_id: expect.any(Number) });
      expect(row.certificate_number).toMatch(/^[A-Z0-9]+-[A-Z0-9]+-\d{4}-\d{5}$/);
      numbers.add(row.certificate_number as string);
      const item = await itemRow(t, kid.llgItemId);
      expect(item).toMatchObject({ last_task_id: kid.id, last_result: failed ? 2 : 1, certificate_number: row.certificate_number });
      expect(item.inspected_iso).toBe(row.inspected_iso);
      // A Pass moves the next due date on by the validity (6 months); a Fail leaves it as it was.
      expect(item.due_iso).toBe(failed ? failedDue : addMonths(new Date(row.inspected_iso as string), 6).toISOString());
    }
    expect(numbers.size).toBe(4);
    expect((await taskRow(t, parent.id)).result).toBe(2);
    const finals = await queryRows<{ task_id: number }>(
      t.app.db,
      sql`select task_id from document_jobs where phase = 'final' and task_id = any(${sql.param([parent.id, ...kids.map((k) => k.id)])}::int[])
           order by task_id`,
    );
    expect(finals.map((r) => r.task_id)).toEqual([parent.id, ...kids.map((k) => k.id)].sort((a, b) => a - b));

    // Approved: records are neither removed nor reopened now.
    expect((await put(approver, kids[0].id, 64)).statusCode).toBe(409);
    const reopen = await put(approver, kids[0].id, 2);
    expect(reopen.statusCode).toBe(409);
  });

  it('reopens a removed record only while the LLG task is not approved', async () => {
    const { parent, kids } = await parentWithChildren(['APP-R1', 'APP-R2']);
    expect((await put(approver, kids[1].id, 64)).statusCode).toBe(200);
    expect((await put(engineer, parent.id, 8)).statusCode).toBe(200);
    await setPreviewReady(parent.id);
    expect((await approver.post(`/api/approvetaskweb?id=${parent.id}`)).statusCode).toBe(200);
    const refused = await put(approverOnly, kids[1].id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(LLG_TEXT.parentApproved);
    expect((await taskRow(t, kids[1].id)).status).toBe(64);
  });
});

describe('Amend of an LLG task', () => {
  it('stays disabled until every live child has its final certificate (30 to 39)', async () => {
    const { parent, kids } = await parentWithChildren(['AM-1', 'AM-2']);
    expect((await put(engineer, parent.id, 8)).statusCode).toBe(200);
    await setPreviewReady(parent.id);
    expect((await approver.post(`/api/approvetaskweb?id=${parent.id}`)).statusCode).toBe(200);
    await t.app.db.execute(sql`update tasks set certificate_status = 19 where id = ${kids[1].id}::int`);
    const detail = await approver.get(`/api/Observation/${parent.id}`);
    expect(detail.json().can.amend).toBe(false);
    const refused = await put(approver, parent.id, 32);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/final certificate/);
    await t.app.db.execute(sql`update tasks set certificate_status = 39 where id = ${kids[1].id}::int`);
    expect((await approver.get(`/api/Observation/${parent.id}`)).json().can.amend).toBe(true);
    const amended = await put(approver, parent.id, 32);
    expect(amended.statusCode, amended.body).toBe(200);
    expect((await taskRow(t, kids[0].id)).status).toBe(16);
    expect(amended.json().message).toBe(TASK_TEXT.statusChanged('Amended'));
  });
});

describe('Adding children concurrently', () => {
  it('gives 20 children added at once under one parent 20 distinct records and items', async () => {
    const { id } = await makeParent(t, t.demo, f);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => engineer.post(createUrl(id, f.childTypeId), { llgSerialNumber: `RUSH-${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().child.id)).size).toBe(20);
    expect(new Set(answers.map((a) => a.json().child.llgItemId)).size).toBe(20);
    const [count] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from tasks where parent_id = ${id}::int and status = 1`,
    );
    expect(count.n).toBe(20);
  });

  it('makes one item and one child of five saves of the same serial number at once', async () => {
    const { id } = await makeParent(t, t.demo, f);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => engineer.post(createUrl(id, f.childTypeId), { llgSerialNumber: 'SAME-1' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error).toBe(LLG_TEXT.serialInParent('SAME-1'));
    const items = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from llg_items where site_id = ${f.siteId}::int and lower(serial_number) = 'same-1'`,
    );
    expect(items).toHaveLength(1);
  });

  it('makes one item of one serial number saved at once under five jobs of the site, and refuses another kind at once', async () => {
    const parents = await Promise.all(Array.from({ length: 5 }, () => makeParent(t, t.demo, f)));
    const answers = await Promise.all(
      parents.map((p, i) => engineer.post(createUrl(p.id, i === 4 ? f.otherChildTypeId : f.childTypeId), { llgSerialNumber: 'SITE-WIDE' })),
    );
    const saved = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    // Whichever kind came first owns the serial number; the other kind is refused.
    expect(refused.map((a) => [a.statusCode, a.json().error])).toEqual(refused.map(() => [409, LLG_TEXT.serialTaken('SITE-WIDE')]));
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(new Set(saved.map((a) => a.json().child.llgItemId)).size).toBe(1);
    const items = await queryRows<{ id: number }>(
      t.app.db,
      sql`select id from llg_items where site_id = ${f.siteId}::int and lower(serial_number) = 'site-wide' and status = 1`,
    );
    expect(items).toHaveLength(1);
    expect([1, 4]).toContain(saved.length);
  });
});
