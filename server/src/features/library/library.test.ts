import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_TEXT, type LibraryEntry } from '@portal/contracts';
import { describeAreaAccess } from '../../../test/areaKit';
import { type Client, createTestContext, type TestContext } from '../../../test/helpers';
import { queryRows } from '../../db/rows';
import type { SeededNamespace } from '../../demo/demo';
import { emblemPng } from '../../db/seed/emblem';
import { libraryPdf, librarySheet } from '../../demo/library';

let t: TestContext;
let admin: Client;
let clientAdmin: Client;
let png: Buffer;
let pdf: Buffer;
let xlsx: Buffer;
const folders: Record<string, { technical: number; report: number; pictorial: number }> = {};

/** A multipart body: the documentDTO part first (when given), then the files. */
function multipartFiles(parentId: number | null, parts: { field?: string; name: string; content: Buffer }[]) {
  const boundary = `----library${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (parentId !== null)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="documentDTO"\r\n\r\n${JSON.stringify({ parentId, tenantId: 2 })}\r\n`,
      ),
    );
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'technicalLibraryFile'}"; filename="${part.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (client: Client, parentId: number | null, parts: Parameters<typeof multipartFiles>[1]) => {
  const body = multipartFiles(parentId, parts);
  return client.request({ method: 'POST', url: '/api/document/saveFile', payload: body.payload, headers: body.headers });
};

const filesOf = async (client: Client, folderId: number) => {
  const response = await client.get(`/api/document/getEntityByParentId?parentId=${folderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LibraryEntry[];
};

const download = (client: Client, key: string) => client.get(`/api/filedownload?id=${encodeURIComponent(key)}`);

async function makeFolders(ns: SeededNamespace, client: Client) {
  const llg = (await client.get('/api/Setting/llgAsset')).json() as { label: string }[];
  expect(llg.length).toBeGreaterThan(1);
  const place = { clientId: ns.clients[0].id, siteId: ns.clients[0].siteIds[0] };
  const save = async (body: object) => {
    const response = await client.post('/api/document/saveEntity', body);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as LibraryEntry).id;
  };
  folders[ns.name] = {
    technical: await save({ name: llg[0].label, entityType: 'FOLDER', library: 'technical' }),
    report: await save({ name: 'Reports 2026', entityType: 'FOLDER', library: 'report', ...place }),
    pictorial: await save({ name: 'Trial fit', entityType: 'FOLDER', library: 'pictorial', ...place }),
  };
}

beforeAll(async () => {
  t = await createTestContext();
  [admin, clientAdmin] = await Promise.all(['lo-admin@demo.test', 'client-admin@demo.test'].map((e) => t.login(e)));
  png = emblemPng([20, 90, 160], 'check', 200);
  pdf = await libraryPdf('Data sheet', ['line']);
  xlsx = await librarySheet('Sheet', [['a', 1]]);
  await makeFolders(t.demo, admin);
  await makeFolders(t.acme, await t.login('lo-admin@acme.test'));
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('library folders', () => {
  it('names product technical information folders after loose-gear asset types without a folder, refusing duplicates in any case', async () => {
    const llg = (await admin.get('/api/Setting/llgAsset')).json() as { label: string }[];
    const duplicate = await admin.post('/api/document/saveEntity', { name: `  ${llg[0].label.toUpperCase()} `, library: 'technical' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(LIBRARY_TEXT.duplicateFolder);
    const free = await admin.post('/api/document/saveEntity', { name: 'My own folder', library: 'technical' });
    expect(free.statusCode).toBe(400);
    expect(free.json().error).toBe(LIBRARY_TEXT.notLlgType);
    const second = await admin.post('/api/document/saveEntity', { name: ` ${llg[1].label} `, library: 'technical' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().name).toBe(llg[1].label);
    const list = (await clientAdmin.get('/api/document/getEntityByClientAndSiteId?name=technical')).json() as LibraryEntry[];
    expect(list.map((f) => f.name)).toEqual(expect.arrayContaining([llg[0].label, llg[1].label]));
    expect(list.every((f) => f.can.edit === false)).toBe(true);
  });

  it('keeps the pictorial and report folders per client and site: another site may use the same name, the same site may not', async () => {
    const [client] = t.demo.clients;
    const same = await admin.post('/api/document/saveEntity', {
      name: 'trial FIT ',
      library: 'pictorial',
      clientId: client.id,
      siteId: client.siteIds[0],
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(LIBRARY_TEXT.duplicateFolder);
    const otherSite = await admin.post('/api/document/saveEntity', {
      name: 'Trial fit',
      library: 'pictorial',
      clientId: client.id,
      siteId: client.siteIds[1],
    });
    expect(otherSite.statusCode, otherSite.body).toBe(200);
    const noSite = await admin.post('/api/document/saveEntity', { name: 'X', library: 'report', clientId: client.id });
    expect(noSite.statusCode).toBe(400);
    const wrongSite = await admin.post('/api/document/saveEntity', {
      name: 'X',
      library: 'report',
      clientId: client.id,
      siteId: t.demo.clients[1].siteIds[0],
    });
    expect(wrongSite.statusCode).toBe(404);
    const rename = await admin.post('/api/document/saveEntity', { id: otherSite.json().id, name: 'Trial fit 2' });
    expect(rename.statusCode).toBe(200);
    expect(rename.json().name).toBe('Trial fit 2');
  });

  it("shows a client user only its own company's folders: another company's client, site or folder is 404", async () => {
    const own = t.demo.clients[0];
    const other = t.demo.clients[1];
    const list = await clientAdmin.get(`/api/document/getEntityByClientAndSiteId?name=report&clientId=${own.id}&siteId=${own.siteIds[0]}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as LibraryEntry[]).map((f) => f.name)).toContain('Reports 2026');
    const otherList = await clientAdmin.get(
      `/api/document/getEntityByClientAndSiteId?name=report&clientId=${other.id}&siteId=${other.siteIds[0]}`,
    );
    expect(otherList.statusCode).toBe(404);
    const otherFolder = await admin.post('/api/document/saveEntity', {
      name: 'Other company',
      library: 'report',
      clientId: other.id,
      siteId: other.siteIds[0],
    });
    expect(otherFolder.statusCode).toBe(200);
    expect((await clientAdmin.get(`/api/document/getEntityByParentId?parentId=${otherFolder.json().id}`)).statusCode).toBe(404);
    const write = await clientAdmin.post('/api/document/saveEntity', { id: folders.demo.report, name: 'Mine now' });
    expect(write.statusCode).toBe(403);
  });
});

describe('library files', () => {
  it('uploads an image, a PDF and a spreadsheet: thumbnail made by the server, sizes, served only to who may see the folder', async () => {
    const response = await upload(admin, folders.demo.report, [
      { name: 'Photo.png', content: png },
      { name: 'Sheet.pdf', content: pdf },
      { name: 'Chart.xlsx', content: xlsx },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const list = await filesOf(clientAdmin, folders.demo.report);
    expect(list.map((f) => f.name)).toEqual(['Chart.xlsx', 'Photo.png', 'Sheet.pdf']);
    const photo = list.find((f) => f.name === 'Photo.png') as LibraryEntry;
    expect(photo.size).toBe(png.length);
    expect(photo.profilePhoto).toBe(String(png.length));
    expect(photo.fileType).toBe('image/png');
    expect(photo.thumbnail).toEqual(expect.any(String));
    expect(list.find((f) => f.name === 'Sheet.pdf')?.thumbnail).toBeNull();
    const thumb = await download(clientAdmin, photo.thumbnail as string);
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(480);
    const original = await download(clientAdmin, photo.filePath as string);
    expect(original.rawPayload.equals(png)).toBe(true);
    // Another company's client user and the other namespace never get it.
    const otherClient = await t.login('client-admin@acme.test');
    expect((await download(otherClient, photo.filePath as string)).statusCode).toBe(404);
    // A SITE-USER of the company sees only its own sites' folders.
    const siteUserId = t.demo.accounts['site-user@demo.test'];
    const mine = await queryRows<{ site_id: number }>(t.app.db, sql`select site_id from user_sites where user_id = ${siteUserId}::int`);
    const notMine = t.demo.clients[0].siteIds.find((id) => !mine.some((m) => Number(m.site_id) === id)) as number;
    const hidden = await admin.post('/api/document/saveEntity', {
      name: 'Hidden',
      library: 'pictorial',
      clientId: t.demo.clients[0].id,
      siteId: notMine,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await upload(admin, hidden.json().id, [{ name: 'h.png', content: png }])).statusCode).toBe(200);
    const [hiddenFile] = await filesOf(admin, hidden.json().id);
    const siteUser = await t.login('site-user@demo.test');
    expect((await download(siteUser, hiddenFile.filePath as string)).statusCode).toBe(404);
    expect((await siteUser.get(`/api/document/getEntityByParentId?parentId=${hidden.json().id}`)).statusCode).toBe(404);
    expect((await download(clientAdmin, hiddenFile.filePath as string)).statusCode).toBe(200);
  });

  it('refuses duplicate file names after trim and case, in the folder and within one upload', async () => {
    const folder = folders.demo.technical;
    expect((await upload(admin, folder, [{ name: 'Datasheet.pdf', content: pdf }])).statusCode).toBe(200);
    const again = await upload(admin, folder, [{ name: 'DATASHEET.PDF', content: pdf }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(LIBRARY_TEXT.duplicateFile);
    const twice = await upload(admin, folder, [
      { name: 'a.pdf', content: pdf },
      { name: 'A.pdf', content: pdf },
    ]);
    expect(twice.statusCode).toBe(409);
    expect((await filesOf(admin, folder)).map((f) => f.name)).toEqual(['Datasheet.pdf']);
    expect((await upload(admin, folder, [{ name: 'other.pdf', content: pdf }])).statusCode).toBe(200);
    const other = (await filesOf(admin, folder)).find((f) => f.name === 'other.pdf') as LibraryEntry;
    const rename = await admin.post('/api/document/saveEntity', { id: other.id, name: ' datasheet.PDF ' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe(LIBRARY_TEXT.duplicateFile);
    const ok = await admin.post('/api/document/saveEntity', { id: other.id, name: ' Renamed.pdf ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().name).toBe('Renamed.pdf');
  });

  it("refuses a renamed program, the pictorial library's non-images and a wrong part, storing nothing", async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2048, 1)]);
    const before = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from library_entries`);
    const renamed = await upload(admin, folders.demo.report, [
      { name: 'fine.png', content: png },
      { name: 'tool.pdf', content: exe },
    ]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error).toBe(LIBRARY_TEXT.invalidTypeOrSize);
    const pictorialPdf = await upload(admin, folders.demo.pictorial, [{ name: 'sheet.pdf', content: pdf }]);
    expect(pictorialPdf.statusCode).toBe(400);
    expect(pictorialPdf.json().error).toBe(LIBRARY_TEXT.invalidTypeOrSize);
    expect((await upload(admin, folders.demo.pictorial, [{ name: 'ok.png', field: 'file', content: png }])).statusCode).toBe(400);
    expect((await upload(admin, null, [{ name: 'ok.png', content: png }])).statusCode).toBe(400);
    expect((await admin.post('/api/document/saveFile', { parentId: folders.demo.pictorial })).statusCode).toBeGreaterThanOrEqual(400);
    const after = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from library_entries`);
    expect(after[0].n).toBe(before[0].n);
  });

  it('counts the 45 MB limit over the sum of all files: a small file then a large one together over it are refused', async () => {
    const small = Buffer.from('a,b\n1,2\n');
    const large = Buffer.alloc(47_185_920 - 4, 0x61); // alone under the limit
    const response = await upload(admin, folders.demo.technical, [
      { name: 'small.csv', content: small },
      { name: 'large.csv', content: large },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(LIBRARY_TEXT.invalidTypeOrSize);
    expect((await filesOf(admin, folders.demo.technical)).map((f) => f.name)).not.toContain('small.csv');
  });

  it('deletes a folder with its files: their downloads are gone', async () => {
    const [client] = t.demo.clients;
    const folder = await admin.post('/api/document/saveEntity', {
      name: 'To delete',
      library: 'pictorial',
      clientId: client.id,
      siteId: client.siteIds[0],
    });
    const id = folder.json().id as number;
    expect((await upload(admin, id, [{ name: 'one.png', content: png }])).statusCode).toBe(200);
    const [file] = await filesOf(admin, id);
    expect((await download(admin, file.filePath as string)).statusCode).toBe(200);
    const deleted = await admin.delete(`/api/document/deleteEntity?documentId=${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deletedFiles: 1 });
    expect((await download(admin, file.filePath as string)).statusCode).toBe(404);
    expect((await download(admin, file.thumbnail as string)).statusCode).toBe(404);
    expect((await admin.get(`/api/document/getEntityByParentId?parentId=${id}`)).statusCode).toBe(404);
  });
});

describeAreaAccess('technical libraries', () => t, [
  {
    name: 'list folders',
    method: 'GET',
    url: (ns) => `/api/document/getEntityByClientAndSiteId?name=report&clientId=${ns.clients[0].id}&siteId=${ns.clients[0].siteIds[0]}`,
    permission: 'library.read',
    malformed: [
      { url: '/api/document/getEntityByClientAndSiteId?name=secret' },
      { url: '/api/document/getEntityByClientAndSiteId?name=report' },
      { url: '/api/document/getEntityByClientAndSiteId?name=report&clientId=x&siteId=1' },
    ],
  },
  {
    name: 'list files',
    method: 'GET',
    url: (ns) => `/api/document/getEntityByParentId?parentId=${folders[ns.name].report}`,
    permission: 'library.read',
    malformed: [{ url: '/api/document/getEntityByParentId?parentId=abc' }, { url: '/api/document/getEntityByParentId' }],
  },
  {
    name: 'rename a folder',
    method: 'POST',
    url: () => '/api/document/saveEntity',
    body: (ns) => ({ id: folders[ns.name].pictorial, name: 'Trial fit' }),
    permission: 'library.write',
    malformed: [{ rawBody: '{"id":' }, { body: { id: 1, name: '   ' } }, { body: { name: 'x', library: 'secret' } }],
  },
  {
    name: 'delete',
    method: 'DELETE',
    url: (ns) => `/api/document/deleteEntity?documentId=${folders[ns.name].pictorial}`,
    permission: 'library.write',
    malformed: [{ url: '/api/document/deleteEntity?documentId=-1' }],
  },
]);
