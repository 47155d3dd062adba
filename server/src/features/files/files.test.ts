import { mkdir, mkdtemp, readdir, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES } from '@portal/contracts';
import { buildApp } from '../../app';
import { fileBlobs, files } from '../../db/schema';
import { insertImage, insertNamespace } from '../../demo/factories';
import { readWhole } from '../../lib/blobs';
import { IMAGE_MAX_BYTES } from '../../lib/files';
import { emblemPng } from '../../db/seed/emblem';
import { openTestDatabase } from '../../../test/database';
import { type Client, createTestContext, multipart, type TestContext, testConfig } from '../../../test/helpers';
import { jpegHeader, pngHeader } from '../../../test/images';

/**
 * Files through the blob store, on each store: the directory (always on the embedded
 * database) and the database table (PostgreSQL's default).
 */
describe.each(['dir', 'db'] as const)('uploads and downloads on the %s store', (store) => {
  let t: TestContext;
  let loAdmin: Client;
  beforeAll(async () => {
    t = await createTestContext({ FILE_STORE: store });
    loAdmin = await t.login('lo-admin@demo.test');
  });
  afterAll(async () => t.close());

  const account = (email: string) => t.demo.accounts[email];
  const signature = (userId: number, fileName: string, content: Buffer) => {
    const body = multipart('imageFile', fileName, content, 'image/png');
    return loAdmin.request({ method: 'POST', url: `/api/Users/signature/${userId}`, payload: body.payload, headers: body.headers });
  };
  const logo = (clientId: number, content: Buffer) => {
    const body = multipart('imageFile', 'logo.png', content, 'image/png');
    return loAdmin.request({ method: 'POST', url: `/api/Location/uploadImage/${clientId}`, payload: body.payload, headers: body.headers });
  };
  const download = (blobKey: string) => loAdmin.get(`/api/filedownload?id=${encodeURIComponent(blobKey)}`);
  const rowOf = async (blobKey: string) => (await t.app.db.select().from(files).where(eq(files.blobKey, blobKey)))[0];
  const temporaryFiles = async () => (await readdir(t.app.blobs.tempDir).catch(() => [] as string[])).filter((n) => n.endsWith('.part'));
  /** How many stored copies of a content there are (0 or 1: content-addressed). */
  const copiesOf = async (sha256: string) => {
    if (store === 'db') return (await t.app.db.select().from(fileBlobs).where(eq(fileBlobs.sha256, sha256))).length;
    const names = await readdir(path.join(t.app.config.filesDir, sha256.slice(0, 2))).catch(() => [] as string[]);
    return names.filter((n) => n === sha256).length;
  };

  it('keeps the content out of the files row and streams it back with its length and caching', async () => {
    const png = emblemPng([30, 60, 90], 'check', 64);
    const response = await signature(account('scheduler@demo.test'), 'signature.png', png);
    expect(response.statusCode).toBe(200);
    const row = await rowOf(response.json().blobKey);
    expect(row.content).toBeNull();
    expect(row.size).toBe(png.length);
    expect(await copiesOf(row.sha256)).toBe(1);
    const file = await download(row.blobKey);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers['content-length']).toBe(String(png.length));
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    expect(await temporaryFiles()).toEqual([]);
  });

  it('stores the same content once, whoever uploads it, and serves a 5 MB image at the limit', async () => {
    const png = Buffer.concat([
      emblemPng([1, 2, 3], 'hook', 64),
      Buffer.alloc(IMAGE_MAX_BYTES - emblemPng([1, 2, 3], 'hook', 64).length, 1),
    ]);
    expect(png.length).toBe(IMAGE_MAX_BYTES);
    const a = await signature(account('approver@demo.test'), 'a.png', png);
    const b = await signature(account('field-engg@demo.test'), 'b.png', png);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [rowA, rowB] = [await rowOf(a.json().blobKey), await rowOf(b.json().blobKey)];
    expect(rowA.id).not.toBe(rowB.id);
    expect(rowA.sha256).toBe(rowB.sha256);
    expect(await copiesOf(rowA.sha256)).toBe(1);
    const file = await download(rowB.blobKey);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a 60000x60000 PNG header and a JPEG over 40 megapixels with 400; accepts 40 megapixels', async () => {
    const userId = account('scheduler@demo.test');
    for (const [name, content] of [
      ['huge.png', pngHeader(60000, 60000)],
      ['wide.jpg', jpegHeader(8000, 5001)],
      ['exif.jpg', jpegHeader(65535, 65535, 30_000)],
    ] as const) {
      const refused = await signature(userId, name, content);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error).toBe(FILES.invalidTypeOrSize);
    }
    // A header alone is no longer enough: the image is decoded (and here scaled: lib/images.ts).
    expect((await signature(userId, 'photo.jpg', jpegHeader(8000, 5000))).statusCode).toBe(400);
    const real = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#d0d8e0' } })
      .jpeg()
      .toBuffer();
    const accepted = await signature(userId, 'photo.jpg', real);
    expect(accepted.statusCode).toBe(200);
    const row = await rowOf(accepted.json().blobKey);
    expect(row.contentType).toBe('image/jpeg');
    expect(await sharp((await download(row.blobKey)).rawPayload).metadata()).toMatchObject({ width: 1200, height: 750 });
    expect(await temporaryFiles()).toEqual([]);
  });

  it('refuses an oversize upload with 413 and leaves no temporary file behind', async () => {
    const png = emblemPng([9, 9, 9], 'check', 64);
    const oversize = await signature(account('scheduler@demo.test'), 'big.png', Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]));
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().error).toBe(FILES.invalidTypeOrSize);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('drops the content of a replaced signature or logo at the clean-up, but not content still in use', async () => {
    const shared = emblemPng([200, 100, 0], 'diamond', 48);
    const userId = account('approver@demo.test');
    const clientId = t.demo.clients[1].id;
    const first = await rowOf((await signature(userId, 'old.png', shared)).json().blobKey);
    expect((await logo(clientId, shared)).statusCode).toBe(200);
    // The signature is replaced; the logo still uses the same content.
    expect((await signature(userId, 'new.png', emblemPng([0, 0, 0], 'check', 48))).statusCode).toBe(200);
    await t.app.blobs.sweep(0);
    expect(await copiesOf(first.sha256)).toBe(1);
    // Now the logo is replaced too: nothing refers to it any more.
    expect((await logo(clientId, emblemPng([1, 1, 1], 'hook', 48))).statusCode).toBe(200);
    expect(await copiesOf(first.sha256)).toBe(1); // kept until the clean-up
    await t.app.blobs.sweep(0);
    expect(await copiesOf(first.sha256)).toBe(0);
    const image = await loAdmin.get(`/api/Location/getImage/${clientId}`);
    expect(image.json().clientLogoFile).toBe(emblemPng([1, 1, 1], 'hook', 48).toString('base64'));
  });

  it('answers 404, not 500, when a stored content has gone missing', async () => {
    const png = emblemPng([77, 77, 77], 'hook', 40);
    const row = await rowOf((await signature(account('scheduler@demo.test'), 's.png', png)).json().blobKey);
    if (store === 'db') await t.app.db.delete(fileBlobs).where(eq(fileBlobs.sha256, row.sha256));
    else await unlink(path.join(t.app.config.filesDir, row.sha256.slice(0, 2), row.sha256));
    const file = await download(row.blobKey);
    expect(file.statusCode).toBe(404);
    expect(file.json().error).toBe(FILES.notFound);
  });

  it('still serves the seed images kept in the files row', async () => {
    const image = await loAdmin.get(`/api/Location/getImage/${t.demo.clients[0].id}`);
    expect(image.statusCode).toBe(200);
    expect(image.json().clientLogoType).toBe('image/png');
    const branding = await loAdmin.get('/api/CustomerRegistration/getImageFromSession');
    expect(branding.json().companyLogo).toEqual(expect.any(String));
  });
});

describe('start-up on the directory store', () => {
  it('moves contents kept in the database out to DATA_DIR/files and removes uploads a crash left', async () => {
    const database = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-data-'));
    try {
      const ns = await insertNamespace(database.db, { name: 'legacy', companyName: 'Legacy' });
      const png = emblemPng([5, 50, 150], 'check', 32);
      const id = await insertImage(database.db, {
        namespaceId: ns.id,
        ownerType: 'namespace-logo',
        ownerId: ns.id,
        fileName: 'l.png',
        png,
      });
      await mkdir(path.join(dataDir, 'files', 'tmp'), { recursive: true });
      const crashed = path.join(dataDir, 'files', 'tmp', 'crashed.part');
      await writeFile(crashed, 'half an upload');
      // Old enough for a shared directory too (PostgreSQL), where a new one may be another instance's.
      const past = new Date(Date.now() - 2 * 60 * 60_000);
      await utimes(crashed, past, past);

      const app = await buildApp(testConfig({ DATA_DIR: dataDir }), { database, logger: false });
      try {
        expect(app.blobs.kind).toBe('dir');
        const [row] = await app.db.select().from(files).where(eq(files.id, id));
        expect(row.content).toBeNull();
        const stream = await app.blobs.open(row.sha256);
        expect(stream && (await readWhole(stream)).equals(png)).toBe(true);
        expect(await readdir(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
      } finally {
        await app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
