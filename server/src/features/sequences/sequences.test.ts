import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEQUENCES, type SequenceRow, SHELL } from '@portal/contracts';
import { numberSequences } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { raiseCurrentNumber } from './sequences.queries';
import { derivedCode, typedCode } from './codes';
import { allocateNumber, formatCertificateNumber, formatJobNumber } from './sequences.service';

let t: TestContext;
let master: Client;
let config: Client;
let loAdmin: Client;
let scheduler: Client;

beforeAll(async () => {
  t = await createTestContext();
  // Sign-ins hash passwords; in parallel they keep the set-up well inside the hook timeout.
  [master, config, loAdmin, scheduler] = await Promise.all(
    ['master_admin@demo.test', 'config_admin@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test'].map((email) => t.login(email)),
  );
});
afterAll(async () => t.close());

async function sequences(client: Client = master): Promise<SequenceRow[]> {
  const response = await client.get('/api/sequence');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const dubai = () => t.demo.offices[0];
const jobOf = async (officeId: number) =>
  (await sequences()).find((s) => s.officeId === officeId && s.sequenceName === 'JOB') as SequenceRow;

describe('sequence list', () => {
  it('lists every sequence of the namespace by office name, then sequence name', async () => {
    const rows = await sequences(config);
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => `${r.officeName}/${r.sequenceName}/${r.divisionName ?? '-'}`)).toEqual([
      'Abu Dhabi Office/CERTIFICATE/LIFTING',
      'Abu Dhabi Office/CERTIFICATE/MACHINERY',
      'Abu Dhabi Office/CERTIFICATE/PRESSURE',
      'Abu Dhabi Office/JOB/-',
      'Dubai Office/CERTIFICATE/LIFTING',
      'Dubai Office/CERTIFICATE/MACHINERY',
      'Dubai Office/CERTIFICATE/PRESSURE',
      'Dubai Office/JOB/-',
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      sequenceName: 'CERTIFICATE',
      officeId: t.demo.offices[1].id,
      officeName: 'Abu Dhabi Office',
      divisionId: t.demo.divisions[0].id,
      divisionName: 'LIFTING',
      sequenceNumber: 0,
      modifiedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const acmeOffices = t.acme.offices.map((o) => o.id);
    expect(rows.some((r) => acmeOffices.includes(r.officeId))).toBe(false);
  });

  it('answers 401 without a session and 403 to roles without the Admin screens', async () => {
    expect((await t.anonymous.get('/api/sequence')).statusCode).toBe(401);
    expect((await loAdmin.get('/api/sequence')).statusCode).toBe(403);
    expect((await scheduler.get('/api/sequence')).statusCode).toBe(403);
  });
});

describe('saving a sequence', () => {
  it('changes only the Current Number, upwards or unchanged', async () => {
    const job = await jobOf(dubai().id);
    const response = await master.post('/api/sequence', { ...job, sequenceNumber: 41, sequenceName: 'HACKED', officeName: 'x' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: job.id, sequenceName: 'JOB', officeName: 'Dubai Office', sequenceNumber: 41 });
    expect((await jobOf(dubai().id)).sequenceNumber).toBe(41);
    expect((await config.post('/api/sequence', { id: job.id, sequenceNumber: 41 })).statusCode).toBe(200);
    expect((await config.post('/api/sequence', { id: job.id, sequenceNumber: '45' })).json().sequenceNumber).toBe(45);
  });

  it('refuses a number below the current one with 400 and the spec’s minimum', async () => {
    const job = await jobOf(t.demo.offices[1].id);
    await master.post('/api/sequence', { id: job.id, sequenceNumber: 10 });
    const response = await master.post('/api/sequence', { id: job.id, sequenceNumber: 9 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: SEQUENCES.belowCurrent(10), fields: { sequenceNumber: SEQUENCES.belowCurrent(10) } });
    expect((await jobOf(t.demo.offices[1].id)).sequenceNumber).toBe(10);
  });

  it('answers 400 with field messages for wrong types and missing fields', async () => {
    const job = await jobOf(dubai().id);
    const text = await master.post('/api/sequence', { id: job.id, sequenceNumber: 'abc' });
    expect(text.json().fields).toEqual({ sequenceNumber: 'Current Number must be a number' });
    const fraction = await master.post('/api/sequence', { id: job.id, sequenceNumber: 50.5 });
    expect(fraction.json().fields).toEqual({ sequenceNumber: 'Current Number must be a whole number' });
    const missing = await master.post('/api/sequence', { id: job.id });
    expect(missing.json()).toEqual({ error: 'Current Number is required', fields: { sequenceNumber: 'Current Number is required' } });
    const noId = await master.post('/api/sequence', { sequenceNumber: 3 });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields.id).toBe('id is required');
    const malformed = await master.request({
      method: 'POST',
      url: '/api/sequence',
      payload: '{"id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 for unknown ids and another namespace’s sequences', async () => {
    expect((await master.post('/api/sequence', { id: 999999, sequenceNumber: 5 })).statusCode).toBe(404);
    const [acme] = await t.app.db
      .select({ id: numberSequences.id, currentNumber: numberSequences.currentNumber })
      .from(numberSequences)
      .where(eq(numberSequences.namespaceId, t.acme.id))
      .limit(1);
    const response = await master.post('/api/sequence', { id: acme.id, sequenceNumber: 500 });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(SHELL.notFound);
    const [after] = await t.app.db.select().from(numberSequences).where(eq(numberSequences.id, acme.id));
    expect(after.currentNumber).toBe(acme.currentNumber);
  });

  it('answers 401 without a session and 403 to LO-ADMIN and SCHEDULER', async () => {
    const job = await jobOf(dubai().id);
    const body = { id: job.id, sequenceNumber: job.sequenceNumber + 100 };
    expect((await t.anonymous.post('/api/sequence', body)).statusCode).toBe(401);
    expect((await loAdmin.post('/api/sequence', body)).statusCode).toBe(403);
    expect((await scheduler.post('/api/sequence', body)).statusCode).toBe(403);
    expect((await jobOf(dubai().id)).sequenceNumber).toBe(job.sequenceNumber);
  });

  it('never lowers a number that an allocation moved past meanwhile', async () => {
    const job = await jobOf(dubai().id);
    const ctx = { namespaceId: t.demo.id, userId: 0, role: 'MASTER_ADMIN' as const, companyId: null, siteIds: null };
    await allocateNumber(t.app.db, t.demo.id, { officeId: dubai().id, name: 'JOB' });
    // The screen still shows the old number; the guarded write refuses it.
    expect(await raiseCurrentNumber(t.app.db, ctx, job.id, job.sequenceNumber)).toBe(false);
    expect((await jobOf(dubai().id)).sequenceNumber).toBe(job.sequenceNumber + 1);
    expect(await raiseCurrentNumber(t.app.db, ctx, job.id, job.sequenceNumber + 1)).toBe(true);
  });
});

describe('allocating numbers', () => {
  it('gives 50 concurrent allocations 50 distinct consecutive numbers, creating the sequence at 1', async () => {
    const input = { officeId: dubai().id, divisionId: t.demo.divisions[0].id, name: 'Test' };
    const numbers = await Promise.all(Array.from({ length: 50 }, () => allocateNumber(t.app.db, t.demo.id, input)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const created = (await sequences()).find((s) => s.sequenceName === 'TEST');
    expect(created).toMatchObject({ officeName: 'Dubai Office', divisionName: 'LIFTING', sequenceNumber: 50 });
  });

  it('continues an existing sequence from the number set on the screen', async () => {
    const job = await jobOf(t.demo.offices[1].id);
    await master.post('/api/sequence', { id: job.id, sequenceNumber: 200 });
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => allocateNumber(t.app.db, t.demo.id, { officeId: t.demo.offices[1].id, name: 'JOB' })),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 201 + i));
    const below = await master.post('/api/sequence', { id: job.id, sequenceNumber: 210 });
    expect(below.json().error).toBe(SEQUENCES.belowCurrent(220));
  });

  it('refuses offices and divisions of another namespace', async () => {
    await expect(allocateNumber(t.app.db, t.demo.id, { officeId: t.acme.offices[0].id, name: 'JOB' })).rejects.toBeInstanceOf(AppError);
    await expect(
      allocateNumber(t.app.db, t.demo.id, { officeId: dubai().id, divisionId: t.acme.divisions[0].id, name: 'CERTIFICATE' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await sequences()).filter((s) => s.officeId === t.acme.offices[0].id)).toEqual([]);
  });

  it('formats job and certificate numbers as DECISIONS 6 says', () => {
    expect(formatJobNumber({ officeCode: 'DXB', year: 2026, number: 42 })).toBe('DXB-2026-00042');
    expect(formatCertificateNumber({ officeCode: 'DXB', divisionCode: 'LFT', year: 2026, number: 7 })).toBe('DXB-LFT-2026-00007');
    expect(formatJobNumber({ officeCode: 'AUH', year: 2027, number: 123456 })).toBe('AUH-2027-123456');
    expect(typedCode(' dxb ')).toBe('DXB');
    expect(typedCode('  ')).toBeNull();
    expect(derivedCode('Abu Dhabi Office')).toBe('ABU');
    expect(derivedCode('A-1 b')).toBe('A1B');
    expect(derivedCode('--')).toBe('X');
  });
});
