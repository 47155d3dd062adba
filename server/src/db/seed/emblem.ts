import { crc32, deflateSync } from 'node:zlib';

/**
 * A small PNG encoder used by the demo seed to draw company emblems (a ring with a check
 * mark or a hook on a coloured tile), so the demo needs no binary files in the repository.
 */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp01(((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function roundedBoxDistance(px: number, py: number, half: number, radius: number): number {
  const qx = Math.abs(px) - half + radius;
  const qy = Math.abs(py) - half + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

export type EmblemShape = 'check' | 'hook' | 'diamond';

/** A 128x128 emblem: rounded tile in `color`, white ring and a white symbol. */
export function emblemPng(color: [number, number, number], shape: EmblemShape = 'check', size = 128): Buffer {
  const rgba = new Uint8Array(size * size * 4);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5 - c;
      const py = y + 0.5 - c;
      const tile = clamp01(0.5 - roundedBoxDistance(px, py, c - 2, size * 0.18));
      const r = Math.hypot(px, py);
      const ring = clamp01(0.5 - (Math.abs(r - size * 0.32) - size * 0.035));
      let symbol = 0;
      const u = px / size;
      const v = py / size;
      if (shape === 'check') {
        const d = Math.min(segmentDistance(u, v, -0.13, 0.0, -0.04, 0.1), segmentDistance(u, v, -0.04, 0.1, 0.15, -0.11));
        symbol = clamp01(0.5 - (d - 0.035) * size);
      } else if (shape === 'hook') {
        const arc = Math.abs(Math.hypot(u, v - 0.04) - 0.09);
        const hook = v > 0.02 ? arc : Math.abs(u - 0.09) + (v < -0.14 ? -0.14 - v : 0);
        const d = Math.min(hook, segmentDistance(u, v, 0.09, 0.04, 0.09, -0.14));
        symbol = clamp01(0.5 - (d - 0.028) * size);
      } else {
        const d = Math.abs(u) + Math.abs(v) - 0.13;
        symbol = clamp01(0.5 - Math.abs(d) * size + 0.035 * size);
      }
      const white = Math.max(ring, symbol);
      const i = (y * size + x) * 4;
      rgba[i] = Math.round(color[0] * (1 - white) + 255 * white);
      rgba[i + 1] = Math.round(color[1] * (1 - white) + 255 * white);
      rgba[i + 2] = Math.round(color[2] * (1 - white) + 255 * white);
      rgba[i + 3] = Math.round(255 * tile);
    }
  }
  return encodePng(size, size, rgba);
}

/**
 * A demo handwritten signature (DECISIONS 9: the demo's inspectors and approvers sign their
 * certificates): a flowing ink stroke drawn from the name's letters on a transparent 360x110
 * image, different for every name.
 */
export function signaturePng(name: string, width = 360, height = 110): Buffer {
  let seed = 2166136261;
  for (const ch of name) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619) >>> 0;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  // A baseline with loops: one bump or loop per letter of the name (up to 14), then a flourish.
  const letters = Math.max(5, Math.min(14, name.replace(/[^A-Za-z]/g, '').length));
  const points: [number, number][] = [];
  const step = (width - 70) / letters;
  for (let i = 0; i <= letters * 12; i++) {
    const t = i / 12;
    const x = 24 + t * step + Math.sin(t * Math.PI * 2) * step * 0.35;
    const tall = (Math.floor(t) * 7919) % 5 === 0 ? 1.7 : 1;
    const y = height * 0.58 - Math.abs(Math.sin(t * Math.PI)) * height * 0.22 * tall * (0.8 + 0.4 * next()) + t * 1.2;
    points.push([x, y]);
  }
  const last = points[points.length - 1];
  for (let i = 1; i <= 16; i++) points.push([last[0] + i * 3, last[1] + 6 - Math.cos((i / 16) * Math.PI) * 8]);
  points.push([20, height * 0.8], [width * 0.55, height * 0.74]);
  const coverage = new Float32Array(width * height);
  const pen = 1.6;
  for (let i = 1; i < points.length; i++) {
    const [ax, ay] = points[i - 1];
    const [bx, by] = points[i];
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - 3));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + 3));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - 3));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + 3));
    // The stroke that jumps back to the start is the underline: drawn, the jump itself is not.
    if (Math.abs(bx - ax) > width / 2) continue;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const d = segmentDistance(x + 0.5, y + 0.5, ax, ay, bx, by);
        const c = clamp01(pen - d + 0.5);
        if (c > coverage[y * width + x]) coverage[y * width + x] = c;
      }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba[p * 4] = 20;
    rgba[p * 4 + 1] = 36;
    rgba[p * 4 + 2] = 110;
    rgba[p * 4 + 3] = Math.round(255 * coverage[p]);
  }
  return encodePng(width, height, rgba);
}
