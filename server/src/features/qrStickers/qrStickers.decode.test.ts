import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { QR_STICKER_SIZES, type QrStickerSize, sheetLayout } from '@portal/contracts';
import { emblemPng } from '../../db/seed/emblem';
import { randomStickerSerials } from './qrStickers.service';
import { renderStickerSheet } from './qrStickers.sheet';

/**
 * The printed sheet scans (issue 11): each sheet is rasterised as a printer would (pdftoppm,
 * poppler-utils, at 200 dpi) and every label, cut out along its guide, is read by a QR decoder
 * (jsQR). Each must give exactly `<login>?asn=<its serial>`, in the order the serials were
 * issued, with the logo in the header and without it.
 */
const DPI = 200;
const LOGIN = 'https://portal.example.com/login';
const work = mkdtempSync(path.join(os.tmpdir(), 'qr-decode-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The sheet's pages as PNG images, as pdftoppm draws them. */
function rasterise(pdf: Buffer, name: string): PNG[] {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', file, path.join(work, name)]);
  return readdirSync(work)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
    .sort()
    .map((f) => PNG.sync.read(readFileSync(path.join(work, f))));
}

/** What a scanner reads from the label at (x, y) points, size `label` points, of a page. */
function readLabel(page: PNG, x: number, y: number, label: number): string | null {
  const scale = DPI / 72;
  const left = Math.floor(x * scale);
  const top = Math.floor(y * scale);
  const side = Math.ceil(label * scale);
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let row = 0; row < side; row++) {
    const from = ((top + row) * page.width + left) * 4;
    pixels.set(page.data.subarray(from, from + side * 4), row * side * 4);
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

function labelsOf(pages: PNG[], size: QrStickerSize, count: number): (string | null)[] {
  const layout = sheetLayout(size);
  const found: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    const page = pages[Math.floor(i / layout.perPage)];
    const index = i % layout.perPage;
    const x = layout.left + (index % layout.columns) * (layout.label + layout.gutter);
    const y = layout.top + Math.floor(index / layout.columns) * (layout.label + layout.gutter);
    found.push(readLabel(page, x, y, layout.label));
  }
  return found;
}

describe('sticker sheet as printed', () => {
  it.each(QR_STICKER_SIZES.map((size) => [size]))('every label of a %s sheet of 24 decodes to its own sign-in link', async (size) => {
    const serials = randomStickerSerials(24);
    const pdf = await renderStickerSheet({
      serials,
      size,
      color: 'Blue',
      loginUrl: LOGIN,
      providerName: 'Demo Inspections',
      logo: emblemPng([20, 70, 140], 'hook'),
    });
    const pages = rasterise(pdf, `logo-${size}`);
    expect(pages).toHaveLength(Math.ceil(24 / sheetLayout(size).perPage));
    expect(labelsOf(pages, size, 24)).toEqual(serials.map((serial) => `${LOGIN}?asn=${serial}`));
  });

  it('labels printed in red with the provider name instead of a logo decode too', async () => {
    const serials = randomStickerSerials(24);
    const pdf = await renderStickerSheet({
      serials,
      size: '25mm',
      color: 'Red',
      loginUrl: LOGIN,
      providerName: 'A provider with a rather long trading name',
      logo: null,
    });
    expect(labelsOf(rasterise(pdf, 'name-25mm'), '25mm', 24)).toEqual(serials.map((serial) => `${LOGIN}?asn=${serial}`));
  });
});
