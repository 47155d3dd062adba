import { completedChecklist } from '../../demo/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DivisionRow, JOB_STATUS, type OfficeRow, type ScheduleBody, type ScheduleSaveAnswer } from '@portal/contracts';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { allocateCertificateNumber, allocateJobNumber } from './sequences.service';

/**
 * Numbers never collide (DECISIONS 9, issue 19 item 7): office and division codes are unique,
 * and the allocator never hands out a job or certificate number the namespace already has,
 * so approvals and job saves never fail on the unique indexes of the numbers.
 */
let t: TestContext;
let master: Client;
let scheduler: Client;
let approver: Client;

const year = new Date().getUTCFullYear();
const five = (n: number) => String(n).padStart(5, '0');
const account = (role: string) => t.demo.accounts[`${role.toLowerCase()}@demo.test`];
const dubai = () => t.demo.offices[0].id;
const abuDhabi = () => t.demo.offices[1].id;
const lifting = () => t.demo.divisions[0].id;

let fixture: { taskTypeId: number; assetTypeId: number; assetId: number; clientId: number; siteId: number };
let jobSeq = 0;

/** A job of the office with one submitted task of the division whose preview is ready: approvable. */
async function submittedTask(officeId: number, divisionId: number, status = 8): Promise<number> {
  return inTransaction(t.app.db, null, async (tx) => {
    const [job] = await queryRows<{ id: number }>(
      tx,
      sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
          values (${t.demo.id}::int, ${`N-${++jobSeq}`}, 'Numbers test job', ${fixture.clientId}::int, ${fixture.siteId}::int, now(),
                  ${officeId}::int, ${account('FIELD-ENGG')}::int)
          returning id`,
    );
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, asset_type_id, asset_id, site_id, inspector_id,
                             status, certificate_status, observation_type)
          values (${t.demo.id}::int, ${job.id}::int, 'Numbers test', ${fixture.taskTypeId}::int, ${divisionId}::int,
                  ${fixture.assetTypeId}::int, ${fixture.assetId}::int, ${fixture.siteId}::int, ${account('FIELD-ENGG')}::int,
                  ${status}::int, 13, 1024)
          returning id`,
    );
    // A submitted task holds its complete inspection (DECISIONS 9), or approval refuses it.
    const { checklist, result } = await completedChecklist(tx, t.demo.id, fixture.taskTypeId, { inspectorId: account('FIELD-ENGG') });
    await tx.execute(
      sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb, result = ${result}::int where id = ${task.id}::int`,
    );
    return Number(task.id);
  });
}

/** Marks a number as used by a task that is not being approved (an older certificate). */
async function takeCertificateNumber(number: string) {
  const id = await submittedTask(dubai(), lifting(), 1);
  await t.app.db.execute(sql`update tasks set certificate_number = ${number} where id = ${id}::int`);
}

async function approve(ids: number[]): Promise<string[]> {
  const answers = await Promise.all(ids.map((id) => approver.post(`/api/approvetaskweb?id=${id}`)));
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  return answers.map((a) => a.json().certificateNumber as string);
}

const codeOf = async (table: 'offices' | 'divisions', id: number) =>
  (await queryRows<{ code: string }>(t.app.db, sql`select code from ${sql.raw(table)} where id = ${id}::int`))[0].code;
const sequenceNumber = async (officeId: number, name: string, divisionId: number | null = null) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select current_number as n from number_sequences where office_id = ${officeId}::int and name = ${name}
             and coalesce(division_id, 0) = coalesce(${divisionId}::int, 0)`,
      )
    )[0]?.n ?? 0,
  );

function jobBody(officeId: number): ScheduleBody {
  return {
    customerId: t.demo.clients[0].id,
    siteId: t.demo.clients[0].siteIds[0],
    startDate: '2026-11-20T08:00:00.000Z',
    duration: 1,
    secondaryOfficeId: officeId,
    officeId,
    mainInspectorId: account('FIELD-ENGG'),
    inspectorIds: [],
    type: 1,
    timeZone: 'Asia/Dubai',
  };
}
async function saveJobs(officeId: number, count: number): Promise<string[]> {
  const answers = await Promise.all(Array.from({ length: count }, () => scheduler.post('/api/Schedule', jobBody(officeId))));
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  return answers.map((a) => (a.json() as ScheduleSaveAnswer).schedule.jobNumber);
}

async function saveOffice(id: number, changes: Record<string, unknown>): Promise<OfficeRow> {
  const row = (await master.get(`/api/Location/${id}`)).json();
  const response = await master.post('/api/Location/addNewLoOffice', { ...row, ...changes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function saveDivision(body: Record<string, unknown>): Promise<DivisionRow> {
  const response = await master.post('/api/Setting', { objectType: 'Division', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestContext();
  [master, scheduler, approver] = await Promise.all(
    ['master_admin@demo.test', 'scheduler@demo.test', 'approver@demo.test'].map((e) => t.login(e)),
  );
  const [type] = await queryRows<{ id: number; asset_type_id: number }>(
    t.app.db,
    sql`select id, asset_type_id from task_types where namespace_id = ${t.demo.id}::int and status = 1 and asset_type_id is not null
         and name <> 'LLG' and name not like 'llg-%' order by id limit 1`,
  );
  const client = t.demo.clients[0];
  const [asset] = await inTransaction(t.app.db, null, (tx) =>
    queryRows<{ id: number }>(
      tx,
      sql`insert into assets (namespace_id, company_id, site_id, asset_type_id, name)
          values (${t.demo.id}::int, ${client.id}::int, ${client.siteIds[0]}::int, ${type.asset_type_id}::int, 'Numbers test asset')
          returning id`,
    ),
  );
  fixture = {
    taskTypeId: Number(type.id),
    assetTypeId: Number(type.asset_type_id),
    assetId: Number(asset.id),
    clientId: client.id,
    siteId: client.siteIds[0],
  };
});
afterAll(async () => t.close());

describe('offices whose derived codes would be the same', () => {
  it('get distinct codes, and approving tasks of both issues distinct certificate numbers, never a 500', async () => {
    // The tester's case: two offices, no acronyms, names starting with the same three letters.
    expect((await saveOffice(dubai(), { acronymCode: '' })).code).toBe('DUB');
    expect((await saveOffice(abuDhabi(), { name: 'Dubai Airport Office', acronymCode: null })).code).toBe('DUB2');

    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await submittedTask(dubai(), lifting()), await submittedTask(abuDhabi(), lifting()));
    const numbers = await approve(ids);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers.filter((n) => n.startsWith(`DUB-LFT-${year}-`))).toHaveLength(3);
    expect(numbers.filter((n) => n.startsWith(`DUB2-LFT-${year}-`))).toHaveLength(3);
    // Approving again afterwards still works: no number was left colliding.
    expect(await approve([await submittedTask(dubai(), lifting()), await submittedTask(abuDhabi(), lifting())])).toHaveLength(2);
  });

  it('number jobs of both offices apart', async () => {
    const [a, b] = [await saveJobs(dubai(), 3), await saveJobs(abuDhabi(), 3)];
    expect(a.every((n) => n.startsWith(`DUB-${year}-`))).toBe(true);
    expect(b.every((n) => n.startsWith(`DUB2-${year}-`))).toBe(true);
    expect(new Set([...a, ...b]).size).toBe(6);
  });
});

describe('a number already used is skipped', () => {
  it('certificates: the next free number is issued and the sequence moves there', async () => {
    const prefix = `${await codeOf('offices', dubai())}-${await codeOf('divisions', lifting())}-${year}-`;
    const current = await sequenceNumber(dubai(), 'CERTIFICATE', lifting());
    for (const n of [1, 2, 4]) await takeCertificateNumber(`${prefix}${five(current + n)}`);
    const first = await approve([await submittedTask(dubai(), lifting())]);
    expect(first).toEqual([`${prefix}${five(current + 3)}`]);
    const second = await approve([await submittedTask(dubai(), lifting())]);
    expect(second).toEqual([`${prefix}${five(current + 5)}`]);
    expect(await sequenceNumber(dubai(), 'CERTIFICATE', lifting())).toBe(current + 5);
  });

  it('jobs: 20 concurrent saves get 20 distinct numbers, none of those already used', async () => {
    const prefix = `${await codeOf('offices', dubai())}-${year}-`;
    const current = await sequenceNumber(dubai(), 'JOB');
    const taken = [1, 3, 4, 9].map((n) => `${prefix}${five(current + n)}`);
    for (const number of taken) {
      await submittedTask(dubai(), lifting(), 1);
      await t.app.db.execute(sql`update jobs set job_number = ${number} where job_number = ${`N-${jobSeq}`}`);
    }
    const numbers = await saveJobs(dubai(), 20);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.filter((n) => taken.includes(n))).toEqual([]);
    // Dense: the 20 free numbers after the old current one, around the 4 used ones.
    const free = Array.from({ length: 24 }, (_, i) => `${prefix}${five(current + 1 + i)}`).filter((n) => !taken.includes(n));
    expect([...numbers].sort()).toEqual(free);
  });

  it('a new office given an archived office’s code continues after that office’s numbers', async () => {
    const create = async (name: string) => {
      const response = await master.post('/api/Location/addNewLoOffice', { name, street: 'x' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as OfficeRow;
    };
    const old = await create('Seeb Office');
    const allocate = (officeId: number) =>
      inTransaction(t.app.db, null, async (tx) => {
        const number = await allocateJobNumber(tx, t.demo.id, { officeId, year });
        await tx.execute(
          sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
              values (${t.demo.id}::int, ${number}, 'Seeb job', ${fixture.clientId}::int, ${fixture.siteId}::int, now(), ${officeId}::int,
                      ${account('FIELD-ENGG')}::int)`,
        );
        return number;
      });
    expect([await allocate(old.id), await allocate(old.id)]).toEqual([`SEE-${year}-00001`, `SEE-${year}-00002`]);
    // An office running active jobs is not archived (in-use check); once its jobs are closed it is.
    expect((await master.delete(`/api/Location/deleteLoOffice/${old.id}`)).statusCode).toBe(409);
    await t.app.db.execute(sql`update jobs set status = ${JOB_STATUS.CLOSED}::int where office_id = ${old.id}::int`);
    expect((await master.delete(`/api/Location/deleteLoOffice/${old.id}`)).statusCode).toBe(200);
    const reopened = await create('Seeb Souq Office');
    expect(reopened.code).toBe('SEE');
    expect(await allocate(reopened.id)).toBe(`SEE-${year}-00003`);
  });

  it('codes that read alike across a hyphen (Q-R + S, Q + R-S) still get distinct certificate numbers', async () => {
    const qr = await master.post('/api/Location/addNewLoOffice', { name: 'Quriyat Office', street: 'x', acronymCode: 'Q-R' });
    const q = await master.post('/api/Location/addNewLoOffice', { name: 'Qalhat Office', street: 'x', acronymCode: 'Q' });
    const s = await saveDivision({ name: 'Surveys', acronymCode: 'S' });
    const rs = await saveDivision({ name: 'Rescue Systems', acronymCode: 'R-S' });
    const numbers = await approve([
      await submittedTask(qr.json().id, s.id),
      await submittedTask(q.json().id, rs.id),
      await submittedTask(qr.json().id, s.id),
      await submittedTask(q.json().id, rs.id),
    ]);
    expect(numbers.every((n) => n.startsWith(`Q-R-S-${year}-`))).toBe(true);
    expect(new Set(numbers).size).toBe(4);
  });
});

describe('divisions whose derived codes would be the same', () => {
  it('get distinct codes, and their certificates distinct numbers', async () => {
    expect((await saveDivision({ id: lifting(), name: 'LIFTING', acronymCode: '' })).code).toBe('LIF');
    const trucks = await saveDivision({ name: 'Lift Trucks' });
    expect(trucks.code).toBe('LIF2');
    const office = await codeOf('offices', dubai());
    const numbers = await approve([
      await submittedTask(dubai(), lifting()),
      await submittedTask(dubai(), trucks.id),
      await submittedTask(dubai(), lifting()),
      await submittedTask(dubai(), trucks.id),
    ]);
    expect(numbers.filter((n) => n.startsWith(`${office}-LIF-${year}-`))).toHaveLength(2);
    expect(numbers.filter((n) => n.startsWith(`${office}-LIF2-${year}-`))).toHaveLength(2);
    expect(new Set(numbers).size).toBe(4);
  });
});

describe('bad input', () => {
  it('approvals: 400 for a malformed id, 404 for an unknown one or another namespace’s task', async () => {
    expect((await approver.post('/api/approvetaskweb?id=abc')).statusCode).toBe(400);
    expect((await approver.post('/api/approvetaskweb?id=99999999')).statusCode).toBe(404);
    const acme = t.acme;
    const acmeTask = await inTransaction(t.app.db, null, async (tx) => {
      const [job] = await queryRows<{ id: number }>(
        tx,
        sql`insert into jobs (namespace_id, job_number, name, customer_id, site_id, start_date, office_id, main_inspector_id)
            values (${acme.id}::int, 'ACME-N-1', 'Acme job', ${acme.clients[0].id}::int, ${acme.clients[0].siteIds[0]}::int, now(),
                    ${acme.offices[0].id}::int, ${acme.accounts['field-engg@acme.test']}::int)
            returning id`,
      );
      const [task] = await queryRows<{ id: number }>(
        tx,
        sql`insert into tasks (namespace_id, job_id, name, task_type_id, division_id, site_id, status, certificate_status)
            select ${acme.id}::int, ${job.id}::int, 'Acme task', id, division_id, ${acme.clients[0].siteIds[0]}::int, 8, 13
              from task_types where namespace_id = ${acme.id}::int and division_id is not null order by id limit 1
            returning id`,
      );
      return Number(task.id);
    });
    const foreign = await approver.post(`/api/approvetaskweb?id=${acmeTask}`);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(await sequenceNumber(acme.offices[0].id, 'CERTIFICATE', acme.divisions[0].id)).toBe(0);
  });

  it('job saves: 400 for another namespace’s office or a wrong type, never 500', async () => {
    const foreign = await scheduler.post('/api/Schedule', jobBody(t.acme.offices[0].id));
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().fields)).toEqual(['secondaryOfficeId']);
    const wrong = await scheduler.post('/api/Schedule', { ...jobBody(dubai()), secondaryOfficeId: 'DXB' });
    expect(wrong.statusCode).toBe(400);
  });

  it('the allocator answers 404 for another namespace’s office or division', async () => {
    await expect(
      inTransaction(t.app.db, null, (tx) => allocateJobNumber(tx, t.demo.id, { officeId: t.acme.offices[0].id, year })),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      inTransaction(t.app.db, null, (tx) =>
        allocateCertificateNumber(tx, t.demo.id, { officeId: dubai(), divisionId: t.acme.divisions[0].id, year }),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
