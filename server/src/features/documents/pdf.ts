import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { headerSize, type PdfReadyImage, pdfReadyImage } from '../../lib/images';
import { loadFonts } from './fonts';

/**
 * A small layer over pdfkit shared by the documents: A4 pages with our margins, the DejaVu
 * fonts (parsed once, `fonts.ts`), a compact header on every page after the first, key/value
 * boxes, tables that break across pages with their header repeated, a vector QR code, and at
 * the end the footer ('Page n of m') and the PREVIEW watermark on every page.
 *
 * Every document it makes is PDF/A-2b (XMP metadata with pdfaid part 2 conformance B, the
 * sRGB output intent, embedded fonts), tagged (/MarkInfo, /StructTreeRoot, /Lang) with a
 * logical structure the primitives build as they draw:
 * - `heading` -> H, opening a Sect that holds what follows until the next heading;
 * - `textAt` and `paragraph` -> P (or content of the element being drawn: a cell, a caption);
 * - `table` and `boxes` -> Table / TR / TH / TD (a box's title is its Caption);
 * - `image(..., alt)` and `qr` -> Figure with its alternate text (an image without alt text is
 *   decoration: an artifact);
 * - the running header, footer, watermark, rules and fills -> artifacts.
 * Renderers group their own parts with `within(type, draw)` (a Sect per checklist item...).
 *
 * Keep with next: a heading is not drawn at once. It is placed by whatever comes next: that
 * block's `ensure(height)` (or any primitive) starts a new page unless the heading AND the
 * block fit, so a heading never stands alone at a page foot. `heading(text, { keepWithNext })`
 * names the height of the first block when the renderer knows it.
 *
 * Images are embedded once per document (by content: the same photo used five times is one
 * object) and never decoded by pdfkit: the page is laid out from the size the image's header
 * declares, while sharp prepares the pixels off the main thread (at most RENDER_MAX_SIDE
 * pixels, upright: a huge signature stored before uploads were scaled costs one scaling per
 * process, `lib/images.ts` keeps the result), and `finish` writes the image objects.
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

/** The language of the documents' text (/Lang). */
export const DOCUMENT_LANG = 'en-GB';

/**
 * Where the visible signature ("Digitally signed by ...") goes on the LAST page of a signed
 * document (points from the top left, like pdfkit): the right end of the footer band, which
 * `finish` leaves free when `signatureSlot` is set. `signing.ts` draws the widget there.
 */
export const SIGNATURE_SLOT = { x: A4.width - MARGIN.right - 150, y: A4.height - MARGIN.bottom + 19, width: 150, height: 34 };

/** The longest side of an image in a document, in pixels (a full-width image at 200 dpi). */
const RENDER_MAX_SIDE = 1200;

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
  /**
   * Leave the footer's right end of the last page free for the visible signature
   * (SIGNATURE_SLOT). Default: when there is no watermark (final documents are signed).
   */
  signatureSlot?: boolean;
}

type FontKind = 'regular' | 'bold' | 'oblique';
type Struct = PDFKit.PDFStructureElement;
/** Structure types whose drawn text is their own content (not a new P inside them). */
const LEAF_TYPES = new Set(['P', 'H', 'H1', 'H2', 'H3', 'TD', 'TH', 'Caption', 'Lbl', 'LBody', 'Span', 'Figure', 'Note']);

interface Frame {
  type: string;
  element: Struct;
  /** A Sect opened by `heading`, closed by the next heading or the end. */
  auto?: boolean;
}

interface Pending {
  text: string;
  element: Struct;
  keepWithNext: number;
  /** The certificate's tighter title (8 pt, 15 pt high) rather than the reports' 10.5 pt one. */
  compact: boolean;
}

/**
 * An image whose pixels arrive later (prepared off the main thread); pdfkit takes it as an
 * opened image (size, label, object) and `finish` writes its object before the pages.
 */
interface DeferredImage {
  width: number;
  height: number;
  label: string;
  obj: { toString(): string };
  embed(): void;
  pages: Set<unknown>;
  ready: Promise<PdfReadyImage | null>;
}

interface PdfkitInternals {
  page: { xobjects: Record<string, unknown> };
  info: Record<string, unknown>;
  _addInfo(): void;
  ref(data: Record<string, unknown>): { end(chunk?: Buffer): void };
}

const HEADING_HEIGHT = 27;
const COMPACT_HEADING_HEIGHT = 15;

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

export class Pdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  /** Drawn at the top of every page after the first (as an artifact). */
  runningHeader: ((pdf: Pdf) => void) | null = null;
  private readonly stack: Frame[];
  private pending: Pending[] = [];
  /** > 0 while drawing inside a marked-content sequence or an artifact: no nested marking. */
  private marking = 0;
  private current: { kind: FontKind; size: number; color: string } = { kind: 'regular', size: 9, color: COLOR.text };
  private readonly images = new Map<string, DeferredImage | null>();
  private readonly imagesByBuffer = new WeakMap<Buffer, DeferredImage | null>();
  private readonly deferred: DeferredImage[] = [];

  constructor(info: { title: string; author: string; subject: string; keywords?: string }) {
    const fonts = loadFonts();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: MARGIN.top, left: MARGIN.left, right: MARGIN.right, bottom: 20 },
      bufferPages: true,
      autoFirstPage: true,
      compress: true,
      pdfVersion: '1.7',
      subset: 'PDF/A-2b',
      tagged: true,
      lang: DOCUMENT_LANG,
      displayTitle: true,
      info: {
        Title: info.title,
        Author: info.author,
        Subject: info.subject,
        ...(info.keywords ? { Keywords: info.keywords } : {}),
        Creator: 'Inspection portal',
        Producer: 'Inspection portal',
      },
    });
    this.escapeXmpValues();
    const register = this.doc.registerFont.bind(this.doc) as (name: string, src: unknown) => PDFKit.PDFDocument;
    register('regular', fonts.regular);
    register('bold', fonts.bold);
    register('oblique', fonts.oblique);
    this.doc.font('regular').fontSize(9).fillColor(COLOR.text);
    const root = this.doc.struct('Document');
    this.doc.addStructure(root);
    this.stack = [{ type: 'Document', element: root }];
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  /**
   * pdfkit writes the Info values into the XMP packet as they are: a provider named
   * 'Smith & Sons' would make it invalid XML. Escaped there only (the Info dictionary, written
   * before, keeps the plain text, so both say the same, as PDF/A requires).
   */
  private escapeXmpValues(): void {
    const doc = this.doc as unknown as PdfkitInternals;
    const addInfo = doc._addInfo.bind(doc);
    doc._addInfo = () => {
      const saved = { ...doc.info };
      for (const [key, value] of Object.entries(doc.info)) if (typeof value === 'string') doc.info[key] = escapeXml(value);
      try {
        addInfo();
      } finally {
        Object.assign(doc.info, saved);
      }
    };
  }

  // ---- position and pages -------------------------------------------------------------

  /** Where the next block goes (places a waiting heading first). */
  get y(): number {
    this.placeHeadings(14);
    return this.doc.y;
  }

  set y(value: number) {
    if (this.pending.length) {
      const delta = value - this.doc.y;
      this.placeHeadings(Math.max(14, delta));
      this.doc.y += delta;
      return;
    }
    this.doc.y = value;
  }

  get bottom(): number {
    return A4.height - MARGIN.bottom;
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.y = MARGIN.top;
    if (this.runningHeader) {
      const header = this.runningHeader;
      const state = { ...this.current };
      this.artifact(() => header(this), 'Pagination');
      this.font(state.kind, state.size, state.color);
    }
  }

  /** Starts a new page unless `height` more points (and any waiting heading) fit on this one. */
  ensure(height: number): void {
    if (this.pending.length && this.marking === 0) {
      this.placeHeadings(height);
      return;
    }
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  font(kind: FontKind, size: number, color: string = COLOR.text): this {
    this.current = { kind, size, color };
    this.doc.font(kind).fontSize(size).fillColor(color);
    return this;
  }

  // ---- structure ----------------------------------------------------------------------

  private get top(): Frame {
    return this.stack[this.stack.length - 1];
  }

  /**
   * Draws `draw` as one structure element of `type` (a group such as Sect, Table, TR, or a
   * leaf such as TD, Caption, Figure) under the current one; text drawn inside belongs to it.
   */
  within(type: string, draw: () => void, options: { alt?: string; scope?: 'Row' | 'Column' } = {}): void {
    if (this.marking > 0) {
      draw();
      return;
    }
    const element = this.doc.struct(type, options as Parameters<PDFKit.PDFDocument['struct']>[1]);
    this.top.element.add(element);
    this.stack.push({ type, element });
    try {
      draw();
    } finally {
      while (this.stack.length > 1 && this.top.element !== element) this.closeTop();
      this.closeTop();
    }
  }

  private closeTop(): void {
    const frame = this.stack.pop();
    frame?.element.end();
  }

  /**
   * Marks what `draw` paints as content of the current leaf element, or of a new `type`
   * element under the current group. Inside an artifact or another marking it just draws.
   */
  private mark(type: string, draw: () => void, options: { alt?: string } = {}): void {
    if (this.marking > 0) {
      draw();
      return;
    }
    const own = !LEAF_TYPES.has(this.top.type) || type === 'Figure';
    const element = own ? this.doc.struct(type, options as Parameters<PDFKit.PDFDocument['struct']>[1]) : this.top.element;
    const tag = own ? type : this.top.type;
    const content = this.doc.markStructureContent(tag);
    this.marking++;
    try {
      draw();
    } finally {
      this.marking--;
      this.doc.endMarkedContent();
    }
    element.add(content);
    if (own) {
      this.top.element.add(element);
      element.end();
    }
  }

  /** Draws decoration that is not content (rules, fills, page furniture) as an artifact. */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    if (this.marking > 0) {
      draw();
      return;
    }
    this.doc.markContent('Artifact', { type });
    this.marking++;
    try {
      draw();
    } finally {
      this.marking--;
      this.doc.endMarkedContent();
    }
  }

  // ---- headings (kept with what follows) ---------------------------------------------

  /**
   * A section title with a coloured rule under it, opening a section (Sect) of the structure.
   * It is drawn together with the next block: see the class comment.
   */
  heading(text: string, options: { keepWithNext?: number; compact?: boolean } = {}): void {
    if (this.top.auto) this.closeTop();
    const sect = this.doc.struct('Sect');
    this.top.element.add(sect);
    this.stack.push({ type: 'Sect', element: sect, auto: true });
    const element = this.doc.struct('H');
    sect.add(element);
    this.pending.push({ text, element, keepWithNext: options.keepWithNext ?? 0, compact: options.compact ?? false });
  }

  /** Draws the waiting headings, on a new page unless they and `next` points fit here. */
  private placeHeadings(next: number): void {
    // Never from inside an artifact (a running header drawn while a heading waits): the heading
    // goes with the next content block instead.
    if (this.pending.length === 0 || this.marking > 0) return;
    const headings = this.pending;
    this.pending = [];
    const keep = Math.max(next, ...headings.map((h) => h.keepWithNext));
    const height = headings.reduce((sum, h) => sum + (h.compact ? COMPACT_HEADING_HEIGHT : HEADING_HEIGHT), 0);
    if (this.doc.y + height + keep > this.bottom) this.newPage();
    const state = { ...this.current };
    for (const heading of headings) {
      this.doc.y += heading.compact ? 2 : 6;
      const y = this.doc.y;
      const content = this.doc.markStructureContent('H');
      this.marking++;
      this.font('bold', heading.compact ? 8 : 10.5, COLOR.primary);
      this.rawText(heading.text.toUpperCase(), MARGIN.left, y, { characterSpacing: 0.4 });
      this.marking--;
      this.doc.endMarkedContent();
      heading.element.add(content);
      heading.element.end();
      this.doc.y = y + (heading.compact ? 10 : 15);
      this.rule(this.doc.y, COLOR.primary, heading.compact ? 0.8 : 1);
      this.doc.y += heading.compact ? 3 : 6;
    }
    this.font(state.kind, state.size, state.color);
  }

  // ---- text ---------------------------------------------------------------------------

  private rawText(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
    const bottom = this.doc.page.margins.bottom;
    this.doc.page.margins.bottom = 0;
    this.doc.text(text, x, y, { lineBreak: options.width !== undefined, ...options });
    this.doc.page.margins.bottom = bottom;
  }

  /** Text at a fixed place that never starts a page of its own (a P, or the current cell's content). */
  textAt(text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
    this.placeHeadings(14);
    this.mark('P', () => this.rawText(text, x, y, options));
  }

  /**
   * A paragraph in the flow at the current y (kept whole on one page when it fits one),
   * leaving y under it plus `gap`.
   */
  paragraph(
    text: string,
    options: { kind?: FontKind; size?: number; color?: string; indent?: number; align?: 'left' | 'justify'; gap?: number } = {},
  ): void {
    const kind = options.kind ?? 'regular';
    const size = options.size ?? 8.5;
    const indent = options.indent ?? 0;
    const width = CONTENT_WIDTH - indent;
    const height = this.heightOf(text, width, kind, size);
    this.ensure(Math.min(height, this.bottom - MARGIN.top - 40));
    const y = this.doc.y;
    this.font(kind, size, options.color ?? COLOR.text);
    this.mark('P', () => this.rawText(text, MARGIN.left + indent, y, { width, align: options.align ?? 'left' }));
    this.doc.y = y + height + (options.gap ?? 4);
  }

  heightOf(text: string, width: number, kind: FontKind, size: number): number {
    this.doc.font(kind).fontSize(size);
    const height = this.doc.heightOfString(text || ' ', { width });
    this.doc.font(this.current.kind).fontSize(this.current.size);
    return height;
  }

  // ---- drawing primitives -------------------------------------------------------------

  rule(y: number, color: string = COLOR.line, width = 0.6, x1 = MARGIN.left, x2 = A4.width - MARGIN.right): void {
    this.artifact(() => this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore());
  }

  /** A filled (and/or stroked) rectangle drawn as decoration. */
  fillRect(x: number, y: number, width: number, height: number, color: string, radius = 0): void {
    this.artifact(() => {
      this.doc.save();
      if (radius > 0) this.doc.roundedRect(x, y, width, height, radius);
      else this.doc.rect(x, y, width, height);
      this.doc.fill(color).restore();
    });
  }

  strokeRect(x: number, y: number, width: number, height: number, color: string = COLOR.line, radius = 0, lineWidth = 0.6): void {
    this.artifact(() => {
      this.doc.save();
      if (radius > 0) this.doc.roundedRect(x, y, width, height, radius);
      else this.doc.rect(x, y, width, height);
      this.doc.lineWidth(lineWidth).strokeColor(color).stroke().restore();
    });
  }

  /**
   * Boxes of label/value rows side by side (client, site, equipment...), each a small table
   * whose caption is its title. Answers nothing; moves y under the tallest box.
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
      this.artifact(() => {
        this.doc.save().roundedRect(x, top, width, height, 4).lineWidth(0.6).strokeColor(COLOR.line).stroke().restore();
        this.doc.save().roundedRect(x, top, width, 17, 4).fill(COLOR.primaryLight).restore();
        this.doc
          .save()
          .rect(x, top + 12, width, 5)
          .fill(COLOR.primaryLight)
          .restore();
      });
      this.within('Table', () => {
        this.within('Caption', () => {
          this.font('bold', 8, COLOR.primary);
          this.textAt(box.title.toUpperCase(), x + 7, top + 4.5, { characterSpacing: 0.3 });
        });
        let y = top + 22;
        for (const [label, value] of box.rows) {
          this.within('TR', () => {
            this.within(
              'TH',
              () => {
                this.font('regular', 8, COLOR.muted);
                this.textAt(label, x + 7, y, { width: labelWidth });
              },
              { scope: 'Row' },
            );
            this.within('TD', () => {
              this.font('bold', 8.5, COLOR.text);
              this.textAt(value || '—', x + 7 + labelWidth, y - 0.5, { width: valueWidth });
            });
          });
          y += Math.max(this.heightOf(label, labelWidth, 'regular', 8), this.heightOf(value || '—', valueWidth, 'bold', 8.5)) + 4;
        }
      });
    });
    this.doc.y = top + height + 8;
  }

  /** A table with a shaded header, zebra rows and the header repeated on every page it spans. */
  table(columns: Column[], rows: string[][], options: { fontSize?: number } = {}): void {
    const size = options.fontSize ?? 8.5;
    const pad = 5;
    const rowHeight = (row: string[]) =>
      Math.max(...columns.map((column, i) => (column.draw ? 12 : this.heightOf(row[i] ?? '', column.width - 2 * pad, 'regular', size)))) +
      2 * pad -
      1;
    const drawHeader = () => {
      const y = this.doc.y;
      this.fillRect(MARGIN.left, y, CONTENT_WIDTH, 18, COLOR.primary);
      let x = MARGIN.left;
      for (const column of columns) {
        const left = x;
        this.within(
          'TH',
          () => {
            this.font('bold', 8, '#ffffff');
            this.textAt(column.title, left + pad, y + 5, { width: column.width - 2 * pad, align: column.align ?? 'left' });
          },
          { scope: 'Column' },
        );
        x += column.width;
      }
      this.doc.y = y + 18;
    };
    // The header is kept with the first row.
    this.ensure(18 + (rows.length ? rowHeight(rows[0]) : 20));
    this.within('Table', () => {
      this.within('TR', drawHeader);
      rows.forEach((row, index) => {
        const height = rowHeight(row);
        if (this.doc.y + height > this.bottom) {
          this.newPage();
          // A repeated header is page furniture, not a second header row.
          this.artifact(drawHeader, 'Pagination');
        }
        const y = this.doc.y;
        if (index % 2 === 1) this.fillRect(MARGIN.left, y, CONTENT_WIDTH, height, COLOR.zebra);
        this.within('TR', () => {
          let x = MARGIN.left;
          columns.forEach((column, i) => {
            const value = row[i] ?? '';
            const left = x;
            this.within('TD', () => {
              if (column.draw) column.draw(this, value, left, y, column.width, height);
              else {
                this.font('regular', size, COLOR.text);
                this.textAt(value, left + pad, y + pad - 0.5, { width: column.width - 2 * pad, align: column.align ?? 'left' });
              }
            });
            x += column.width;
          });
        });
        this.rule(y + height, COLOR.line, 0.4);
        this.doc.y = y + height;
      });
    });
    this.doc.y += 6;
  }

  /** A rounded coloured label (result chips). */
  chip(text: string, x: number, y: number, width: number, color: string, background: string, size = 7.5): void {
    this.fillRect(x, y, width, size + 6, background, (size + 6) / 2);
    this.font('bold', size, color);
    this.textAt(text, x, y + 3, { width, align: 'center' });
  }

  /** A QR code drawn as vector squares (sharp at any zoom, no image decoding), tagged as a Figure. */
  qr(text: string, x: number, y: number, size: number): void {
    this.placeHeadings(size);
    const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const count = code.modules.size;
    const quiet = 2;
    const cell = size / (count + 2 * quiet);
    this.mark(
      'Figure',
      () => {
        this.doc.save().rect(x, y, size, size).fill('#ffffff');
        this.doc.fillColor('#000000');
        for (let r = 0; r < count; r++)
          for (let c = 0; c < count; c++)
            if (code.modules.get(r, c)) this.doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.05, cell + 0.05);
        this.doc.fill('#000000').restore();
      },
      { alt: `QR code linking to ${text}` },
    );
    this.doc.fillColor(this.current.color);
  }

  // ---- images -------------------------------------------------------------------------

  /**
   * The document's image object for these bytes, one per content. Null when the bytes are not
   * a PNG or JPEG header.
   */
  private imageSource(data: Buffer): DeferredImage | null {
    const known = this.imagesByBuffer.get(data);
    if (known !== undefined) return known;
    const key = createHash('sha256').update(data).digest('hex');
    let source = this.images.get(key);
    if (source === undefined) {
      source = this.openImage(data);
      this.images.set(key, source);
    }
    this.imagesByBuffer.set(data, source);
    return source;
  }

  private openImage(data: Buffer): DeferredImage | null {
    const size = headerSize(data);
    if (!size || size.width <= 0 || size.height <= 0) return null;
    const scale = Math.min(1, RENDER_MAX_SIDE / Math.max(size.width, size.height));
    const deferred: DeferredImage = {
      width: Math.max(1, Math.round(size.width * scale)),
      height: Math.max(1, Math.round(size.height * scale)),
      label: `Im${this.deferred.length + 1}`,
      obj: { toString: () => 'null' },
      embed: () => {},
      pages: new Set(),
      ready: pdfReadyImage(data, RENDER_MAX_SIDE),
    };
    this.deferred.push(deferred);
    return deferred;
  }

  /**
   * Draws an image (PNG or JPEG bytes, embedded once per document). With `alt` it is a Figure
   * of the structure, else decoration. Answers false (drawing nothing) when the bytes are not a
   * PNG or JPEG; one whose pixels turn out unreadable is drawn as a blank.
   */
  image(data: Buffer, x: number, y: number, options: PDFKit.Mixins.ImageOption, alt?: string): boolean {
    this.placeHeadings(typeof options.fit?.[1] === 'number' ? options.fit[1] : 14);
    const source = this.imageSource(data);
    if (!source) return false;
    const draw = () => {
      this.doc.image(source as unknown as PDFKit.Mixins.ImageSrc, x, y, options);
      source.pages.add(this.doc.page);
    };
    if (alt) this.mark('Figure', draw, { alt });
    else this.artifact(draw);
    return true;
  }

  /** Writes the image objects of the images drawn (their pixels prepared meanwhile) and points the pages at them. */
  private async embedImages(): Promise<void> {
    const doc = this.doc as unknown as PdfkitInternals;
    const blank: PdfReadyImage = {
      width: 1,
      height: 1,
      filter: 'FlateDecode',
      colorSpace: 'DeviceRGB',
      data: deflateSync(Buffer.from([255, 255, 255])),
      alpha: null,
    };
    for (const deferred of this.deferred) {
      if (deferred.pages.size === 0) continue;
      const image = (await deferred.ready) ?? blank;
      const common = { Type: 'XObject', Subtype: 'Image', Width: image.width, Height: image.height, BitsPerComponent: 8 };
      let mask: ReturnType<PdfkitInternals['ref']> | null = null;
      if (image.alpha) {
        mask = doc.ref({ ...common, ColorSpace: 'DeviceGray', Filter: 'FlateDecode' });
        mask.end(image.alpha);
      }
      const object = doc.ref({ ...common, ColorSpace: image.colorSpace, Filter: image.filter, ...(mask ? { SMask: mask } : {}) });
      object.end(image.data);
      for (const page of deferred.pages) (page as PdfkitInternals['page']).xobjects[deferred.label] = object;
    }
  }

  // ---- the end ------------------------------------------------------------------------

  /** Footer and watermark on every page (artifacts), then the finished PDF. */
  async finish(footer: FooterInfo): Promise<Buffer> {
    this.placeHeadings(0);
    while (this.stack.length > 1) this.closeTop();
    await this.embedImages();
    const slot = footer.signatureSlot ?? footer.watermark === null;
    const textWidth = slot ? SIGNATURE_SLOT.x - MARGIN.left - 10 : CONTENT_WIDTH;
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      if (footer.watermark) {
        const watermark = footer.watermark;
        this.artifact(() => {
          this.doc.save();
          this.doc.rotate(-40, { origin: [A4.width / 2, A4.height / 2] });
          this.font('bold', 110, '#b3261e');
          this.doc.fillOpacity(0.09);
          this.rawText(watermark, 0, A4.height / 2 - 60, { width: A4.width, align: 'center' });
          this.doc.restore();
        }, 'Pagination');
      }
      const y = A4.height - MARGIN.bottom + 22;
      this.artifact(() => {
        this.doc
          .save()
          .moveTo(MARGIN.left, y - 6)
          .lineTo(A4.width - MARGIN.right, y - 6)
          .lineWidth(0.6)
          .strokeColor(COLOR.line)
          .stroke()
          .restore();
        // The page number ends the first line, or the second when the signature takes the right end.
        const pageLine = slot ? 1 : 0;
        const page = `Page ${i - range.start + 1} of ${range.count}`;
        const lines = [
          { text: footer.left, size: 7.5, y },
          { text: footer.right, size: 6.5, y: y + 11 },
        ];
        lines.forEach((line, n) => {
          this.font('regular', line.size, COLOR.muted);
          const width = n === pageLine ? textWidth - 58 : textWidth;
          this.rawText(line.text, MARGIN.left, line.y, { width, height: line.size + 3, ellipsis: true });
          if (n === pageLine) {
            this.font('regular', 7.5, COLOR.muted);
            this.rawText(page, MARGIN.left, line.y - (line.size < 7.5 ? 1 : 0), { width: textWidth, align: 'right' });
          }
        });
      }, 'Pagination');
    }
    this.stack[0].element.end();
    this.doc.end();
    return this.ended;
  }
}
