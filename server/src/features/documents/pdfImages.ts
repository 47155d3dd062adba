import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { headerSize, type PdfReadyImage, pdfReadyImage } from '../../lib/images';

/** The longest side of an image in a document, in pixels (a full-width image at 200 dpi). */
const RENDER_MAX_SIDE = 1200;

/**
 * An image whose pixels arrive later (prepared off the main thread); pdfkit takes it as an
 * opened image (size, label, object) and `finish` writes its object before the pages.
 */
export interface DeferredImage {
  width: number;
  height: number;
  label: string;
  obj: { toString(): string };
  embed(): void;
  pages: Set<unknown>;
  ready: Promise<PdfReadyImage | null>;
}

/** What the documents' layer uses of pdfkit beyond its typings. */
export interface PdfkitInternals {
  page: { xobjects: Record<string, unknown> };
  info: Record<string, unknown>;
  _addInfo(): void;
  ref(data: Record<string, unknown>): { end(chunk?: Buffer): void };
}

/**
 * The images of one document (`Pdf.image`): one object per content, laid out from the size the
 * PNG or JPEG header declares while `lib/images.ts` prepares the pixels off the main thread
 * (at most RENDER_MAX_SIDE pixels, upright); `embed` writes the objects at the end.
 */
export class DocumentImages {
  private readonly byContent = new Map<string, DeferredImage | null>();
  private readonly byBuffer = new WeakMap<Buffer, DeferredImage | null>();
  private readonly deferred: DeferredImage[] = [];

  /**
   * The document's image object for these bytes, one per content. Null when the bytes are not
   * a PNG or JPEG header.
   */
  source(data: Buffer): DeferredImage | null {
    const known = this.byBuffer.get(data);
    if (known !== undefined) return known;
    const key = createHash('sha256').update(data).digest('hex');
    let source = this.byContent.get(key);
    if (source === undefined) {
      source = this.open(data);
      this.byContent.set(key, source);
    }
    this.byBuffer.set(data, source);
    return source;
  }

  private open(data: Buffer): DeferredImage | null {
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

  /** Writes the image objects of the images drawn (their pixels prepared meanwhile) and points the pages at them. */
  async embed(pdfkit: PDFKit.PDFDocument): Promise<void> {
    const doc = pdfkit as unknown as PdfkitInternals;
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
}
