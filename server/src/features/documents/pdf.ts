import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { loadFonts } from './fonts';

/**
 * A small layer over pdfkit shared by the three documents: A4 pages with our margins, the
 * DejaVu fonts (parsed once, `fonts.ts`), a compact header on every page after the first,
 * key/value boxes, tables that break across pages with their header repeated, a vector QR
 * code, and at the end the footer ('Page n of m') and the PREVIEW watermark on every page.
 */
export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = { left: 42, right: 42, top: 40, bottom: 64 };
export const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
export const COLOR = {
  primary: '#0d47a1',
  primaryLight: '#e3ecf8',
  text: '#1f2937',
  muted: '#5b6472',
  line: '#cfd6df',
  zebra: '#f5f7fa',
  pass: '#1b7f3b',
  passLight: '#e5f4ea',
  fail: '#b3261e',
  failLight: '#fbe7e6',
  pending: '#9a6700',
  pendingLight: '#fff4d6',
};

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'center' | 'right';
  /** Draws the cell itself (a result chip); answers nothing. */
  draw?: (pdf: Pdf, value: string, x: number, y: number, width: number, height: number) => void;
}

export interface FooterInfo {
  left: string;
  right: string;
  watermark: string | null;
}

export class Pdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  /** Drawn at the top of every page after the first. */
  runningHeader: ((pdf: Pdf) => void) | null = null;

  constructor(info: { title: string; author: string; subject: string }) {
    const fonts = loadFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN.top, left: MARGIN.left, right: MARGIN.right, bottom: 20 },
      bufferPages: true,
      autoFirstPage: true,
      compress: true,
      info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: 'Inspection portal', Producer: 'Inspection portal' },
    });
    const register = this.doc.registerFont.bind(this.doc) as (name: string, src: unknown) => PDFKit.PDFDocument;
    register('regular', fonts.regular);
    register('bold', fonts.bold);
    register('oblique', fonts.oblique);
    this.doc.font('regular').fontSize(9).fillColor(COLOR.text);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.y = value;
  }

  get bottom(): number {
    return A4.height - MARGIN.bottom;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.y = MARGIN.top;
    this.runningHeader?.(this);
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  font(kind: 'regular' | 'bold' | 'oblique', size: number, color: string = COLOR.text): this {
    this.doc.font(kind).fontSize(size).fillColor(color);
    return this;
  }

  /** Text at a fixed place that never starts a page of its own. */
  textAt(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
    const bottom = this.doc.page.margins.bottom;
    this.doc.page.margins.bottom = 0;
    this.doc.text(text, x, y, { lineBreak: options.width !== undefined, ...options });
    this.doc.page.margins.bottom = bottom;
  }

  heightOf(text: string, width: number, kind: 'regular' | 'bold' | 'oblique', size: number): number {
    this.doc.font(kind).fontSize(size);
    return this.doc.heightOfString(text || ' ', { width });
  }

  rule(y: number, color: string = COLOR.line, width = 0.6, x1 = MARGIN.left, x2 = A4.width - MARGIN.right): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  /** A section title with a coloured rule under it. */
  heading(text: string): void {
    this.ensure(40);
    this.doc.y += 6;
    this.font('bold', 10.5, COLOR.primary);
    this.textAt(text.toUpperCase(), MARGIN.left, this.doc.y, { characterSpacing: 0.4 });
    this.doc.y += 15;
    this.rule(this.doc.y, COLOR.primary, 1);
    this.doc.y += 6;
  }

  /**
   * Boxes of label/value rows side by side (client, site, equipment...). Answers nothing;
   * moves y under the tallest box.
   */
  boxes(boxes: { title: string; rows: [string, string][] }[], gap = 10): void {
    const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
    const labelWidth = Math.min(92, width * 0.4);
    const valueWidth = width - labelWidth - 14;
    const heights = boxes.map((box) => {
      let h = 22;
      for (const [label, value] of box.rows)
        h += Math.max(this.heightOf(label, labelWidth, 'regular', 8), this.heightOf(value || '—', valueWidth, 'bold', 8.5)) + 4;
      return h + 4;
    });
    const height = Math.max(...heights);
    this.ensure(height + 8);
    const top = this.doc.y;
    boxes.forEach((box, i) => {
      const x = MARGIN.left + i * (width + gap);
      this.doc.save().roundedRect(x, top, width, height, 4).lineWidth(0.6).strokeColor(COLOR.line).stroke().restore();
      this.doc.save().roundedRect(x, top, width, 17, 4).fill(COLOR.primaryLight).restore();
      this.doc
        .save()
        .rect(x, top + 12, width, 5)
        .fill(COLOR.primaryLight)
        .restore();
      this.font('bold', 8, COLOR.primary);
      this.textAt(box.title.toUpperCase(), x + 7, top + 4.5, { characterSpacing: 0.3 });
      let y = top + 22;
      for (const [label, value] of box.rows) {
        this.font('regular', 8, COLOR.muted);
        this.textAt(label, x + 7, y, { width: labelWidth });
        this.font('bold', 8.5, COLOR.text);
        this.textAt(value || '—', x + 7 + labelWidth, y - 0.5, { width: valueWidth });
        y += Math.max(this.heightOf(label, labelWidth, 'regular', 8), this.heightOf(value || '—', valueWidth, 'bold', 8.5)) + 4;
      }
    });
    this.doc.y = top + height + 8;
  }

  /** A table with a shaded header, zebra rows and the header repeated on every page it spans. */
  table(columns: Column[], rows: string[][], options: { fontSize?: number } = {}): void {
    const size = options.fontSize ?? 8.5;
    const pad = 5;
    const drawHeader = () => {
      const y = this.doc.y;
      this.doc.save().rect(MARGIN.left, y, CONTENT_WIDTH, 18).fill(COLOR.primary).restore();
      let x = MARGIN.left;
      this.font('bold', 8, '#ffffff');
      for (const column of columns) {
        this.textAt(column.title, x + pad, y + 5, { width: column.width - 2 * pad, align: column.align ?? 'left' });
        x += column.width;
      }
      this.doc.y = y + 18;
    };
    this.ensure(18 + 20);
    drawHeader();
    rows.forEach((row, index) => {
      const height =
        Math.max(...columns.map((column, i) => (column.draw ? 12 : this.heightOf(row[i] ?? '', column.width - 2 * pad, 'regular', size)))) +
        2 * pad -
        1;
      if (this.doc.y + height > this.bottom) {
        this.newPage();
        drawHeader();
      }
      const y = this.doc.y;
      if (index % 2 === 1) this.doc.save().rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.zebra).restore();
      let x = MARGIN.left;
      columns.forEach((column, i) => {
        const value = row[i] ?? '';
        if (column.draw) column.draw(this, value, x, y, column.width, height);
        else {
          this.font('regular', size, COLOR.text);
          this.textAt(value, x + pad, y + pad - 0.5, { width: column.width - 2 * pad, align: column.align ?? 'left' });
        }
        x += column.width;
      });
      this.rule(y + height, COLOR.line, 0.4);
      this.doc.y = y + height;
    });
    this.doc.y += 6;
  }

  /** A rounded coloured label (result chips). */
  chip(text: string, x: number, y: number, width: number, color: string, background: string, size = 7.5): void {
    this.doc
      .save()
      .roundedRect(x, y, width, size + 6, (size + 6) / 2)
      .fill(background)
      .restore();
    this.font('bold', size, color);
    this.textAt(text, x, y + 3, { width, align: 'center' });
  }

  /** A QR code drawn as vector squares (sharp at any zoom, no image decoding). */
  qr(text: string, x: number, y: number, size: number): void {
    const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const count = code.modules.size;
    const quiet = 2;
    const cell = size / (count + 2 * quiet);
    this.doc.save().rect(x, y, size, size).fill('#ffffff');
    this.doc.fillColor('#000000');
    for (let r = 0; r < count; r++)
      for (let c = 0; c < count; c++)
        if (code.modules.get(r, c)) this.doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
    this.doc.fill('#000000').restore();
  }

  image(data: Buffer, x: number, y: number, options: PDFKit.Mixins.ImageOption): void {
    this.doc.image(data, x, y, options);
  }

  /** Footer and watermark on every page, then the finished PDF. */
  async finish(footer: FooterInfo): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      if (footer.watermark) {
        this.doc.save();
        this.doc.rotate(-40, { origin: [A4.width / 2, A4.height / 2] });
        this.font('bold', 110, '#b3261e');
        this.doc.fillOpacity(0.09);
        this.textAt(footer.watermark, 0, A4.height / 2 - 60, { width: A4.width, align: 'center' });
        this.doc.restore();
      }
      const y = A4.height - MARGIN.bottom + 22;
      this.rule(y - 6);
      this.font('regular', 7.5, COLOR.muted);
      this.textAt(footer.left, MARGIN.left, y, { width: CONTENT_WIDTH * 0.7 });
      this.textAt(`Page ${i - range.start + 1} of ${range.count}`, MARGIN.left, y, { width: CONTENT_WIDTH, align: 'right' });
      this.font('regular', 6.5, COLOR.muted);
      this.textAt(footer.right, MARGIN.left, y + 11, { width: CONTENT_WIDTH });
    }
    this.doc.end();
    return this.ended;
  }
}
