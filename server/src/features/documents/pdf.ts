import QRCode from 'qrcode';
import { openPdfDocument, type PdfInfo } from './pdfDocument';
import { drawPageFurniture } from './pdfFooter';
import { DocumentImages } from './pdfImages';
import { A4, COLOR, CONTENT_WIDTH, type FontKind, type FooterInfo, MARGIN } from './pdfLayout';

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

const HEADING_HEIGHT = 27;
const COMPACT_HEADING_HEIGHT = 15;

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
 * - `drawTable` and `drawBoxes` (`pdfTables.ts`) -> Table / TR / TH / TD (a box's title is its Caption);
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
 *
 * Its parts: `pdfLayout.ts` (page geometry, colours, column and footer types), `pdfDocument.ts`
 * (the PDF/A pdfkit document and its fonts), this class (pages, the structure tree, headings,
 * text, primitives), `pdfTables.ts` (boxes and tables), `pdfImages.ts` (images, once per
 * content), `pdfFooter.ts` (footer and watermark on every page).
 */
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
  private readonly images = new DocumentImages();

  constructor(info: PdfInfo) {
    this.doc = openPdfDocument(info);
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
  within(type: string, draw: () => void, options: { alt?: string; scope?: 'Row' | 'Column' } = {}, reserved?: Struct): void {
    if (this.marking > 0) {
      draw();
      return;
    }
    const element = reserved ?? this.doc.struct(type, options as Parameters<PDFKit.PDFDocument['struct']>[1]);
    if (!reserved) this.top.element.add(element);
    this.stack.push({ type, element });
    try {
      draw();
    } finally {
      while (this.stack.length > 1 && this.top.element !== element) this.closeTop();
      this.closeTop();
    }
  }

  /** An element placed here in the reading order, drawn later by `within(type, draw, {}, element)` (a booklet's index). */
  reserve(type: string): Struct {
    if (this.top.auto) this.closeTop();
    const element = this.doc.struct(type);
    this.top.element.add(element);
    return element;
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
    // Text that fits on one line is one line high, without laying it out (a booklet measures thousands).
    const oneLine = !text.includes('\n') && this.doc.widthOfString(text || ' ') <= width;
    const height = oneLine ? this.doc.currentLineHeight(true) : this.doc.heightOfString(text || ' ', { width });
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
        // A run of dark modules in a row is one rectangle (a booklet draws 200 codes).
        for (let r = 0; r < count; r++)
          for (let c = 0; c < count; c++) {
            if (!code.modules.get(r, c)) continue;
            const start = c;
            while (c + 1 < count && code.modules.get(r, c + 1)) c++;
            this.doc.rect(x + (start + quiet) * cell, y + (r + quiet) * cell, (c - start + 1) * cell + 0.05, cell + 0.05);
          }
        this.doc.fill('#000000').restore();
      },
      { alt: `QR code linking to ${text}` },
    );
    this.doc.fillColor(this.current.color);
  }

  // ---- images -------------------------------------------------------------------------

  /**
   * Draws an image (PNG or JPEG bytes, embedded once per document: `pdfImages.ts`). With `alt`
   * it is a Figure of the structure, else decoration. Answers false (drawing nothing) when the
   * bytes are not a PNG or JPEG; one whose pixels turn out unreadable is drawn as a blank.
   */
  image(data: Buffer, x: number, y: number, options: PDFKit.Mixins.ImageOption, alt?: string): boolean {
    this.placeHeadings(typeof options.fit?.[1] === 'number' ? options.fit[1] : 14);
    const source = this.images.source(data);
    if (!source) return false;
    const draw = () => {
      this.doc.image(source as unknown as PDFKit.Mixins.ImageSrc, x, y, options);
      source.pages.add(this.doc.page);
    };
    if (alt) this.mark('Figure', draw, { alt });
    else this.artifact(draw);
    return true;
  }

  // ---- the end ------------------------------------------------------------------------

  /** Footer and watermark on every page (artifacts), then the finished PDF. */
  async finish(footer: FooterInfo): Promise<Buffer> {
    this.placeHeadings(0);
    while (this.stack.length > 1) this.closeTop();
    await this.images.embed(this.doc);
    drawPageFurniture(this, footer);
    this.stack[0].element.end();
    this.doc.end();
    return this.ended;
  }
}
