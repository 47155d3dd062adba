import PDFDocument from 'pdfkit';
import { loadFonts } from './fonts';
import type { PdfkitInternals } from './pdfImages';
import { DOCUMENT_LANG, MARGIN } from './pdfLayout';

/** The document's metadata (Info dictionary and the same values in the XMP packet). */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  keywords?: string;
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);

/**
 * A new pdfkit document as every document of ours is: A4 with our margins, buffered pages (the
 * footer is drawn at the end), PDF/A-2b, PDF 1.7, tagged, /Lang, the DejaVu fonts (parsed once
 * per process, `fonts.ts`) registered as regular, bold and oblique.
 */
export function openPdfDocument(info: PdfInfo): PDFKit.PDFDocument {
  const fonts = loadFonts();
  const doc = new PDFDocument({
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
    // No built-in Helvetica: pdfkit would parse its metrics for every document, and a PDF/A
    // file may use embedded fonts only. The DejaVu fonts below are chosen before any text.
    font: null as unknown as string,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      ...(info.keywords ? { Keywords: info.keywords } : {}),
      Creator: 'Inspection portal',
      Producer: 'Inspection portal',
    },
  });
  escapeXmpValues(doc);
  const register = doc.registerFont.bind(doc) as (name: string, src: unknown) => PDFKit.PDFDocument;
  register('regular', fonts.regular);
  register('bold', fonts.bold);
  register('oblique', fonts.oblique);
  return doc;
}

/**
 * pdfkit writes the Info values into the XMP packet as they are: a provider named
 * 'Smith & Sons' would make it invalid XML. Escaped there only (the Info dictionary, written
 * before, keeps the plain text, so both say the same, as PDF/A requires).
 */
function escapeXmpValues(pdfkit: PDFKit.PDFDocument): void {
  const doc = pdfkit as unknown as PdfkitInternals;
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
