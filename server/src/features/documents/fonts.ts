import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The DejaVu fonts of the PDFs, parsed ONCE per process and shared by every document.
 * pdfkit parses a font given as a path or a buffer again for each document (its tables take
 * about 20 times longer than the rest of a certificate); given the parsed fontkit object it
 * only subsets it. fontkit is pdfkit's own dependency, loaded from pdfkit's place so that the
 * object is the kind pdfkit expects.
 */
export interface Fonts {
  regular: unknown;
  bold: unknown;
  oblique: unknown;
}

const require = createRequire(import.meta.url);

let fonts: Fonts | null = null;

export function loadFonts(): Fonts {
  if (fonts) return fonts;
  const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(buffer: Buffer): unknown };
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const open = (file: string) => fontkit.create(readFileSync(path.join(dir, file)));
  fonts = { regular: open('DejaVuSans.ttf'), bold: open('DejaVuSans-Bold.ttf'), oblique: open('DejaVuSans-Oblique.ttf') };
  return fonts;
}
