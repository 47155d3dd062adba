import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type QrStickerSize, sheetLayout } from '@portal/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const DPI = 200;

/**
 * What a phone reads from each label of the first page of a printed sticker sheet: the page
 * rasterised by pdftoppm (poppler-utils) at 200 dpi, each label cut out along its guide (the
 * layout the server draws with) and read by jsQR; null for a label that does not scan.
 */
export function scanStickerSheet(pdf: Buffer, size: QrStickerSize, count: number): (string | null)[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sticker-sheet-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-f', '1', '-l', '1', '-singlefile', 'sheet.pdf', 'page'], { cwd: dir });
    const page = PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
    const layout = sheetLayout(size);
    const scale = DPI / 72;
    const side = Math.ceil(layout.label * scale);
    return Array.from({ length: Math.min(count, layout.perPage) }, (_, index) => {
      const left = Math.floor((layout.left + (index % layout.columns) * (layout.label + layout.gutter)) * scale);
      const top = Math.floor((layout.top + Math.floor(index / layout.columns) * (layout.label + layout.gutter)) * scale);
      const pixels = new Uint8ClampedArray(side * side * 4);
      for (let row = 0; row < side; row++) {
        const from = ((top + row) * page.width + left) * 4;
        pixels.set(page.data.subarray(from, from + side * 4), row * side * 4);
      }
      return jsQR(pixels, side, side)?.data ?? null;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
