import { loadFonts } from './fonts';

// The visible signature's appearance stream (`signing.ts` puts it in the widget): vector
// outlines of the DejaVu glyphs, so the stream needs no font and PDF/A stays valid.

/** A number as the content stream writes it (two decimals at most). */
export const num = (n: number) => String(Math.round(n * 100) / 100);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shownDate = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;

interface FontkitFont {
  unitsPerEm: number;
  layout(text: string): {
    glyphs: { path: { commands: { command: string; args: number[] }[] } }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

/** The width of `text` in points at `size`. */
function textWidth(font: FontkitFont, text: string, size: number): number {
  const run = font.layout(text);
  return (run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * size) / font.unitsPerEm;
}

/** `text` as filled vector outlines (PDF path operators) with its baseline starting at (x, y). */
function outlines(font: FontkitFont, text: string, size: number, x: number, y: number): string {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  const ops: string[] = [];
  let penX = x;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const ox = penX + position.xOffset * scale;
    const oy = y + position.yOffset * scale;
    const px = (v: number) => num(ox + v * scale);
    const py = (v: number) => num(oy + v * scale);
    let cx = 0;
    let cy = 0;
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') {
        ops.push(`${px(args[0])} ${py(args[1])} m`);
        [cx, cy] = args;
      } else if (command === 'lineTo') {
        ops.push(`${px(args[0])} ${py(args[1])} l`);
        [cx, cy] = args;
      } else if (command === 'quadraticCurveTo') {
        const [qx, qy, ex, ey] = args;
        const c1 = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy)];
        const c2 = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)];
        ops.push(`${px(c1[0])} ${py(c1[1])} ${px(c2[0])} ${py(c2[1])} ${px(ex)} ${py(ey)} c`);
        [cx, cy] = [ex, ey];
      } else if (command === 'bezierCurveTo') {
        ops.push(`${px(args[0])} ${py(args[1])} ${px(args[2])} ${py(args[3])} ${px(args[4])} ${py(args[5])} c`);
        [cx, cy] = [args[4], args[5]];
      } else if (command === 'closePath') ops.push('h');
    }
    penX += position.xAdvance * scale;
  });
  return ops.join('\n');
}

/** The largest size up to `size` at which `text` fits `width`, cut with an ellipsis below 5 pt. */
function fitted(font: FontkitFont, text: string, size: number, width: number): { text: string; size: number } {
  let s = size;
  while (s > 5 && textWidth(font, text, s) > width) s -= 0.25;
  let t = text;
  while (t.length > 1 && textWidth(font, t, s) > width) t = `${t.slice(0, -2)}…`;
  return { text: t, size: s };
}

/** The widget's appearance: a framed box with a tick, "Digitally signed", by whom and when. */
export function appearance(provider: string, when: Date, width: number, height: number): Buffer {
  const fonts = loadFonts() as unknown as { regular: FontkitFont; bold: FontkitFont };
  const pad = 5;
  const textX = pad + 14;
  const room = width - textX - pad;
  const line1 = fitted(fonts.bold, 'Digitally signed', 7.5, room);
  const line2 = fitted(fonts.regular, `by ${provider}`, 6.5, room);
  const line3 = fitted(fonts.regular, shownDate(when), 6.5, room);
  const ops = [
    'q',
    '0.937 0.957 0.984 rg',
    `0.4 0.4 ${num(width - 0.8)} ${num(height - 0.8)} re f`,
    '0.051 0.278 0.631 RG 0.8 w',
    `0.4 0.4 ${num(width - 0.8)} ${num(height - 0.8)} re S`,
    // A tick in a circle.
    '0.106 0.498 0.231 RG 1.2 w 1 J 1 j',
    `${num(pad + 1)} ${num(height / 2)} m ${num(pad + 4)} ${num(height / 2 - 3.5)} l ${num(pad + 10)} ${num(height / 2 + 4)} l S`,
    '0.051 0.278 0.631 rg',
    outlines(fonts.bold, line1.text, line1.size, textX, height - pad - 7),
    'f',
    '0.122 0.161 0.216 rg',
    outlines(fonts.regular, line2.text, line2.size, textX, height - pad - 16.5),
    'f',
    '0.357 0.392 0.447 rg',
    outlines(fonts.regular, line3.text, line3.size, textX, height - pad - 25),
    'f',
    'Q',
  ];
  return Buffer.from(ops.join('\n'), 'latin1');
}
