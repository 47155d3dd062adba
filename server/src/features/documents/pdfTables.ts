import type { Pdf } from './pdf';
import { COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';

// The tables of the documents' PDF layer, drawn with its tagged primitives: each a Table of
// TR with TH and TD in the structure tree.

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Draws the cell itself (a result chip); answers nothing. */
  draw?: (pdf: Pdf, value: string, x: number, y: number, width: number, height: number) => void;
}

/**
 * Boxes of label/value rows side by side (client, site, equipment...), each a small table
 * whose caption is its title. Answers nothing; moves y under the tallest box.
 */
export function drawBoxes(pdf: Pdf, boxes: { title: string; rows: [string, string][] }[], gap = 10): void {
  const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const labelWidth = Math.min(92, width * 0.4);
  const valueWidth = width - labelWidth - 14;
  const heights = boxes.map((box) => {
    let h = 22;
    for (const [label, value] of box.rows)
      h += Math.max(pdf.heightOf(label, labelWidth, 'regular', 8), pdf.heightOf(value || '—', valueWidth, 'bold', 8.5)) + 4;
    return h + 4;
  });
  const height = Math.max(...heights);
  pdf.ensure(height + 8);
  const top = pdf.doc.y;
  boxes.forEach((box, i) => {
    const x = MARGIN.left + i * (width + gap);
    pdf.artifact(() => {
      pdf.doc.save().roundedRect(x, top, width, height, 4).lineWidth(0.6).strokeColor(COLOR.line).stroke().restore();
      pdf.doc.save().roundedRect(x, top, width, 17, 4).fill(COLOR.primaryLight).restore();
      pdf.doc
        .save()
        .rect(x, top + 12, width, 5)
        .fill(COLOR.primaryLight)
        .restore();
    });
    pdf.within('Table', () => {
      pdf.within('Caption', () => {
        pdf.font('bold', 8, COLOR.primary);
        pdf.textAt(box.title.toUpperCase(), x + 7, top + 4.5, { characterSpacing: 0.3 });
      });
      let y = top + 22;
      for (const [label, value] of box.rows) {
        pdf.within('TR', () => {
          pdf.within(
            'TH',
            () => {
              pdf.font('regular', 8, COLOR.muted);
              pdf.textAt(label, x + 7, y, { width: labelWidth });
            },
            { scope: 'Row' },
          );
          pdf.within('TD', () => {
            pdf.font('bold', 8.5, COLOR.text);
            pdf.textAt(value || '—', x + 7 + labelWidth, y - 0.5, { width: valueWidth });
          });
        });
        y += Math.max(pdf.heightOf(label, labelWidth, 'regular', 8), pdf.heightOf(value || '—', valueWidth, 'bold', 8.5)) + 4;
      }
    });
  });
  pdf.doc.y = top + height + 8;
}

/** A table with a shaded header, zebra rows and the header repeated on every page it spans. */
export function drawTable(pdf: Pdf, columns: Column[], rows: string[][], options: { fontSize?: number } = {}): void {
  const size = options.fontSize ?? 8.5;
  const pad = 5;
  const rowHeight = (row: string[]) =>
    Math.max(...columns.map((column, i) => (column.draw ? 12 : pdf.heightOf(row[i] ?? '', column.width - 2 * pad, 'regular', size)))) +
    2 * pad -
    1;
  const drawHeader = () => {
    const y = pdf.doc.y;
    pdf.fillRect(MARGIN.left, y, CONTENT_WIDTH, 18, COLOR.primary);
    let x = MARGIN.left;
    for (const column of columns) {
      const left = x;
      pdf.within(
        'TH',
        () => {
          pdf.font('bold', 8, '#ffffff');
          pdf.textAt(column.title, left + pad, y + 5, { width: column.width - 2 * pad, align: column.align ?? 'left' });
        },
        { scope: 'Column' },
      );
      x += column.width;
    }
    pdf.doc.y = y + 18;
  };
  // The header is kept with the first row.
  pdf.ensure(18 + (rows.length ? rowHeight(rows[0]) : 20));
  pdf.within('Table', () => {
    pdf.within('TR', drawHeader);
    rows.forEach((row, index) => {
      const height = rowHeight(row);
      if (pdf.doc.y + height > pdf.bottom) {
        pdf.newPage();
        // A repeated header is page furniture, not a second header row.
        pdf.artifact(drawHeader, 'Pagination');
      }
      const y = pdf.doc.y;
      if (index % 2 === 1) pdf.fillRect(MARGIN.left, y, CONTENT_WIDTH, height, COLOR.zebra);
      pdf.within('TR', () => {
        let x = MARGIN.left;
        columns.forEach((column, i) => {
          const value = row[i] ?? '';
          const left = x;
          pdf.within('TD', () => {
            if (column.draw) column.draw(pdf, value, left, y, column.width, height);
            else {
              pdf.font('regular', size, COLOR.text);
              pdf.textAt(value, left + pad, y + pad - 0.5, { width: column.width - 2 * pad, align: column.align ?? 'left' });
            }
          });
          x += column.width;
        });
      });
      pdf.rule(y + height, COLOR.line, 0.4);
      pdf.doc.y = y + height;
    });
  });
  pdf.doc.y += 6;
}
