import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegHeader, pngHeader } from '../../test/images';
import { emblemPng } from '../db/seed/emblem';
import { acceptableDimensions, imageDimensions, MAX_IMAGE_PIXELS } from './imageSize';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-image-size-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function dimensionsOf(content: Buffer, kind: 'png' | 'jpg') {
  const file = path.join(dir, `${Math.random().toString(16).slice(2)}.${kind}`);
  await writeFile(file, content);
  return imageDimensions(file, kind);
}

describe('image pixel size from the header', () => {
  it('reads a real PNG and crafted PNG and JPEG headers, past a 60 kB EXIF segment', async () => {
    expect(await dimensionsOf(emblemPng([1, 2, 3], 'check', 64), 'png')).toEqual({ width: 64, height: 64 });
    expect(await dimensionsOf(pngHeader(60000, 60000), 'png')).toEqual({ width: 60000, height: 60000 });
    expect(await dimensionsOf(jpegHeader(8000, 5001, 60_000), 'jpg')).toEqual({ width: 8000, height: 5001 });
  });

  it('accepts up to 40 megapixels, refuses more, empty sizes and unreadable headers', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(acceptableDimensions({ width: 8000, height: 5000 })).toBe(true);
    expect(acceptableDimensions({ width: 8000, height: 5001 })).toBe(false);
    expect(acceptableDimensions({ width: 60000, height: 60000 })).toBe(false);
    expect(acceptableDimensions({ width: 0, height: 10 })).toBe(false);
    expect(acceptableDimensions(null)).toBe(false);
    expect(await dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'jpg')).toBeNull();
    expect(await dimensionsOf(pngHeader(1, 1).subarray(0, 20), 'png')).toBeNull();
  });
});
