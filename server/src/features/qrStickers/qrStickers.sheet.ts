import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  A4_POINTS,
  POINTS_PER_MM,
  type QrStickerColor,
  type QrStickerSize,
  STICKER_GUTTER,
  STICKER_PAGE_MARGIN,
  sheetLayout,
} from '@portal/contracts';
import { headerSize, printImage } from '../../lib/images';
import { loadFonts } from '../documents';

/**
 * The print-ready sticker sheet: A4 pages of square labels of the chosen size (25, 38 or
 * 50 mm), 15 mm page margins and 6 mm gutters, a dashed cut guide round each label and crop
 * marks in the gutters. Each label: the provider's logo (or name) small at the top, a vector
 * QR code of `<PUBLIC_URL>/login?asn=<serial>` in the chosen colour, the serial under it.
 * 50 mm gives the spec's '12 in 1 A4 (5x5 cm)'; 38 mm 24 and 25 mm 48 a page.
 */
const MM = POINTS_PER_MM;
const A4 = A4_POINTS;
const PAGE_MARGIN = STICKER_PAGE_MARGIN;
const GUTTER = STICKER_GUTTER;

export const STICKER_INK: Record<QrStickerColor, string> = {
  Black: '#000000',
  Blue: '#0b3d91',
  Red: '#b0171f',
  Green: '#14622a',
};

export interface SheetInput {
  serials: string[];
  size: QrStickerSize;
  color: QrStickerColor;
  /** The address before `?asn=`: `<PUBLIC_URL>/login`. */
  loginUrl: string;
  providerName: string;
  /** The provider's logo (PNG or JPEG), or null to print its name instead. */
  logo: Buffer | null;
}

/** The QR code as one path of horizontal runs of dark modules (small and fast to draw). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number, ink: string): void {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = code.modules.size;
  const cell = size / count;
  for (let r = 0; r < count; r++) {
    let c = 0;
    while (c < count) {
      if (!code.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < count && code.modules.get(r, c)) c++;
      // A hair wider than the module so that neighbouring runs leave no seam when printed.
      doc.rect(x + start * cell, y + r * cell, (c - start) * cell + 0.04, cell + 0.04);
    }
  }
  doc.fill(ink);
}

function cropMarks(doc: PDFKit.PDFDocument, x: number, y: number, label: number): void {
  const reach = Math.min(GUTTER / 2 - 1, 2.2 * MM);
  const corners: [number, number, number, number][] = [
    [x, y, -1, -1],
    [x + label, y, 1, -1],
    [x, y + label, -1, 1],
    [x + label, y + label, 1, 1],
  ];
  for (const [cx, cy, dx, dy] of corners) {
    doc
      .moveTo(cx + dx * 1, cy)
      .lineTo(cx + dx * (1 + reach), cy)
      .moveTo(cx, cy + dy * 1)
      .lineTo(cx, cy + dy * (1 + reach));
  }
  doc.lineWidth(0.4).strokeColor('#7a7a7a').stroke();
}

export async function renderStickerSheet(input: SheetInput): Promise<Buffer> {
  const layout = sheetLayout(input.size);
  const fonts = loadFonts();
  const ink = STICKER_INK[input.color];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: `QR stickers ${input.size} ${input.color} (${input.serials.length})`,
      Author: input.providerName,
      Subject: 'QR sticker sheet',
      Creator: 'Inspection portal',
      Producer: 'Inspection portal',
    },
  });
  const register = doc.registerFont.bind(doc) as (name: string, src: unknown) => PDFKit.PDFDocument;
  register('regular', fonts.regular);
  register('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Opened once, so the logo is embedded once and referenced by every label.
  // (pdfkit's openImage is not in its type declarations; doc.image takes what it answers.)
  // A logo stored before uploads were scaled may be huge: pdfkit would decode all of it.
  let logo: PDFKit.Mixins.ImageSrc | null = null;
  const size = input.logo ? headerSize(input.logo) : null;
  const logoData =
    input.logo && size && Math.max(size.width, size.height) > 600 ? ((await printImage(input.logo, 600))?.data ?? null) : input.logo;
  if (logoData) {
    try {
      logo = (doc as unknown as { openImage(src: Buffer): PDFKit.Mixins.ImageSrc }).openImage(logoData);
    } catch {
      logo = null;
    }
  }

  const s = layout.label;
  const pad = s * 0.06;
  const headerHeight = s * 0.13;
  const serialSize = Math.max(5.5, s * 0.085);
  const gap = s * 0.03;
  const qrSize = s - 2 * pad - headerHeight - gap - serialSize * 1.5;
  const pages = Math.ceil(input.serials.length / layout.perPage);
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc
      .font('regular')
      .fontSize(6.5)
      .fillColor('#6b6b6b')
      .text(
        `${input.providerName} · QR stickers ${input.size} ${input.color} · page ${page + 1} of ${pages} · print at 100 % (actual size), cut along the guides`,
        PAGE_MARGIN,
        PAGE_MARGIN / 2 - 3,
        { width: A4.width - 2 * PAGE_MARGIN, align: 'center', lineBreak: false },
      );
    const onPage = input.serials.slice(page * layout.perPage, (page + 1) * layout.perPage);
    onPage.forEach((serial, index) => {
      const x = layout.left + (index % layout.columns) * (s + layout.gutter);
      const y = layout.top + Math.floor(index / layout.columns) * (s + layout.gutter);
      doc.save().rect(x, y, s, s).dash(2, { space: 2 }).lineWidth(0.35).strokeColor('#a0a0a0').stroke().undash().restore();
      cropMarks(doc, x, y, s);
      // Header: the logo, or the provider's name.
      const headerTop = y + pad;
      if (logo) {
        doc.image(logo, x + pad, headerTop, { fit: [s - 2 * pad, headerHeight * 0.9], align: 'center', valign: 'center' });
      } else {
        doc
          .font('bold')
          .fontSize(Math.max(4.5, headerHeight * 0.55))
          .fillColor(ink)
          .text(input.providerName, x + pad, headerTop + headerHeight * 0.12, {
            width: s - 2 * pad,
            align: 'center',
            lineBreak: false,
            height: headerHeight,
          });
      }
      const qrX = x + (s - qrSize) / 2;
      const qrY = headerTop + headerHeight + gap;
      drawQr(doc, `${input.loginUrl}?asn=${serial}`, qrX, qrY, qrSize, ink);
      doc
        .font('bold')
        .fontSize(serialSize)
        .fillColor(ink)
        .text(`${serial.slice(0, 5)} ${serial.slice(5)}`, x, qrY + qrSize + serialSize * 0.25, {
          width: s,
          align: 'center',
          lineBreak: false,
          characterSpacing: serialSize * 0.06,
        });
    });
  }
  doc.end();
  return ended;
}
