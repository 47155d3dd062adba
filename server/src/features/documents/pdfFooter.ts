import { A4, COLOR, CONTENT_WIDTH, type FontKind, type FooterInfo, MARGIN, SIGNATURE_SLOT } from './pdfLayout';

/** What the furniture needs of `Pdf` (declared here so that `pdf.ts` can call this without a cycle). */
interface Canvas {
  readonly doc: PDFKit.PDFDocument;
  artifact(draw: () => void, type?: 'Layout' | 'Pagination'): void;
  font(kind: FontKind, size: number, color?: string): unknown;
  textAt(text: string, x: number, y: number, options?: PDFKit.Mixins.TextOptions): void;
}

/**
 * The page furniture `Pdf.finish` draws on every buffered page once the content is laid out:
 * the watermark (a preview's PREVIEW) and the footer (two lines and 'Page n of m'), all
 * artifacts, leaving the right end of the last page's footer free for the visible signature
 * (SIGNATURE_SLOT) when `signatureSlot` says so (default: no watermark).
 */
export function drawPageFurniture(pdf: Canvas, footer: FooterInfo): void {
  const slot = footer.signatureSlot ?? footer.watermark === null;
  const textWidth = slot ? SIGNATURE_SLOT.x - MARGIN.left - 10 : CONTENT_WIDTH;
  const range = pdf.doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.doc.switchToPage(i);
    if (footer.watermark) {
      const watermark = footer.watermark;
      pdf.artifact(() => {
        pdf.doc.save();
        pdf.doc.rotate(-40, { origin: [A4.width / 2, A4.height / 2] });
        pdf.font('bold', 110, '#b3261e');
        pdf.doc.fillOpacity(0.09);
        pdf.textAt(watermark, 0, A4.height / 2 - 60, { width: A4.width, align: 'center' });
        pdf.doc.restore();
      }, 'Pagination');
    }
    const y = A4.height - MARGIN.bottom + 22;
    pdf.artifact(() => {
      pdf.doc
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
        pdf.font('regular', line.size, COLOR.muted);
        const width = n === pageLine ? textWidth - 58 : textWidth;
        pdf.textAt(line.text, MARGIN.left, line.y, { width, height: line.size + 3, ellipsis: true });
        if (n === pageLine) {
          pdf.font('regular', 7.5, COLOR.muted);
          pdf.textAt(page, MARGIN.left, line.y - (line.size < 7.5 ? 1 : 0), { width: textWidth, align: 'right' });
        }
      });
    }, 'Pagination');
  }
}
