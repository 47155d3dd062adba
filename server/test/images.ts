import { crc32 } from 'node:zlib';

/**
 * Tiny image files that only declare a pixel size: what the upload check reads (the PNG IHDR,
 * the JPEG start of frame) without any picture behind it.
 */
export function pngHeader(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 6; // RGBA
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with a JFIF header, an EXIF segment of `exifBytes` and a baseline frame header. */
export function jpegHeader(width: number, height: number, exifBytes = 0): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x48, 0x00, 0x48, 0x00, 0x00]);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.alloc(exifBytes)]);
  const frame = Buffer.from([0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    segment(0xe1, exif),
    segment(0xc0, frame),
    Buffer.from([0xff, 0xd9]),
  ]);
}
