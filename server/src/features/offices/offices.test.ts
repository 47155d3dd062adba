import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICES, type OfficeRow, SHELL, VALIDATION } from '@portal/contracts';
import { type Client, createTestContext, filterHeader, type TestContext } from '../../../test/helpers';

let t: TestContext;
let master: Client;
let config: Client;
let loAdmin: Client;
let scheduler: Client;
let clientUser: Client;

const LIST = '/api/Location/view/loOffice?objectType=LO_OFFICE';
const SAVE = '/api/Location/addNewLoOffice';

beforeAll(async () => {
  t = await createTestContext();
  // Sign-ins hash passwords; in parallel they keep the set-up well inside the hook timeout.
  [master, config, loAdmin, scheduler, clientUser] = await Promise.all(
    ['master_admin@demo.test', 'config_admin@demo.test', 'lo-admin@demo.test', 'scheduler@demo.test', 'client-user@demo.test'].map(
      (email) => t.login(email),
    ),
  );
});
afterAll(async () => t.close());

async function list(client: Client, filter?: Record<string, unknown>): Promise<OfficeRow[]> {
  const response = await client.get(LIST, filter ? filterHeader(filter) : undefined);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function create(body: Record<string, unknown>): Promise<OfficeRow> {
  const response = await master.post(SAVE, { street: '1 Harbour Road', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('LO office list', () => {
  it('lists the namespace offices by name with the fields the screen shows', async () => {
    const rows = await list(master);
    expect(rows.map((r) => r.name)).toEqual(['Abu Dhabi Office', 'Dubai Office']);
    const dubai = rows[1];
    expect(dubai).toMatchObject({
      id: t.demo.offices[0].id,
      objectType: 'LO_OFFICE',
      acronymCode: 'DXB',
      street: 'Al Quoz Industrial Area 3',
      city: 'Dubai',
      country: 'United Arab Emirates',
      pin: 122001,
      status: 1,
      timeZone: 'Asia/Dubai',
      address: 'Al Quoz Industrial Area 3, Dubai, Dubai, United Arab Emirates, 122001',
      can: { edit: true, delete: true },
    });
    expect(new Date(dubai.createdDate).toISOString()).toBe(dubai.createdDate);
    expect(new Date(dubai.modifiedDate).toISOString()).toBe(dubai.modifiedDate);
  });

  it('never shows another namespace’s offices', async () => {
    const ids = (await list(config)).map((r) => r.id);
    for (const office of t.acme.offices) expect(ids).not.toContain(office.id);
  });

  it('filters by name and by code (or acronym_code), header or query parameter', async () => {
    expect((await list(master, { name: 'dub' })).map((r) => r.name)).toEqual(['Dubai Office']);
    expect((await list(master, { code: 'auh' })).map((r) => r.name)).toEqual(['Abu Dhabi Office']);
    expect((await list(master, { acronym_code: 'DX' })).map((r) => r.name)).toEqual(['Dubai Office']);
    expect(await list(master, { name: 'office', code: '%' })).toEqual([]);
    const query = await master.get(`${LIST}&filter=${encodeURIComponent(JSON.stringify({ name: 'abu' }))}`);
    expect(query.json().map((r: OfficeRow) => r.name)).toEqual(['Abu Dhabi Office']);
  });

  it('refuses unknown filter keys and malformed filters with 400', async () => {
    const unknown = await master.get(LIST, filterHeader({ city: 'Dubai' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(VALIDATION.unknownFilterKey('city'));
    const malformed = await master.get(LIST, { filter: '%7Bname' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(VALIDATION.invalidFilter);
    const wrongType = await master.get(`${LIST.split('?')[0]}?objectType=CLIENT_COMPANY`);
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 to roles without the Admin screens', async () => {
    expect((await t.anonymous.get(LIST)).statusCode).toBe(401);
    expect((await loAdmin.get(LIST)).statusCode).toBe(403);
    expect((await scheduler.get(LIST)).statusCode).toBe(403);
    expect((await clientUser.get(LIST)).statusCode).toBe(403);
  });
});

describe('LO office pickers and single office', () => {
  it('offers the active offices of the caller’s namespace to every role', async () => {
    const response = await clientUser.get('/api/Location/Object?objectType=LO_OFFICE');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: t.demo.offices[1].id, name: 'Abu Dhabi Office', acronymCode: 'AUH', objectType: 'LO_OFFICE' }),
      expect.objectContaining({ id: t.demo.offices[0].id, name: 'Dubai Office', acronymCode: 'DXB' }),
    ]);
  });

  it('answers one office by id, and 404 for another namespace’s office', async () => {
    const own = await scheduler.get(`/api/Location/${t.demo.offices[0].id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Dubai Office', can: { edit: false, delete: false } });
    const other = await master.get(`/api/Location/${t.acme.offices[0].id}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('saving an LO office', () => {
  it('creates an office with its time zone and shows it in the list and pickers', async () => {
    const row = await create({ name: 'Sohar Office', acronymCode: 'SOH', city: 'Sohar', pin: '311', timeZone: 'Asia/Muscat' });
    expect(row).toMatchObject({ name: 'Sohar Office', acronymCode: 'SOH', pin: 311, timeZone: 'Asia/Muscat', status: 1 });
    expect((await list(master)).map((r) => r.name)).toContain('Sohar Office');
    const options = (await scheduler.get('/api/Location/Object?objectType=LO_OFFICE')).json();
    expect(options.map((o: { id: number }) => o.id)).toContain(row.id);
  });

  it('updates an office by id', async () => {
    const row = await create({ name: 'Salalah Office', acronymCode: 'SLL' });
    const response = await config.post(SAVE, { ...row, name: 'Salalah Port Office', phone: '+968 2321 0000' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, name: 'Salalah Port Office', phone: '+968 2321 0000', acronymCode: 'SLL' });
    const again = (await list(master, { name: 'salalah' }))[0];
    expect(again.name).toBe('Salalah Port Office');
  });

  it('answers 400 with field messages for missing or wrong fields', async () => {
    const noName = await master.post(SAVE, { street: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ error: 'Name is required', fields: { name: 'Name is required' } });
    const blankStreet = await master.post(SAVE, { name: 'Nizwa Office', street: '  ' });
    expect(blankStreet.json().fields).toEqual({ street: 'Street is required' });
    const pinZero = await master.post(SAVE, { name: 'Nizwa Office', street: 'x', pin: 0 });
    expect(pinZero.statusCode).toBe(400);
    expect(pinZero.json().fields).toEqual({ pin: 'Pin must be at least 1' });
    const pinText = await master.post(SAVE, { name: 'Nizwa Office', street: 'x', pin: 'abc' });
    expect(pinText.json().fields).toEqual({ pin: 'Pin must be a number' });
    const nameNumber = await master.post(SAVE, { name: 5, street: 'x' });
    expect(nameNumber.statusCode).toBe(400);
    expect(nameNumber.json().fields.name).toBeDefined();
    const malformed = await master.request({
      method: 'POST',
      url: SAVE,
      payload: '{"name": "Nizwa',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(VALIDATION.invalidJson);
    expect((await list(master, { name: 'nizwa' })).length).toBe(0);
  });

  it('refuses a duplicate active name or code with 409', async () => {
    const name = await master.post(SAVE, { name: 'dubai office', street: 'x' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ error: OFFICES.duplicateName, fields: { name: OFFICES.duplicateName } });
    const code = await master.post(SAVE, { name: 'Jebel Ali Office', street: 'x', acronymCode: 'dxb' });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({
      error: OFFICES.codeTaken('DXB', 'Dubai Office'),
      fields: { acronymCode: OFFICES.codeTaken('DXB', 'Dubai Office') },
    });
    // Renaming an office to another's name is a duplicate too; keeping its own name is not.
    const abuDhabi = (await list(master, { name: 'abu' }))[0];
    expect((await master.post(SAVE, { ...abuDhabi, name: 'Dubai Office' })).statusCode).toBe(409);
    expect((await master.post(SAVE, { ...abuDhabi, phone: '+971 2 555 0000' })).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and another namespace’s offices', async () => {
    expect((await master.post(SAVE, { id: 999999, name: 'Ghost', street: 'x' })).statusCode).toBe(404);
    const acme = await master.post(SAVE, { id: t.acme.offices[0].id, name: 'Taken Over', street: 'x' });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().error).toBe(SHELL.notFound);
  });

  it('answers 401 without a session and 403 to LO-ADMIN and SCHEDULER', async () => {
    const body = { name: 'Nope Office', street: 'x' };
    expect((await t.anonymous.post(SAVE, body)).statusCode).toBe(401);
    expect((await loAdmin.post(SAVE, body)).statusCode).toBe(403);
    expect((await scheduler.post(SAVE, body)).statusCode).toBe(403);
    expect((await list(master, { name: 'nope' })).length).toBe(0);
  });
});

describe('office codes (DECISIONS 9): typed or derived, unique among active offices', () => {
  it('derives a free code for offices without an acronym whose names share their first letters', async () => {
    const first = await create({ name: 'Khasab Office' });
    const second = await create({ name: 'Khasab Port' });
    const third = await create({ name: 'kha-sab North', acronymCode: '  ' });
    expect([first, second, third].map((o) => [o.acronymCode, o.code])).toEqual([
      [null, 'KHA'],
      [null, 'KHA2'],
      [null, 'KHA3'],
    ]);
    // The list shows the code numbers print, and its Code filter finds derived codes.
    expect((await list(master, { code: 'kha2' })).map((o) => o.name)).toEqual(['Khasab Port']);
    // Saving again keeps a derived code; renaming keeps it while the letters stay the same.
    const again = await master.post(SAVE, { ...second, name: 'Khasab Harbour' });
    expect(again.json()).toMatchObject({ name: 'Khasab Harbour', code: 'KHA2' });
    // A name with other letters derives again; a typed acronym replaces the derived code.
    const renamed = await master.post(SAVE, { ...third, name: 'Lima Office' });
    expect(renamed.json()).toMatchObject({ code: 'LIM', acronymCode: null });
    const typed = await master.post(SAVE, { ...first, acronymCode: ' ksb ' });
    expect(typed.json()).toMatchObject({ code: 'KSB', acronymCode: 'ksb' });
    // KHA is free again, and the next derived code takes it.
    expect((await create({ name: 'Khatmat Office' })).code).toBe('KHA');
  });

  it('refuses a typed acronym another active office holds, typed or derived, naming that office (409)', async () => {
    await create({ name: 'Bahla Office' });
    const derived = await master.post(SAVE, { name: 'Barka Office', street: 'x', acronymCode: 'bah' });
    expect(derived.statusCode).toBe(409);
    expect(derived.json()).toEqual({
      error: OFFICES.codeTaken('BAH', 'Bahla Office'),
      fields: { acronymCode: OFFICES.codeTaken('BAH', 'Bahla Office') },
    });
    const typed = await master.post(SAVE, { name: 'Barka Office', street: 'x', acronymCode: 'AUH' });
    expect(typed.json().error).toBe(OFFICES.codeTaken('AUH', 'Abu Dhabi Office'));
    // Changing an existing office onto another's code is refused too; its own code is not.
    const abuDhabi = (await list(master, { name: 'abu' }))[0];
    expect((await master.post(SAVE, { ...abuDhabi, acronymCode: 'DXB' })).statusCode).toBe(409);
    expect((await master.post(SAVE, { ...abuDhabi, acronymCode: 'auh' })).statusCode).toBe(200);
    expect((await list(master, { name: 'barka' })).length).toBe(0);
    // Another namespace's codes do not count.
    const acme = await (await t.login('master_admin@acme.test')).post(SAVE, { name: 'Acme Nakhl', street: 'x', acronymCode: 'NKL' });
    expect(acme.statusCode, acme.body).toBe(200);
    expect((await create({ name: 'Nakhl Office', acronymCode: 'NKL' })).code).toBe('NKL');
  });

  it('gives simultaneous saves of look-alike names distinct codes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => master.post(SAVE, { name: `Ibri Office ${i + 1}`, street: 'x' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const codes = answers.map((a) => (a.json() as OfficeRow).code).sort();
    expect(codes).toEqual(['IBR', 'IBR2', 'IBR3', 'IBR4', 'IBR5', 'IBR6', 'IBR7', 'IBR8']);
  });

  it('frees the code of an archived office', async () => {
    const row = await create({ name: 'Sur Office' });
    expect(row.code).toBe('SUR');
    expect((await master.delete(`/api/Location/deleteLoOffice/${row.id}`)).statusCode).toBe(200);
    expect((await create({ name: 'Sur Harbour' })).code).toBe('SUR');
  });

  it('answers 400 for wrong types and lengths, never 500', async () => {
    for (const acronymCode of [7, { code: 'X' }, ['X'], 'X'.repeat(21)]) {
      const response = await master.post(SAVE, { name: 'Adam Office', street: 'x', acronymCode });
      expect(response.statusCode, JSON.stringify(acronymCode)).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['acronymCode']);
    }
  });
});

describe('deleting an LO office', () => {
  it('archives the office: it stays listed without actions, leaves the pickers and frees its name', async () => {
    const row = await create({ name: 'Ruwi Office', acronymCode: 'RUW' });
    const response = await master.delete(`/api/Location/deleteLoOffice/${row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: OFFICES.deleted });
    const listed = (await list(master, { name: 'ruwi' }))[0];
    expect(listed).toMatchObject({ id: row.id, status: 0, can: { edit: false, delete: false } });
    const options = (await master.get('/api/Location/Object?objectType=LO_OFFICE')).json();
    expect(options.map((o: { id: number }) => o.id)).not.toContain(row.id);
    // An archived office can no longer be edited, and its name and code may be used again.
    expect((await master.post(SAVE, { ...row, name: 'Ruwi Office 2' })).statusCode).toBe(409);
    expect((await master.post(SAVE, { name: 'Ruwi Office', street: 'y', acronymCode: 'RUW' })).statusCode).toBe(200);
    // Deleting again changes nothing and still answers success.
    expect((await master.delete(`/api/Location/deleteLoOffice/${row.id}`)).statusCode).toBe(200);
  });

  it('refuses with 409 while the office is the primary office of active users', async () => {
    const response = await config.delete(`/api/Location/deleteLoOffice/${t.demo.offices[0].id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(OFFICES.inUse);
    expect((await list(master, { code: 'DXB' }))[0].status).toBe(1);
  });

  it('answers 404 for unknown ids and another namespace’s offices, 401 and 403 otherwise', async () => {
    expect((await master.delete('/api/Location/deleteLoOffice/999999')).statusCode).toBe(404);
    expect((await master.delete(`/api/Location/deleteLoOffice/${t.acme.offices[1].id}`)).statusCode).toBe(404);
    const target = t.demo.offices[1].id;
    expect((await t.anonymous.delete(`/api/Location/deleteLoOffice/${target}`)).statusCode).toBe(401);
    expect((await loAdmin.delete(`/api/Location/deleteLoOffice/${target}`)).statusCode).toBe(403);
    expect((await scheduler.delete(`/api/Location/deleteLoOffice/${target}`)).statusCode).toBe(403);
    expect((await list(master, { code: 'AUH' }))[0].status).toBe(1);
  });
});
