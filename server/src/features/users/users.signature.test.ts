import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, USERS } from '@portal/contracts';
import { IMAGE_MAX_BYTES } from '../../lib/files';
import { emblemPng } from '../../db/seed/emblem';
import { type Client, createTestContext, filterHeader, multipart, type TestContext } from '../../../test/helpers';

let t: TestContext;
let loAdmin: Client;
beforeAll(async () => {
  t = await createTestContext();
  loAdmin = await t.login('lo-admin@demo.test');
});
afterAll(async () => t.close());

const png = emblemPng([10, 120, 40], 'check', 64);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function upload(client: Client, userId: number, fileName: string, content: Buffer, field = 'imageFile') {
  const body = multipart(field, fileName, content, 'image/png');
  return client.request({ method: 'POST', url: `/api/Users/signature/${userId}`, payload: body.payload, headers: body.headers });
}

const schedulerId = () => t.demo.accounts['scheduler@demo.test'];
const download = (client: Client, blobKey: string) => client.get(`/api/filedownload?id=${encodeURIComponent(blobKey)}`);

async function signatureOf(email: string): Promise<string | null> {
  const rows = (await loAdmin.get('/api/Users', filterHeader({ email }))).json();
  return rows[0].signature;
}

describe('POST and DELETE /api/Users/signature/{userId}', () => {
  it('stores a .png by content, shows its blobKey on the row, and serves it to readers of that user only', async () => {
    const response = await upload(loAdmin, schedulerId(), 'signature.png', png);
    expect(response.statusCode).toBe(200);
    const { blobKey } = response.json();
    expect(blobKey).toEqual(expect.any(String));
    expect(await signatureOf('scheduler@demo.test')).toBe(blobKey);

    const file = await download(loAdmin, blobKey);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    // The user themselves, and another LO reader, may see it.
    expect((await download(await t.login('scheduler@demo.test'), blobKey)).statusCode).toBe(200);
    expect((await download(await t.login('field-engg@demo.test'), blobKey)).statusCode).toBe(200);
    // Hidden from client administrators, invisible to other client users and other namespaces.
    expect((await download(await t.login('client-admin@demo.test'), blobKey)).statusCode).toBe(404);
    expect((await download(await t.login('client-user@demo.test'), blobKey)).statusCode).toBe(404);
    expect((await download(await t.login('lo-admin@acme.test'), blobKey)).statusCode).toBe(404);
  });

  it('replaces the previous signature, whose file is gone', async () => {
    const first = (await upload(loAdmin, schedulerId(), 'a.png', png)).json().blobKey;
    const second = (await upload(loAdmin, schedulerId(), 'b.png', emblemPng([200, 0, 0], 'hook', 64))).json().blobKey;
    expect(second).not.toBe(first);
    expect((await download(loAdmin, first)).statusCode).toBe(404);
    expect((await download(loAdmin, second)).statusCode).toBe(200);
  });

  it('refuses a PDF named .png (400), an oversize image (413), a wrong field or no multipart body (400)', async () => {
    const disguised = await upload(loAdmin, schedulerId(), 'signature.png', pdf);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error).toBe(FILES.invalidTypeOrSize);
    const pdfName = await upload(loAdmin, schedulerId(), 'signature.pdf', pdf);
    expect(pdfName.statusCode).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]);
    const oversize = await upload(loAdmin, schedulerId(), 'signature.png', big);
    expect(oversize.statusCode).toBe(413);
    expect((await upload(loAdmin, schedulerId(), 'signature.png', png, 'file')).statusCode).toBe(400);
    expect((await loAdmin.post(`/api/Users/signature/${schedulerId()}`, { imageFile: 'x' })).statusCode).toBe(400);
  });

  it('answers 404 for unknown users and other namespaces, 403 to client administrators and roles without users.write', async () => {
    expect((await upload(loAdmin, 999999, 'signature.png', png)).statusCode).toBe(404);
    expect((await upload(loAdmin, t.acme.accounts['scheduler@acme.test'], 'signature.png', png)).statusCode).toBe(404);
    const clientAdmin = await t.login('client-admin@demo.test');
    const own = await upload(clientAdmin, t.demo.accounts['client-user@demo.test'], 'signature.png', png);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(USERS.clientAdminField('Signature'));
    const engineer = await t.login('field-engg@demo.test');
    expect((await upload(engineer, schedulerId(), 'signature.png', png)).statusCode).toBe(403);
    expect((await engineer.delete(`/api/Users/signature/${schedulerId()}`)).statusCode).toBe(403);
    expect((await upload(t.anonymous, schedulerId(), 'signature.png', png)).statusCode).toBe(401);
  });

  it('deletes the signature and its file', async () => {
    const { blobKey } = (await upload(loAdmin, schedulerId(), 'signature.png', png)).json();
    const response = await loAdmin.delete(`/api/Users/signature/${schedulerId()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: USERS.signatureRemoved });
    expect(await signatureOf('scheduler@demo.test')).toBeNull();
    expect((await download(loAdmin, blobKey)).statusCode).toBe(404);
    expect((await loAdmin.delete('/api/Users/signature/999999')).statusCode).toBe(404);
  });
});
