import { open } from 'node:fs/promises';

/** Images larger than this many pixels are refused: decoding one would take gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface Dimensions {
  width: number;
  height: number;
}

type Reader = (position: number, length: number) => Promise<Buffer>;

/** PNG: the IHDR chunk comes first, right after the 8-byte signature. */
async function pngDimensions(read: Reader): Promise<Dimensions | null> {
  const head = await read(8, 16);
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'IHDR') return null;
  return { width: head.readUInt32BE(8), height: head.readUInt32BE(12) };
}

/** Start-of-frame markers (C0-CF) except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments (skipping EXIF and the like) to the first start of frame. */
async function jpegDimensions(read: Reader, fileSize: number): Promise<Dimensions | null> {
  let position = 2; // after SOI (FF D8)
  for (let segments = 0; segments < 10_000 && position + 4 <= fileSize; segments++) {
    const head = await read(position, 4);
    if (head.length < 4 || head[0] !== 0xff) return null;
    const marker = head[1];
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      position += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = head.readUInt16BE(2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      const frame = await read(position + 4, 5); // precision, height, width
      if (frame.length < 5) return null;
      return { height: frame.readUInt16BE(1), width: frame.readUInt16BE(3) };
    }
    position += 2 + length;
  }
  return null;
}

/**
 * The pixel size an image declares in its header, read from the file without decoding it.
 * Null when the header cannot be read (not a usable image).
 */
export async function imageDimensions(filePath: string, kind: 'png' | 'jpg'): Promise<Dimensions | null> {
  const handle = await open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const read: Reader = async (position, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    return kind === 'png' ? await pngDimensions(read) : await jpegDimensions(read, size);
  } finally {
    await handle.close();
  }
}

/** Whether the declared size is a real picture of at most MAX_IMAGE_PIXELS. */
export const acceptableDimensions = (d: Dimensions | null): boolean =>
  d !== null && d.width > 0 && d.height > 0 && d.width * d.height <= MAX_IMAGE_PIXELS;
