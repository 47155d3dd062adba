import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, FILES, REGISTRATION, type RegistrationRow, ROLES } from '@portal/contracts';
import {
  assetTypes,
  configurations,
  divisions,
  mailOutbox,
  namespaces,
  numberSequences,
  offices,
  roles,
  sessions,
  taskTypes,
  users,
} from '../../db/schema';
import { emblemPng } from '../../db/seed/emblem';
import { conflict } from '../../lib/errors';
import { type Client, createTestContext, filterHeader, multipart, secondInstance, type TestContext } from '../../../test/helpers';
import { registrationTestHooks } from './registration.service';

let t: TestContext;
let master: Client;
let acmeMaster: Client;

beforeAll(async () => {
  t = await createTestContext();
  [master, acmeMaster] = await Promise.all(['master_admin@demo.test', 'master_admin@acme.test'].map((email) => t.login(email)));
});
afterAll(async () => t.close());
afterEach(() => {
  registrationTestHooks.afterDefaults = undefined;
});

let serial = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Priya Nair',
  mobilenumber: '+971 50 123 4567',
  namespace: `north-${++serial}`,
  companyname: 'North Lifting Services',
  companyaddress: 'Jebel Ali, Dubai',
  companywebsite: 'https://north.example',
  projectname: 'Port cranes',
  projectaddress: 'Jebel Ali Port',
  projectwebsite: null,
  projectreraregistration: 'PO-77',
  currentprojectphase: 'STRUCTURAL',
  sourcetype: 1,
  userdesignation: 'Managing Director',
  email: 'ignored@example.com',
  ...overrides,
});

async function register(overrides: Record<string, unknown> = {}): Promise<RegistrationRow> {
  const response = await master.post('/api/CustomerRegistration', body(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Reads the set-password link of the latest mail to `email` and sets the password through it. */
async function setPasswordFromMail(email: string, password: string) {
  const [mail] = await t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const link = /https?:\/\/\S+\/login\?setPassword=([^&\s]+)&otp=(\d{6})/.exec(mail.textBody);
  expect(link, mail.textBody).not.toBeNull();
  const [, encodedEmail, otp] = link as RegExpExecArray;
  expect(decodeURIComponent(encodedEmail)).toBe(email);
  const reset = await t.anonymous.post('/api/resetPassword', { email, newPassword: password, otp });
  expect(reset.statusCode, reset.body).toBe(200);
  return mail;
}

const totals = async () => {
  const [n, u, r, c, s] = await Promise.all(
    [namespaces, users, roles, configurations, numberSequences].map((table) => t.app.db.select({ n: count() }).from(table)),
  );
  return { namespaces: n[0].n, users: u[0].n, roles: r[0].n, configurations: c[0].n, sequences: s[0].n };
};

describe('customer registration: list', () => {
  it('lists every namespace (demo and acme) by id, 10 a page, with the spec fields', async () => {
    const response = await master.get('/api/CustomerRegistration?offset=0&limit=10');
    expect(response.statusCode, response.body).toBe(200);
    const rows: RegistrationRow[] = response.json();
    const names = rows.map((r) => r.namespace);
    expect(names.slice(0, 2)).toEqual(['demo', 'acme']);
    const acme = rows.find((r) => r.namespace === 'acme') as RegistrationRow;
    expect(acme).toMatchObject({ companyname: 'Acme Lifting & Certification', email: 'acme@demo.test', currentstate: 1, operator: false });
    expect(rows[0].operator).toBe(true);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('filters each column by text and sorts by any column', async () => {
    const byNamespace = await master.get('/api/CustomerRegistration', filterHeader({ namespace: 'acm' }));
    expect(byNamespace.json().map((r: RegistrationRow) => r.namespace)).toEqual(['acme']);
    const count = await master.get('/api/CustomerRegistration/count', filterHeader({ namespace: 'acm' }));
    expect(count.json()).toBe(1);
    const byCompany = await master.get('/api/CustomerRegistration', filterHeader({ companyname: 'DEMO inspection' }));
    expect(byCompany.json().map((r: RegistrationRow) => r.namespace)).toEqual(['demo']);
    const bySource = await master.get('/api/CustomerRegistration', filterHeader({ sourcetype: 'non lite' }));
    expect(bySource.json().length).toBeGreaterThanOrEqual(2);
    const noLite = await master.get('/api/CustomerRegistration', filterHeader({ sourcetype: 'xyz' }));
    expect(noLite.json()).toEqual([]);
    const sorted = await master.get('/api/CustomerRegistration?sortField=namespace&sortOrder=desc&offset=0&limit=-1');
    const names = sorted.json().map((r: RegistrationRow) => r.namespace);
    expect(names).toEqual([...names].sort().reverse());
    const all = await master.get('/api/CustomerRegistration?offset=-1&limit=-1');
    expect(all.json().length).toBe((await master.get('/api/CustomerRegistration/count')).json());
  });

  it('refuses an unknown filter key, sort field or a malformed paging value (400)', async () => {
    for (const response of [
      await master.get('/api/CustomerRegistration', filterHeader({ password: 'x' })),
      await master.get('/api/CustomerRegistration?sortField=passwordHash'),
      await master.get('/api/CustomerRegistration?limit=ten'),
      await master.get('/api/CustomerRegistration/count', { filter: '%7Bnot json' }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });
});

describe('customer registration: access', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/CustomerRegistration'],
    ['GET', '/api/CustomerRegistration/count'],
    ['GET', '/api/CustomerRegistration/1'],
    ['POST', '/api/CustomerRegistration', body()],
    ['PUT', '/api/CustomerRegistration', { ...body(), id: 1 }],
    ['DELETE', '/api/CustomerRegistration/2'],
    ['GET', '/api/CustomerRegistration/getImage/1'],
  ];

  it('answers 401 without a session', async () => {
    for (const [method, url, payload] of calls) {
      const response = await t.anonymous.request({ method: method as 'GET', url, payload: payload as object });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses another namespace's MASTER_ADMIN (403): the role alone is not enough", async () => {
    for (const [method, url, payload] of calls) {
      const response = await acmeMaster.request({ method: method as 'GET', url, payload: payload as object });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe(REGISTRATION.operatorOnly);
    }
    // acme's session user does not see the screen.
    const me = await acmeMaster.get('/api/login');
    expect(me.json()[0].operator).toBe(false);
    expect((await master.get('/api/login')).json()[0].operator).toBe(true);
    // And acme is untouched by the attempts.
    const [acme] = await t.app.db.select({ status: namespaces.status }).from(namespaces).where(eq(namespaces.name, 'acme'));
    expect(acme.status).toBe(1);
  });

  it('refuses every other role of the operator namespace (403)', async () => {
    const others = ROLES.filter((role) => role !== 'MASTER_ADMIN');
    const wrong: string[] = [];
    for (const role of others) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      const response = await client.get('/api/CustomerRegistration');
      if (response.statusCode !== 403) wrong.push(`${role}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 for an id that is no namespace', async () => {
    expect((await master.get('/api/CustomerRegistration/999999')).statusCode).toBe(404);
    expect((await master.delete('/api/CustomerRegistration/999999')).statusCode).toBe(404);
    expect((await master.put('/api/CustomerRegistration', { ...body(), id: 999999 })).statusCode).toBe(404);
    expect((await master.get('/api/CustomerRegistration/getImage/999999')).statusCode).toBe(404);
  });
});

describe('customer registration: register', () => {
  it('creates the namespace with its defaults and administrator, mails a set-password link, and the administrator signs in to an empty portal', async () => {
    const row = await register({ namespace: 'northwind' });
    expect(row).toMatchObject({
      namespace: 'northwind',
      email: 'northwind@demo.test',
      name: 'Priya Nair',
      companyname: 'North Lifting Services',
      projectreraregistration: 'PO-77',
      currentprojectphase: 'STRUCTURAL',
      sourcetype: 1,
      currentstate: 1,
      operator: false,
    });
    const id = row.id;
    const db = t.app.db;
    const countIn = async (table: typeof roles | typeof offices | typeof divisions | typeof configurations | typeof numberSequences) =>
      (await db.select({ n: count() }).from(table).where(eq(table.namespaceId, id)))[0].n;
    expect(await countIn(roles)).toBe(14);
    expect(await countIn(offices)).toBe(1);
    expect(await countIn(divisions)).toBe(1);
    expect(await countIn(numberSequences)).toBe(2);
    const configNames = (await db.select({ name: configurations.name }).from(configurations).where(eq(configurations.namespaceId, id))).map(
      (c) => c.name,
    );
    expect(configNames.sort()).toEqual(['dashboardConfiguration', 'namespaceFeatures', 'webUIAccessConfiguration']);
    const [llgAsset] = await db.select().from(assetTypes).where(eq(assetTypes.namespaceId, id));
    expect(llgAsset).toMatchObject({ name: 'LLG', category: 'LLG' });
    const [llgTask] = await db.select().from(taskTypes).where(eq(taskTypes.namespaceId, id));
    expect(llgTask).toMatchObject({ name: 'LLG', assetTypeId: llgAsset.id });
    const [admin] = await db.select().from(users).where(eq(users.namespaceId, id));
    expect(admin).toMatchObject({ email: 'northwind@demo.test', passwordHash: null, status: 1 });

    // No password yet: signing in fails until the link is used.
    expect((await t.anonymous.post('/api/weblogin', { email: 'northwind', password: 'secret77' })).statusCode).toBe(401);
    const mail = await setPasswordFromMail('northwind@demo.test', 'secret77');
    expect(mail.subject).toBe(REGISTRATION.setPasswordSubject('North Lifting Services'));
    // A bare namespace signs its administrator in (DECISIONS 3).
    const newAdmin = await t.login('northwind', 'secret77');
    const [me] = (await newAdmin.get('/api/login')).json();
    expect(me).toMatchObject({ email: 'northwind@demo.test', role: 'CONFIG_ADMIN', namespace: 'northwind', operator: false });
    // The portal works and is empty, with the default catalogue.
    const clients = await newAdmin.get('/api/Location/view?objectType=CLIENT_COMPANY');
    expect(clients.statusCode, clients.body).toBe(200);
    expect(clients.json()).toEqual([]);
    const types = await newAdmin.get('/api/Setting?objectType=TASK_TYPE');
    expect(types.statusCode, types.body).toBe(200);
    expect(JSON.stringify(types.json())).toContain('LLG');
    const sequenceRows = await newAdmin.get('/api/sequence');
    expect(
      sequenceRows
        .json()
        .map((s: { sequenceName: string }) => s.sequenceName)
        .sort(),
    ).toEqual(['CERTIFICATE', 'JOB']);
    // And it is not the operator: Customer Registration stays closed to it.
    expect((await newAdmin.get('/api/CustomerRegistration')).statusCode).toBe(403);
  });

  it('refuses bad input with 400 and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ namespace: 'ab' }, 'namespace'],
      [{ namespace: 'North' }, 'namespace'],
      [{ namespace: 'north_wind' }, 'namespace'],
      [{ namespace: 'a'.repeat(31) }, 'namespace'],
      [{ namespace: 'admin' }, 'namespace'],
      [{ namespace: 'api' }, 'namespace'],
      [{ currentprojectphase: 'INTERIOR' }, 'currentprojectphase'],
      [{ currentprojectphase: undefined }, 'currentprojectphase'],
      [{ sourcetype: 2 }, 'sourcetype'],
      [{ sourcetype: undefined }, 'sourcetype'],
      [{ name: '  ' }, 'name'],
      [{ companyname: undefined }, 'companyname'],
      [{ mobilenumber: 'call me' }, 'mobilenumber'],
    ];
    const before = await totals();
    for (const [overrides, field] of cases) {
      const response = await master.post('/api/CustomerRegistration', body(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(overrides)).toContain(field);
    }
    const raw = await master.request({
      method: 'POST',
      url: '/api/CustomerRegistration',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect(await totals()).toEqual(before);
  });

  it('refuses a namespace already registered (409), whatever its case', async () => {
    const response = await master.post('/api/CustomerRegistration', body({ namespace: 'acme' }));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toBe(REGISTRATION.namespaceTaken('acme'));
  });

  it('is one transaction: a failing step midway leaves no namespace, user, role, setting or sequence', async () => {
    const before = await totals();
    registrationTestHooks.afterDefaults = async () => {
      throw conflict('injected failure after the defaults');
    };
    const response = await master.post('/api/CustomerRegistration', body({ namespace: 'halfway' }));
    expect(response.statusCode, response.body).toBe(409);
    expect(await totals()).toEqual(before);
    expect(await t.app.db.select().from(namespaces).where(eq(namespaces.name, 'halfway'))).toEqual([]);
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'halfway@demo.test'))).toEqual([]);
  });

  it('rolls back when the administrator cannot be created (a constraint midway: the e-mail belongs to a user)', async () => {
    // A user of acme already has the address the new administrator would get.
    await t.app.db
      .insert(users)
      .values({ namespaceId: t.acme.id, email: 'taken-ns@demo.test', name: 'Taken', type: 1, roleId: t.acme.roleIds.SCHEDULER });
    const before = await totals();
    const response = await master.post('/api/CustomerRegistration', body({ namespace: 'taken-ns' }));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toBe(REGISTRATION.emailTaken('taken-ns@demo.test'));
    expect(await totals()).toEqual(before);
    // The name is free again once the address is: nothing of the failed attempt blocks it.
    await t.app.db.delete(users).where(eq(users.email, 'taken-ns@demo.test'));
    await register({ namespace: 'taken-ns' });
  });
});

describe('customer registration: update and deactivate', () => {
  it('updates the fields; the namespace name can not change', async () => {
    const row = await register();
    const response = await master.put('/api/CustomerRegistration', {
      ...body({ namespace: row.namespace, name: 'Omar Saleh', currentprojectphase: 'SNAGGING', sourcetype: 0, projectname: 'Harbour' }),
      id: row.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Omar Saleh', currentprojectphase: 'SNAGGING', sourcetype: 0, projectname: 'Harbour' });
    expect((await master.get(`/api/CustomerRegistration/${row.id}`)).json().name).toBe('Omar Saleh');
    const rename = await master.put('/api/CustomerRegistration', { ...body({ namespace: 'renamed-ns' }), id: row.id });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe(REGISTRATION.namespaceFixed);
    const bad = await master.put('/api/CustomerRegistration', { ...body({ namespace: row.namespace }), id: row.id, currentstate: 5 });
    expect(bad.statusCode).toBe(400);
  });

  it("deactivating ends the namespace's live sessions at once, on every instance, refuses sign-in and keeps the data", async () => {
    const row = await register();
    const email = `${row.namespace}@demo.test`;
    await setPasswordFromMail(email, 'secret77');
    const admin = await t.login(email, 'secret77');
    expect((await admin.get('/api/login')).statusCode).toBe(200);
    // A second instance with its own session cache holds a session of the same namespace.
    const other = await secondInstance(t, { SESSION_CACHE_MS: '60000' });
    try {
      const login = await other.inject({ method: 'POST', url: '/api/weblogin', payload: { email, password: 'secret77' } });
      const token = login.json().sessionId;
      const onOther = () => other.inject({ method: 'GET', url: '/api/login', headers: { authorization: `Bearer ${token}` } });
      expect((await onOther()).statusCode).toBe(200);

      const response = await master.delete(`/api/CustomerRegistration/${row.id}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(REGISTRATION.deleted);

      expect((await admin.get('/api/login')).statusCode).toBe(401);
      expect((await onOther()).statusCode).toBe(401);
      expect(await t.app.db.select().from(sessions).where(eq(sessions.namespaceId, row.id))).toEqual([]);
    } finally {
      await other.close();
    }
    const signIn = await t.anonymous.post('/api/weblogin', { email, password: 'secret77' });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().error).toBe(AUTH.namespaceSuspended);
    expect(AUTH.namespaceSuspended).toBe('Your company account is inactive');
    // The data stays, and the row shows Inactive.
    expect((await t.app.db.select().from(users).where(eq(users.namespaceId, row.id))).length).toBe(1);
    expect((await master.get(`/api/CustomerRegistration/${row.id}`)).json().currentstate).toBe(0);
    // Reactivated, its administrator signs in again.
    const again = await master.put('/api/CustomerRegistration', { ...body({ namespace: row.namespace }), id: row.id, currentstate: 1 });
    expect(again.json().currentstate).toBe(1);
    expect((await t.anonymous.post('/api/weblogin', { email, password: 'secret77' })).statusCode).toBe(200);
  });

  it("refuses to deactivate the operator's own namespace (409)", async () => {
    const response = await master.delete(`/api/CustomerRegistration/${t.demo.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(REGISTRATION.operatorStaysActive);
    const put = await master.put('/api/CustomerRegistration', { ...body({ namespace: 'demo' }), id: t.demo.id, currentstate: 0 });
    expect(put.statusCode).toBe(409);
    expect((await master.get('/api/login')).statusCode).toBe(200);
  });
});

describe('customer registration: logo', () => {
  it('stores a .png logo checked by content and answers it as base64', async () => {
    const row = await register();
    const png = emblemPng([10, 120, 40], 'check', 64);
    const upload = multipart('imageFile', 'logo.png', png, 'image/png');
    const response = await master.request({ method: 'POST', url: `/api/CustomerRegistration/uploadImage/${row.id}`, ...upload });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.fileType).toBe('image/png');
    expect(Buffer.from(answer.loComanyLogo, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await master.get(`/api/CustomerRegistration/getImage/${row.id}`)).json()).toEqual(answer);
    expect((await master.get(`/api/CustomerRegistration/${row.id}`)).json().hasLogo).toBe(true);
  });

  it('refuses a file that is not an image by content, or too large', async () => {
    const row = await register();
    const fake = multipart('imageFile', 'logo.png', Buffer.from('not an image at all'), 'image/png');
    const response = await master.request({ method: 'POST', url: `/api/CustomerRegistration/uploadImage/${row.id}`, ...fake });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(FILES.invalidTypeOrSize);
    const big = multipart(
      'imageFile',
      'logo.png',
      Buffer.concat([emblemPng([1, 2, 3], 'check', 64), Buffer.alloc(5_242_881)]),
      'image/png',
    );
    const tooLarge = await master.request({ method: 'POST', url: `/api/CustomerRegistration/uploadImage/${row.id}`, ...big });
    expect(tooLarge.statusCode).toBe(413);
    expect((await master.get(`/api/CustomerRegistration/getImage/${row.id}`)).json()).toEqual({ fileType: null, loComanyLogo: null });
  });
});
