import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES } from '@portal/contracts';
import { files } from '../../db/schema';
import { type Client, createTestContext, multipart, type TestContext } from '../../../test/helpers';

/**
 * Images are stored the size they are used at, once, at upload (lib/images.ts): a huge
 * signature is scaled, a phone photo turned upright and stripped of its EXIF, a hostile image
 * refused with the usual 400, never a 500.
 */
let t: TestContext;
let loAdmin: Client;
let engineer: Client;

beforeAll(async () => {
  t = await createTestContext();
  loAdmin = await t.login('lo-admin@demo.test');
  engineer = await t.login('field-engg@demo.test');
});
afterAll(async () => t.close());

const signature = (content: Buffer, name = 'signature.png') => {
  const body = multipart('imageFile', name, content, 'image/png');
  return loAdmin.request({
    method: 'POST',
    url: `/api/Users/signature/${t.demo.accounts['approver@demo.test']}`,
    payload: body.payload,
    headers: body.headers,
  });
};
const formPhoto = (content: Buffer, name: string) => {
  const body = multipart('file', name, content);
  return engineer.request({ method: 'POST', url: '/api/Setting/formfile?kind=photo', payload: body.payload, headers: body.headers });
};
const stored = async (blobKey: string) => {
  const [row] = await t.app.db.select().from(files).where(eq(files.blobKey, blobKey));
  const download = await loAdmin.get(`/api/filedownload?id=${encodeURIComponent(blobKey)}`);
  return { row, content: download.rawPayload };
};

/** A PNG from its header fields and an IDAT body (no decoding happens here). */
function png(width: number, height: number, idat: Buffer, colourType = 6): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image uploads are scaled once', () => {
  it('stores a 6300x6300 RGBA signature (under the 40 MP limit) at 1200 px, still a transparent PNG', async () => {
    const stroke = `<svg xmlns="http://www.w3.org/2000/svg" width="6300" height="6300" viewBox="0 0 600 600"><path d="M40 380 C 120 200, 180 520, 260 320 S 380 200, 440 360" stroke="#12307a" stroke-width="14" fill="none"/></svg>`;
    const huge = await sharp(Buffer.from(stroke)).png().toBuffer();
    const answer = await signature(huge);
    expect(answer.statusCode, answer.body).toBe(200);
    const { row, content } = await stored(answer.json().blobKey);
    expect(row).toMatchObject({ contentType: 'image/png', size: content.length });
    expect(await sharp(content).metadata()).toMatchObject({ format: 'png', width: 1200, height: 1200, hasAlpha: true });
  });

  it('keeps a small clean image byte for byte', async () => {
    const small = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 10, g: 20, b: 90, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const answer = await signature(small);
    expect(answer.statusCode).toBe(200);
    expect((await stored(answer.json().blobKey)).content.equals(small)).toBe(true);
  });

  it('turns an EXIF-rotated phone photo upright, drops its metadata and keeps it a JPEG at most 2560 px', async () => {
    // 4000x1000, left half red, right half blue; orientation 6: shown turned 90 degrees clockwise.
    const left = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#e00000' } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#0000e0' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'X' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const answer = await formPhoto(photo, 'IMG_0001.jpg');
    expect(answer.statusCode, answer.body).toBe(200);
    const { content } = await stored(answer.json().blobKey);
    const meta = await sharp(content).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 2560 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    // Upright: what was the left (red) half is now on top.
    const { data } = await sharp(content).resize(1, 2, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150); // top: red
    expect(data[5]).toBeGreaterThan(150); // bottom: blue
  });

  it('stores a PNG photo without transparency as a JPEG under a .jpg name', async () => {
    const noisy = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#4a6f8a' } })
      .png()
      .toBuffer();
    const answer = await formPhoto(noisy, 'plate.png');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ fileName: 'plate.jpg', contentType: 'image/jpeg' });
    expect(await sharp((await stored(answer.json().blobKey)).content).metadata()).toMatchObject({ width: 2560, height: 1707 });
  });

  it('refuses a decompression bomb and images whose pixels do not decode with a clear 400', async () => {
    // 60000x60000 of zeros: a few KB that would decode to 14 GB.
    const bomb = png(60000, 60000, deflateSync(Buffer.alloc(4 * 1024 * 1024)), 0);
    // 6000x6000 (under the limit) whose pixel data is noise.
    const garbage = png(6000, 6000, Buffer.from('this is not a deflate stream at all'));
    const notPixels = png(400, 300, Buffer.alloc(64, 0xff));
    for (const [name, content] of [
      ['bomb.png', bomb],
      ['garbage.png', garbage],
      ['not-pixels.png', notPixels],
    ] as const) {
      for (const answer of [await signature(content, name), await formPhoto(content, name)]) {
        expect(answer.statusCode, name).toBe(400);
        expect(answer.json().error).toBe(FILES.invalidTypeOrSize);
      }
    }
  });
});
