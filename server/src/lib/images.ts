import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './imageSize';

/**
 * Images are made the size they are used at ONCE, when they are uploaded (signatures, logos,
 * form photos, asset photos), with sharp (libvips, off the main thread): a document never pays
 * for a 6300x6300 signature again. Images stored before this rule are scaled when a PDF first
 * needs them (`printImage`, kept in a small cache by content), never decoded whole by pdfkit.
 *
 * - Longest side at most IMAGE_MAX_SIDE[purpose]; never enlarged.
 * - EXIF orientation applied (the stored pixels are upright), metadata (EXIF with its GPS, XMP,
 *   IPTC, comments) dropped, colours converted to sRGB.
 * - PNG kept for signatures and logos sent as PNG (line art, transparency) and for photos with
 *   transparency; JPEG for the other photos.
 * - An image that needs none of that (small enough, upright, no metadata) is kept byte for byte,
 *   after a full decode has shown it is a real picture.
 */
export type ImagePurpose = 'signature' | 'logo' | 'photo';

export const IMAGE_MAX_SIDE: Record<ImagePurpose, number> = { signature: 1200, logo: 1000, photo: 2560 };

/**
 * Decoding limits for every image we open: the upload limit of pixels and a time bound. Damaged
 * but readable data (a bad checksum, a truncated end) is decoded as far as it goes, as browsers
 * show it; data that does not decode at all is refused.
 */
const OPEN: sharp.SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'none', sequentialRead: true };
const TIMEOUT = { seconds: 20 };

// libvips' operation cache would keep decoded images of other users' uploads in memory.
sharp.cache(false);

export type ImageKind = 'png' | 'jpg';

export interface NormalisedImage {
  /** The bytes to store instead of the upload, or null when the upload is kept as it is. */
  data: Buffer | null;
  kind: ImageKind;
  width: number;
  height: number;
}

/** Thrown for anything that is not a decodable image within the limits (the caller answers 400). */
export class UnreadableImage extends Error {}

/**
 * The stored form of an uploaded PNG or JPEG (a file path or bytes) for its purpose. Throws
 * UnreadableImage for anything sharp cannot decode within the limits.
 */
export async function normaliseImage(input: string | Buffer, kind: ImageKind, purpose: ImagePurpose): Promise<NormalisedImage> {
  try {
    const meta = await sharp(input, OPEN).metadata();
    if (!meta.width || !meta.height || (meta.format !== 'png' && meta.format !== 'jpeg')) throw new UnreadableImage('not a png or jpeg');
    const orientation = meta.orientation ?? 1;
    const [width, height] = orientation >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    const max = IMAGE_MAX_SIDE[purpose];
    const tooLarge = Math.max(width, height) > max;
    const carriesMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc || meta.comments?.length);
    if (!tooLarge && orientation === 1 && !carriesMetadata) {
      // Kept as uploaded, once a full decode shows the pixels are really there.
      await sharp(input, OPEN).timeout(TIMEOUT).stats();
      return { data: null, kind, width, height };
    }
    const png = kind === 'png' && (purpose !== 'photo' || meta.hasAlpha);
    let pipeline = sharp(input, OPEN)
      .timeout(TIMEOUT)
      .autoOrient()
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
    pipeline = png
      ? pipeline.png({ compressionLevel: 8, adaptiveFiltering: true })
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 84, chromaSubsampling: '4:2:0' });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, kind: png ? 'png' : 'jpg', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    throw new UnreadableImage((error as Error).message);
  }
}

/** The file name of a stored image whose kind may have changed (photo.png -> photo.jpg). */
export function renamedFor(fileName: string, kind: ImageKind): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  if ((kind === 'png' && ext === 'png') || (kind === 'jpg' && (ext === 'jpg' || ext === 'jpeg'))) return fileName;
  return `${base}.${kind}`;
}

/** The EXIF orientation (1 to 8) of a JPEG's APP1 segment starting at `at` (its marker), or 1. */
function exifOrientation(data: Buffer, at: number, length: number): number {
  const start = at + 4;
  if (length < 16 || data.toString('latin1', start, start + 6) !== 'Exif\0\0') return 1;
  const tiff = start + 6;
  const end = Math.min(data.length, at + 2 + length);
  const little = data.toString('latin1', tiff, tiff + 2) === 'II';
  const u16 = (o: number) => (o + 2 <= end ? (little ? data.readUInt16LE(o) : data.readUInt16BE(o)) : 0);
  const u32 = (o: number) => (o + 4 <= end ? (little ? data.readUInt32LE(o) : data.readUInt32BE(o)) : 0);
  const ifd = tiff + u32(tiff + 4);
  const count = u16(ifd);
  for (let i = 0; i < count && i < 500; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * The pixel size a PNG or JPEG declares in its header (no decoding), upright (a JPEG's EXIF
 * orientation 5 to 8 swaps its sides), or null.
 */
export function headerSize(data: Buffer): { width: number; height: number; kind: ImageKind } | null {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('latin1', 12, 16) === 'IHDR')
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20), kind: 'png' };
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let at = 2;
  let orientation = 1;
  for (let segments = 0; segments < 10_000 && at + 4 <= data.length; segments++) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = data.readUInt16BE(at + 2);
    if (length < 2) return null;
    const frame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(data, at, length);
    if (frame) {
      if (at + 9 > data.length) return null;
      const [height, width] = [data.readUInt16BE(at + 5), data.readUInt16BE(at + 7)];
      return orientation >= 5 ? { width: height, height: width, kind: 'jpg' } : { width, height, kind: 'jpg' };
    }
    at += 2 + length;
  }
  return null;
}

export interface PrintImage {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/**
 * A copy of an image at most `maxSide` pixels on its longest side, upright, for a PDF (photos at
 * print size; old, huge signatures and logos). Kept by content and size in a cache of about
 * 48 MB, so a photo used in many documents is scaled once per process. Null when the bytes are
 * not a decodable image.
 */
export async function printImage(data: Buffer, maxSide: number, options: { photo?: boolean } = {}): Promise<PrintImage | null> {
  const key = `${createHash('sha256').update(data).digest('hex')}:${maxSide}:${options.photo ? 1 : 0}`;
  const cached = printCache.get(key);
  if (cached) {
    printCache.delete(key);
    printCache.set(key, cached);
    return cached;
  }
  let made: PrintImage | null;
  try {
    const meta = await sharp(data, OPEN).metadata();
    const jpeg = meta.format === 'jpeg' || (options.photo === true && !meta.hasAlpha);
    let pipeline = sharp(data, OPEN)
      .timeout(TIMEOUT)
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    pipeline = jpeg
      ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, chromaSubsampling: '4:2:0' })
      : pipeline.png({ compressionLevel: 6 });
    const { data: out, info } = await pipeline.toBuffer({ resolveWithObject: true });
    made = { data: out, type: jpeg ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch {
    made = null;
  }
  if (made) {
    printCache.set(key, made);
    printCacheBytes += made.data.length;
    for (const [k, v] of printCache) {
      if (printCacheBytes <= PRINT_CACHE_BYTES) break;
      printCache.delete(k);
      printCacheBytes -= v.data.length;
    }
  }
  return made;
}

const PRINT_CACHE_BYTES = 48 * 1024 * 1024;
const printCache = new Map<string, PrintImage>();
let printCacheBytes = 0;

/**
 * An image in the form a PDF image object takes it, made off the main thread: JPEG bytes as
 * they are (DCTDecode), or the pixels deflated (FlateDecode) with the transparency as a
 * separate soft mask. A document embeds it without decoding anything (pdfkit would decode a
 * PNG with transparency in JavaScript, per document).
 */
export interface PdfReadyImage {
  width: number;
  height: number;
  filter: 'DCTDecode' | 'FlateDecode';
  colorSpace: 'DeviceRGB' | 'DeviceGray';
  data: Buffer;
  /** The deflated alpha channel (DeviceGray), when the image has visible transparency. */
  alpha: Buffer | null;
}

const deflateAsync = promisify(deflate);

/**
 * `data` (PNG or JPEG) ready for a PDF at most `maxSide` pixels on its longest side, upright.
 * Kept by content in a cache of about 64 MB, so an image is prepared once per process. Null when
 * the bytes are not a decodable image.
 */
export async function pdfReadyImage(data: Buffer, maxSide: number): Promise<PdfReadyImage | null> {
  const key = `${createHash('sha256').update(data).digest('hex')}:${maxSide}`;
  const cached = readyCache.get(key);
  if (cached) {
    readyCache.delete(key);
    readyCache.set(key, cached);
    return cached;
  }
  let made: PdfReadyImage | null;
  try {
    made = await prepare(data, maxSide);
  } catch {
    made = null;
  }
  if (made) {
    readyCache.set(key, made);
    readyCacheBytes += made.data.length + (made.alpha?.length ?? 0);
    for (const [k, v] of readyCache) {
      if (readyCacheBytes <= READY_CACHE_BYTES) break;
      readyCache.delete(k);
      readyCacheBytes -= v.data.length + (v.alpha?.length ?? 0);
    }
  }
  return made;
}

async function prepare(data: Buffer, maxSide: number): Promise<PdfReadyImage> {
  const meta = await sharp(data, OPEN).metadata();
  if (!meta.width || !meta.height) throw new UnreadableImage('no size');
  const orientation = meta.orientation ?? 1;
  const fits = Math.max(meta.width, meta.height) <= maxSide;
  const plainJpeg = meta.format === 'jpeg' && (meta.channels === 3 || meta.channels === 1) && meta.space !== 'cmyk';
  if (plainJpeg && fits && orientation === 1) {
    // Embedded as it is: no decoding at all.
    return {
      width: meta.width,
      height: meta.height,
      filter: 'DCTDecode',
      colorSpace: meta.channels === 1 ? 'DeviceGray' : 'DeviceRGB',
      data,
      alpha: null,
    };
  }
  const pipeline = sharp(data, OPEN)
    .timeout(TIMEOUT)
    .autoOrient()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  if (meta.format === 'jpeg') {
    const { data: jpeg, info } = await pipeline.toColourspace('srgb').jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, filter: 'DCTDecode', colorSpace: 'DeviceRGB', data: jpeg, alpha: null };
  }
  const grey = meta.channels === 1 || meta.channels === 2 || meta.space === 'b-w';
  const { data: raw, info } = await (grey ? pipeline.toColourspace('b-w') : pipeline.toColourspace('srgb'))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const colours = grey ? 1 : 3;
  const pixels = info.width * info.height;
  let colour = raw;
  let alpha: Buffer | null = null;
  if (info.channels === colours + 1) {
    colour = Buffer.alloc(pixels * colours);
    alpha = Buffer.alloc(pixels);
    let opaque = true;
    for (let p = 0, i = 0; p < pixels; p++) {
      for (let c = 0; c < colours; c++) colour[p * colours + c] = raw[i++];
      const a = raw[i++];
      alpha[p] = a;
      if (a !== 255) opaque = false;
    }
    if (opaque) alpha = null;
  } else if (info.channels !== colours) throw new UnreadableImage(`unexpected ${info.channels} channels`);
  return {
    width: info.width,
    height: info.height,
    filter: 'FlateDecode',
    colorSpace: grey ? 'DeviceGray' : 'DeviceRGB',
    data: await deflateAsync(colour),
    alpha: alpha ? await deflateAsync(alpha) : null,
  };
}

const READY_CACHE_BYTES = 64 * 1024 * 1024;
const readyCache = new Map<string, PdfReadyImage>();
let readyCacheBytes = 0;

/** The longest side of a library thumbnail (three cards per row at most ~420 px wide, at 2x). */
export const THUMBNAIL_MAX_SIDE = 480;

/**
 * A small picture of an uploaded PNG or JPEG for a file grid (the technical libraries), made
 * once at upload: upright, at most THUMBNAIL_MAX_SIDE, without metadata; PNG when the image has
 * transparency, JPEG otherwise. Throws UnreadableImage for anything sharp cannot decode.
 */
export async function makeThumbnail(input: string | Buffer): Promise<{ data: Buffer; kind: ImageKind }> {
  try {
    const meta = await sharp(input, OPEN).metadata();
    if (!meta.width || !meta.height || (meta.format !== 'png' && meta.format !== 'jpeg')) throw new UnreadableImage('not a png or jpeg');
    let pipeline = sharp(input, OPEN)
      .timeout(TIMEOUT)
      .autoOrient()
      .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const png = Boolean(meta.hasAlpha);
    pipeline = png ? pipeline.png({ compressionLevel: 8 }) : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 78 });
    return { data: await pipeline.toBuffer(), kind: png ? 'png' : 'jpg' };
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    throw new UnreadableImage((error as Error).message);
  }
}
