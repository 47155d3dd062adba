import type { ItemResult } from '@portal/contracts';
import type { Person, TaskDocumentData } from './dataTypes';
import { documentDate, documentDateTime } from './dates';
import type { Pdf } from './pdf';
import { A4, COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';
import { type RenderOptions, resultColors } from './pageParts';

// The blocks the certificate (`certificate.ts`) is laid out from: fact grids, titles, light
// tables, the checklist in columns, the result band and the signature boxes.

export const NOT_RECORDED = 'Not recorded';
/** The signature boxes and the space under them. */
export const SIGNATURES_HEIGHT = 90;
export const orNot = (value: string | null | undefined) => (value?.trim() ? value : NOT_RECORDED);

/** A titled box of facts in columns, each a small label above its value. */
export function factGrid(pdf: Pdf, title: string, facts: [string, string][], columns = 4) {
  const pad = 7;
  const columnWidth = (CONTENT_WIDTH - 2 * pad) / columns;
  const rows: [string, string][][] = [];
  for (let i = 0; i < facts.length; i += columns) rows.push(facts.slice(i, i + columns));
  const labelHeight = (label: string) => pdf.heightOf(label.toUpperCase(), columnWidth - 8, 'regular', 6.5);
  const rowHeights = rows.map(
    (row) =>
      Math.max(...row.map(([label]) => labelHeight(label))) +
      Math.max(...row.map(([, value]) => pdf.heightOf(value, columnWidth - 8, 'bold', 8.5))) +
      4,
  );
  const height = 17 + rowHeights.reduce((a, b) => a + b, 0) + 1;
  pdf.ensure(height + 6);
  const top = pdf.y;
  pdf.strokeRect(MARGIN.left, top, CONTENT_WIDTH, height, COLOR.line, 4);
  pdf.fillRect(MARGIN.left, top, CONTENT_WIDTH, 13, COLOR.primaryLight, 4);
  pdf.fillRect(MARGIN.left, top + 8, CONTENT_WIDTH, 5, COLOR.primaryLight);
  pdf.within('Table', () => {
    pdf.within('Caption', () => {
      pdf.font('bold', 7, COLOR.primary);
      pdf.textAt(title.toUpperCase(), MARGIN.left + pad, top + 3.5, { characterSpacing: 0.3 });
    });
    let y = top + 16;
    rows.forEach((row, r) => {
      const labels = Math.max(...row.map(([label]) => labelHeight(label)));
      pdf.within('TR', () => {
        row.forEach(([label, value], c) => {
          const x = MARGIN.left + pad + c * columnWidth;
          pdf.within('TH', () => {
            pdf.font('regular', 6.5, COLOR.muted);
            pdf.textAt(label.toUpperCase(), x, y, { width: columnWidth - 8 });
          });
          pdf.within('TD', () => {
            const missing = value === NOT_RECORDED;
            pdf.font(missing ? 'oblique' : 'bold', 8.5, missing ? COLOR.muted : COLOR.text);
            pdf.textAt(value, x, y + labels + 0.5, { width: columnWidth - 8 });
          });
        });
      });
      y += rowHeights[r];
    });
  });
  pdf.y = top + height + 5;
}

/** A compact section title (a Sect with its H), kept with `keep` points of what follows. */
export function title(pdf: Pdf, text: string, keep = 40) {
  pdf.heading(text, { compact: true, keepWithNext: keep });
}

/** A light table: header row, rows of wrapped text, a hairline between rows; tagged as a table. */
export function lightTable(pdf: Pdf, columns: { title: string; width: number }[], rows: string[][], size = 7.5) {
  const pad = 4;
  const header = () => {
    const y = pdf.y;
    let x = MARGIN.left;
    pdf.within('TR', () => {
      for (const column of columns) {
        pdf.within('TH', () => {
          pdf.font('bold', 6.5, COLOR.muted);
          pdf.textAt(column.title.toUpperCase(), x + pad, y, { width: column.width - 2 * pad, characterSpacing: 0.2 });
        });
        x += column.width;
      }
    });
    pdf.y = y + 10;
    pdf.rule(pdf.y, COLOR.line, 0.4);
    pdf.y += 2;
  };
  pdf.within('Table', () => {
    header();
    for (const row of rows) {
      // Measured in the font each cell is drawn in (the first column is bold).
      const height =
        Math.max(...columns.map((c, i) => pdf.heightOf(row[i] ?? '', c.width - 2 * pad, i === 0 ? 'bold' : 'regular', size))) + 4;
      if (pdf.y + height > pdf.bottom) {
        pdf.newPage();
        header();
      }
      const y = pdf.y;
      let x = MARGIN.left;
      pdf.within('TR', () => {
        columns.forEach((column, i) => {
          pdf.within('TD', () => {
            pdf.font(i === 0 ? 'bold' : 'regular', size, COLOR.text);
            pdf.textAt(row[i] ?? '', x + pad, y + 1, { width: column.width - 2 * pad });
          });
          x += column.width;
        });
      });
      pdf.y = y + height;
      pdf.rule(pdf.y, COLOR.line, 0.3);
      pdf.y += 1;
    }
  });
  pdf.y += 4;
}

const RESULT_TEXT: Record<ItemResult, string> = { pass: 'Pass', fail: 'Fail', na: 'N/A' };
const RESULT_COLOR: Record<ItemResult, string> = { pass: COLOR.pass, fail: COLOR.fail, na: COLOR.muted };

/**
 * The checklist in columns: each section's name, then its items with their results. Two
 * columns, or three when that keeps the certificate on its page (`reserve` is what must still
 * follow it there); a long checklist flows column by column onto further pages, every item kept.
 */
export function checklistColumns(pdf: Pdf, data: TaskDocumentData, reserve: number) {
  type Line = { kind: 'section'; text: string } | { kind: 'item'; text: string; result: ItemResult | null };
  const lines: Line[] = [];
  for (const section of data.checklist?.sections ?? []) {
    lines.push({ kind: 'section', text: section.name });
    for (const item of section.items) lines.push({ kind: 'item', text: item.name, result: data.results[item.id] ?? null });
  }
  if (lines.length === 0) {
    pdf.font('oblique', 8, COLOR.muted);
    pdf.textAt('No checklist items were recorded for this task.', MARGIN.left, pdf.y);
    pdf.y += 12;
    return;
  }
  const gap = 14;
  const resultWidth = 28;
  const layout = (columns: number) => {
    const width = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
    const heightOf = (line: Line) =>
      line.kind === 'section' ? 13 : pdf.heightOf(line.text, width - resultWidth - 8, 'regular', 7.5) + 2.5;
    return { columns, width, heightOf, total: lines.reduce((sum, l) => sum + heightOf(l), 0) };
  };
  // The section title above is drawn with the first line (pending until then): its height counts.
  const room = pdf.bottom - pdf.y - 15;
  const two = layout(2);
  const three = layout(3);
  // The fewest columns that keep what follows on this page, else that keep the checklist itself on it.
  const fits = (l: typeof two, extra: number) => l.total / l.columns + 8 + extra <= room;
  const chosen = fits(two, reserve) ? two : fits(three, reserve) ? three : fits(two, 0) ? two : fits(three, 0) ? three : two;
  const { columns, width, heightOf, total } = chosen;
  // Balanced when it fits the page, else each column filled to the foot of the page.
  const balanced = total / columns + 20 <= room;
  const target = balanced ? total / columns : Number.POSITIVE_INFINITY;
  let column = 0;
  let top = pdf.y;
  let y = top;
  let lowest = top;
  let section = '';
  pdf.within('Table', () =>
    lines.forEach((line, index) => {
      const h = heightOf(line);
      // A section title keeps its first item with it.
      const need = line.kind === 'section' ? h + heightOf(lines[index + 1] ?? line) : h;
      const full = y + need > pdf.bottom || (balanced && column < columns - 1 && y - top + h / 2 > target && line.kind === 'section');
      if (full) {
        column++;
        if (column >= columns) {
          pdf.newPage();
          column = 0;
          top = pdf.y;
          lowest = top;
        }
        y = top;
        if (line.kind === 'item' && section) {
          pdf.font('bold', 7.5, COLOR.primary);
          pdf.textAt(`${section} (continued)`, MARGIN.left + column * (width + gap), y + 3, { width });
          y += 13;
        }
      }
      const x = MARGIN.left + column * (width + gap);
      const at = y;
      if (line.kind === 'section') {
        section = line.text;
        pdf.within('TR', () =>
          pdf.within('TH', () => {
            pdf.font('bold', 7.5, COLOR.primary);
            pdf.textAt(line.text, x, at + 3, { width });
          }),
        );
      } else {
        pdf.within('TR', () => {
          pdf.within('TD', () => {
            pdf.font('regular', 7.5, COLOR.text);
            pdf.textAt(line.text, x + 4, at, { width: width - resultWidth - 8 });
          });
          pdf.within('TD', () => {
            pdf.font('bold', 7.5, line.result ? RESULT_COLOR[line.result] : COLOR.pending);
            pdf.textAt(line.result ? RESULT_TEXT[line.result] : 'Open', x + width - resultWidth, at, {
              width: resultWidth,
              align: 'right',
            });
          });
        });
      }
      y += h;
      lowest = Math.max(lowest, y);
    }),
  );
  pdf.y = lowest + 4;
}

/** The result band: the outcome, the examination date, and (Pass only) validity and next due date. */
export function resultBand(pdf: Pdf, data: TaskDocumentData) {
  pdf.ensure(50);
  const top = pdf.y;
  const [color, background] = resultColors(data.result);
  const failed = data.result === 2;
  const dangerous = data.defects.some((d) => d.danger === 1);
  pdf.fillRect(MARGIN.left, top, CONTENT_WIDTH, 40, background, 4);
  pdf.font('regular', 7, COLOR.muted);
  pdf.textAt('RESULT OF THE EXAMINATION', MARGIN.left + 10, top + 7);
  pdf.font('bold', 17, color);
  pdf.textAt(data.result === 1 ? 'PASS' : failed ? 'FAIL' : 'NOT INSPECTED', MARGIN.left + 10, top + 16, { width: 190 });
  if (failed) {
    pdf.font('bold', 8.5, color);
    pdf.textAt(dangerous ? 'NOT SAFE TO USE' : 'DEFECTS FOUND', MARGIN.left + 62, top + 21.5, { width: 140 });
  }
  const facts: [string, string][] = [
    ['Date of examination', documentDateTime(data.actualInspectionDate, data.timeZone)],
    ['Next examination due', failed ? 'After repair' : data.nextDueDate ? documentDate(data.nextDueDate, data.timeZone) : NOT_RECORDED],
  ];
  if (data.result === 1) facts.push(['Validity', `${data.taskType.validityMonths} months`]);
  const widths = [150, 95, 70];
  facts.forEach(([label, value], i) => {
    const x = MARGIN.left + 190 + widths.slice(0, i).reduce((a, b) => a + b, 0);
    const width = widths[i];
    pdf.font('regular', 7, COLOR.muted);
    pdf.textAt(label.toUpperCase(), x, top + 7, { width: width - 6 });
    pdf.font('bold', 9, COLOR.text);
    pdf.textAt(value, x, top + 19, { width: width - 6 });
  });
  pdf.y = top + 46;
}

/** Signature boxes: each performing inspector, the approver, and the verification QR code. */
export function signatures(pdf: Pdf, data: TaskDocumentData, options: RenderOptions) {
  const qrSize = 78;
  const gap = 10;
  const performers = data.performers.length > 0 ? data.performers : [];
  const shown = performers.slice(0, 2);
  const boxes = shown.length + 1;
  const boxWidth = (CONTENT_WIDTH - qrSize - gap * boxes) / boxes;
  const height = SIGNATURES_HEIGHT - 4;
  pdf.ensure(height + 4);
  const top = pdf.y;
  const block = (heading: string, who: Person | null, note: string, x: number, extra?: string) => {
    pdf.strokeRect(x, top, boxWidth, height, COLOR.line, 4);
    pdf.font('bold', 7, COLOR.primary);
    pdf.textAt(heading.toUpperCase(), x + 7, top + 6, { characterSpacing: 0.3 });
    if (who?.signature)
      pdf.image(who.signature.data, x + 7, top + 15, { fit: [boxWidth - 14, 30], valign: 'center' }, `Signature of ${who.name}`);
    else {
      pdf.font('oblique', 7.5, COLOR.muted);
      pdf.textAt(who ? 'Signature not on file' : 'Awaiting approval', x + 7, top + 26, { width: boxWidth - 14 });
    }
    pdf.rule(top + 48, COLOR.line, 0.5, x + 7, x + boxWidth - 7);
    pdf.font('bold', 8.5, COLOR.text);
    pdf.textAt(who?.name ?? '—', x + 7, top + 52, { width: boxWidth - 14, height: 11, ellipsis: true });
    pdf.font('regular', 6.5, COLOR.muted);
    pdf.textAt(who?.qualifications ?? '', x + 7, top + 62, { width: boxWidth - 14, height: 12, ellipsis: true });
    pdf.textAt(extra ? `${note}  ·  ${extra}` : note, x + 7, top + 75, { width: boxWidth - 14, height: 9, ellipsis: true });
  };
  const examined = documentDate(data.actualInspectionDate, data.timeZone);
  shown.forEach((p, i) => {
    const others = i === shown.length - 1 && performers.length > shown.length ? `and ${performers.length - shown.length} more` : undefined;
    block(i === 0 ? 'Examined by' : 'Also examined by', p, `Examined ${examined}`, MARGIN.left + i * (boxWidth + gap), others);
  });
  if (shown.length === 0) {
    // Nobody saved results (a document of older data): the box says so rather than naming someone.
    block('Examined by', null, NOT_RECORDED, MARGIN.left);
  }
  block(
    'Approved by',
    options.final ? data.approver : null,
    options.final ? `Approved ${documentDate(data.certificateDate ?? options.issuedAt, data.timeZone)}` : 'Not yet approved',
    MARGIN.left + Math.max(shown.length, 1) * (boxWidth + gap),
  );
  const qrX = A4.width - MARGIN.right - qrSize;
  if (options.verificationUrl) {
    pdf.qr(options.verificationUrl, qrX, top, qrSize);
    pdf.font('regular', 6.5, COLOR.muted);
    pdf.textAt('Scan to verify', qrX, top + qrSize + 3, { width: qrSize, align: 'center' });
  } else {
    pdf.artifact(() =>
      pdf.doc
        .save()
        .roundedRect(qrX, top, qrSize, qrSize, 4)
        .dash(3, { space: 2 })
        .lineWidth(0.6)
        .strokeColor(COLOR.line)
        .stroke()
        .restore(),
    );
    pdf.font('oblique', 6.5, COLOR.muted);
    pdf.textAt('Verification QR code issued with the final certificate', qrX + 5, top + 24, { width: qrSize - 10, align: 'center' });
  }
  pdf.y = top + height + 4;
}
