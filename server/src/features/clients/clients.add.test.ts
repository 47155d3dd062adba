import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, LOCATIONS, ROLES, rolesWith, USERS } from '@portal/contracts';
import { clientCompanies, files, mailOutbox, sites, users } from '../../db/schema';
import { IMAGE_MAX_BYTES } from '../../lib/files';
import { emblemPng } from '../../db/seed/emblem';
import { type Client, createTestContext, multipart, type TestContext } from '../../../test/helpers';

let t: TestContext;
let scheduler: Client;
beforeAll(async () => {
  t = await createTestContext();
  scheduler = await t.login('scheduler@demo.test');
});
afterAll(async () => t.close());

function newClient(name: string, usersRows: Record<string, unknown>[] = []) {
  return {
    Client: {
      name,
      street: 'Al Khail Road 5',
      city: 'Dubai',
      pin: 5555,
      acronymCode: name.slice(0, 3).toUpperCase(),
      officeIds: [t.demo.offices[0].id],
      timeZone: 'Asia/Dubai',
    },
    Site: { name: `${name} Main Yard`, street: 'Al Khail Road 5', city: 'Dubai', timeZone: 'Asia/Dubai' },
    Users: usersRows,
  };
}
const person = (email: string, role: string = 'CLIENT-USER') => ({
  roleId: t.demo.roleIds[role as 'CLIENT-USER'],
  name: email.split('@')[0],
  email,
  phone: '+971 4 1',
});

async function countWhere(table: typeof clientCompanies | typeof sites, name: string): Promise<number> {
  const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.name, name));
  return Number(row.n);
}

describe('POST /api/Location/addNewClient', () => {
  it('saves the client, its first site and its users, who get the new company and site and a welcome mail', async () => {
    const response = await scheduler.post(
      '/api/Location/addNewClient',
      newClient('Harbour Cranes LLC', [person('pat@harbour.test', 'CLIENT-USER'), person('lee@harbour.test', 'SITE-USER')]),
    );
    expect(response.statusCode).toBe(200);
    const { Client: client, Site: site, Users: saved } = response.json();
    expect(client).toMatchObject({
      objectType: 'CLIENT_COMPANY',
      name: 'Harbour Cranes LLC',
      officeIds: String(t.demo.offices[0].id),
      pin: 5555,
    });
    expect(site).toMatchObject({ objectType: 'SITE', name: 'Harbour Cranes LLC Main Yard', companyId: client.id, parentId: null });
    expect(saved).toHaveLength(2);
    for (const user of saved) expect(user).toMatchObject({ type: 1, companyId: client.id, siteIds: String(site.id), status: 1 });
    expect(saved.map((u: { designation: string }) => u.designation)).toEqual(['CLIENT-USER', 'SITE-USER']);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'pat@harbour.test'));
    expect(mails).toHaveLength(1);
    const list = await scheduler.get('/api/Location/view/count?objectType=CLIENT_COMPANY');
    expect(list.json()).toBe(4);
  });

  it('saves nothing when an e-mail repeats within the batch or exists already (409)', async () => {
    const inBatch = await scheduler.post(
      '/api/Location/addNewClient',
      newClient('Dune Lifting', [person('sam@dune.test'), person('SAM@dune.test')]),
    );
    expect(inBatch.statusCode).toBe(409);
    expect(inBatch.json()).toEqual({ error: USERS.duplicateEmail, fields: { 'Users.1.email': USERS.duplicateEmail } });
    const existing = await scheduler.post(
      '/api/Location/addNewClient',
      newClient('Dune Lifting', [person('kim@dune.test'), person('scheduler@demo.test')]),
    );
    expect(existing.statusCode).toBe(409);
    expect(existing.json().fields).toEqual({ 'Users.1.email': USERS.duplicateEmail });
    expect(await countWhere(clientCompanies, 'Dune Lifting')).toBe(0);
    expect(await countWhere(sites, 'Dune Lifting Main Yard')).toBe(0);
    const leftovers = await t.app.db.select().from(users).where(eq(users.email, 'kim@dune.test'));
    expect(leftovers).toEqual([]);
  });

  it('answers 400 with field messages, also for LO roles among the users, and saves nothing', async () => {
    const body = newClient('Oasis Rigging');
    const missing = await scheduler.post('/api/Location/addNewClient', {
      Client: { ...body.Client, street: '', officeIds: '' },
      Site: { name: '' },
      Users: [{ roleId: '', name: '', email: 'x' }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      'Client.street': 'Street is required',
      'Client.officeIds': 'LO Office is required',
      'Site.name': 'Site Name is required',
      'Users.0.roleId': 'Role is required',
      'Users.0.name': 'Name is required',
    });
    const loRole = await scheduler.post('/api/Location/addNewClient', newClient('Oasis Rigging', [person('ali@oasis.test', 'FIELD-ENGG')]));
    expect(loRole.statusCode).toBe(400);
    expect(loRole.json().fields).toHaveProperty('Users.0.roleId');
    expect(await countWhere(clientCompanies, 'Oasis Rigging')).toBe(0);
    const malformed = await scheduler.request({
      method: 'POST',
      url: '/api/Location/addNewClient',
      payload: '{"Client":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a duplicate client name (409) and roles without clients.create (403)', async () => {
    const duplicate = await scheduler.post('/api/Location/addNewClient', newClient(t.demo.clients[0].name.toLowerCase()));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(LOCATIONS.duplicateClientName);
    expect((await t.anonymous.post('/api/Location/addNewClient', newClient('Anon Co'))).statusCode).toBe(401);
    for (const role of ROLES.filter((r) => !rolesWith('clients.create').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await client.post('/api/Location/addNewClient', newClient(`By ${role}`))).statusCode, role).toBe(403);
    }
  });
});

describe('Add Client user rows are no back door', () => {
  it('gives only the client roles the caller may give elsewhere, and user rows only to roles with users.write', async () => {
    // SCHEDULER may not give CLIENT-ADMIN through POST /api/Users; nor through Add Client.
    const admin = await scheduler.post(
      '/api/Location/addNewClient',
      newClient('Backdoor Admin Co', [person('boss@backdoor.test', 'CLIENT-ADMIN')]),
    );
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error).toBe(USERS.roleNotAssignable);
    expect(await countWhere(clientCompanies, 'Backdoor Admin Co')).toBe(0);
    // FIELD-ENGG may add clients (clients.create) but not users.
    const engineer = await t.login('field-engg@demo.test');
    const withUsers = await engineer.post('/api/Location/addNewClient', newClient('Backdoor Users Co', [person('u@backdoor.test')]));
    expect(withUsers.statusCode).toBe(403);
    expect(withUsers.json().error).toBe(USERS.addClientUsersForbidden);
    expect(await countWhere(clientCompanies, 'Backdoor Users Co')).toBe(0);
    expect((await engineer.post('/api/Location/addNewClient', newClient('Engineer Found Co'))).statusCode).toBe(200);
  });
});

describe('hostile input on the Locations calls', () => {
  it('answers 400, never 500, for NUL characters and ids beyond the integer range, and writes nothing', async () => {
    const nul = await scheduler.post('/api/Location/addNewClient', newClient('Nul\u0000Co'));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBe('Text may not contain NUL characters');
    const huge = newClient('Huge Office Co');
    huge.Client.officeIds = [99_999_999_999];
    expect((await scheduler.post('/api/Location/addNewClient', huge)).statusCode).toBe(400);
    const hugeText = newClient('Huge Office Text Co') as unknown as { Client: Record<string, unknown> };
    hugeText.Client.officeIds = '99999999999';
    expect((await scheduler.post('/api/Location/addNewClient', hugeText)).statusCode).toBe(400);
    expect(await countWhere(clientCompanies, 'Huge Office Co')).toBe(0);
    expect((await scheduler.post('/api/Location/RoleConfig/a%00b')).statusCode).toBe(400);
    expect(
      (await scheduler.get('/api/Location/view?objectType=CLIENT_COMPANY&offset=0&limit=50&filter=%7B%22name%22%3A%22a%5Cu0000b%22%7D'))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /api/Location/RoleConfig/{clientName}', () => {
  it('creates an unlimited licence per client role once, and 404 for names not in the namespace', async () => {
    await scheduler.post('/api/Location/addNewClient', newClient('Falcon Hoists'));
    const response = await scheduler.post('/api/Location/RoleConfig/Falcon%20Hoists');
    expect(response.statusCode).toBe(200);
    // Licence counts are for CONFIG_ADMIN only (DECISIONS 4): the scheduler gets the confirmation.
    expect(response.json()).toEqual({ message: LOCATIONS.licenceConfigCreated, clientId: expect.any(Number), clientName: 'Falcon Hoists' });
    const configAdmin = await t.login('config_admin@demo.test');
    const body = (await configAdmin.post('/api/Location/RoleConfig/Falcon%20Hoists')).json();
    expect(body.licences.map((l: { roleName: string }) => l.roleName)).toEqual(['CLIENT-ADMIN', 'CLIENT-USER', 'REQUESTER', 'SITE-USER']);
    expect(body.licences.every((l: { licenceCount: number }) => l.licenceCount === -1)).toBe(true);
    const again = await configAdmin.post('/api/Location/RoleConfig/Falcon%20Hoists');
    expect(again.json().licences).toHaveLength(4);
    expect((await scheduler.post('/api/Location/RoleConfig/Nobody%20Ltd')).statusCode).toBe(404);
    expect((await scheduler.post(`/api/Location/RoleConfig/${encodeURIComponent(t.acme.clients[0].name)}`)).statusCode).toBe(404);
    const sales = await t.login('sales-person@demo.test');
    expect((await sales.post('/api/Location/RoleConfig/Falcon%20Hoists')).statusCode).toBe(403);
  });
});

describe('POST /api/Location/uploadImage/{id} (client logo)', () => {
  const png = emblemPng([0, 90, 160], 'diamond', 64);
  const upload = (client: Client, id: number, name: string, content: Buffer) => {
    const body = multipart('imageFile', name, content, 'image/png');
    return client.request({ method: 'POST', url: `/api/Location/uploadImage/${id}`, payload: body.payload, headers: body.headers });
  };

  it('replaces the logo, answers it as base64 and serves it from getImage', async () => {
    const client = t.demo.clients[0];
    const [before] = await t.app.db
      .select({ fileId: clientCompanies.logoFileId })
      .from(clientCompanies)
      .where(eq(clientCompanies.id, client.id));
    const response = await upload(scheduler, client.id, 'logo.png', png);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientLogoType: 'image/png', clientLogoFile: png.toString('base64') });
    const image = await (await t.login('client-user@demo.test')).get(`/api/Location/getImage/${client.id}`);
    expect(image.json().clientLogoFile).toBe(png.toString('base64'));
    const old = await t.app.db
      .select()
      .from(files)
      .where(eq(files.id, before.fileId as number));
    expect(old).toEqual([]);
  });

  it('refuses a PDF named .png (400), oversize (413), other namespaces (404) and roles without clients.logo (403)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const disguised = await upload(scheduler, t.demo.clients[1].id, 'logo.png', pdf);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error).toBe(FILES.invalidTypeOrSize);
    expect(
      (await upload(scheduler, t.demo.clients[1].id, 'logo.png', Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]))).statusCode,
    ).toBe(413);
    expect((await upload(scheduler, t.acme.clients[0].id, 'logo.png', png)).statusCode).toBe(404);
    expect((await upload(scheduler, 999999, 'logo.png', png)).statusCode).toBe(404);
    for (const role of ROLES.filter((r) => !rolesWith('clients.logo').includes(r))) {
      const client = await t.login(`${role.toLowerCase()}@demo.test`);
      expect((await upload(client, t.demo.clients[1].id, 'logo.png', png)).statusCode, role).toBe(403);
    }
  });
});
