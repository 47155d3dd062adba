import type { TaskDocumentData } from './dataTypes';
import type { Pdf } from './pdf';
import { A4, COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';

// What the certificate (`certificate.ts`) and the reports (`render.ts`) share: their options,
// the date and result words, the first page's header, the running header and the reference.

export interface RenderOptions {
  /** Final (approved, numbered, signed) or preview (watermarked, before approval). */
  final: boolean;
  /** The public verification address printed as a QR code (final certificates). */
  verificationUrl: string | null;
  /** When the document was made (the issue date of a final certificate). */
  issuedAt: Date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 24 Nov 2026 (UTC): unambiguous in every locale a certificate travels to. */
export function pdfDate(value: Date | null | undefined): string {
  if (!value) return '—';
  return `${String(value.getUTCDate()).padStart(2, '0')} ${MONTHS[value.getUTCMonth()]} ${value.getUTCFullYear()}`;
}

export const RESULT_LABEL: Record<number, string> = { 1: 'PASS', 2: 'FAIL', 3: 'PENDING' };
export const resultColors = (result: number | null) =>
  result === 1 ? [COLOR.pass, COLOR.passLight] : result === 2 ? [COLOR.fail, COLOR.failLight] : [COLOR.pending, COLOR.pendingLight];

/** The full header of a document's first page; answers nothing, leaves y under it. */
export function firstPageHeader(pdf: Pdf, data: TaskDocumentData, title: string, subtitle: string, facts: [string, string][]) {
  const top = MARGIN.top;
  let textX = MARGIN.left;
  if (data.provider.logo) {
    pdf.image(data.provider.logo.data, MARGIN.left, top, { fit: [64, 64], align: 'center', valign: 'center' });
    textX += 74;
  }
  const providerWidth = 215;
  pdf.font('bold', 13, COLOR.text);
  pdf.textAt(data.provider.name, textX, top + 2, { width: providerWidth });
  let y = top + 2 + pdf.heightOf(data.provider.name, providerWidth, 'bold', 13) + 1;
  pdf.font('regular', 7.5, COLOR.muted);
  const lines = [...data.provider.lines, ...(data.office ? [`${data.office.name}: ${data.office.lines.join(', ')}`] : [])];
  if (data.provider.website) lines.push(data.provider.website);
  for (const line of lines) {
    pdf.textAt(line, textX, y, { width: providerWidth });
    y += pdf.heightOf(line, providerWidth, 'regular', 7.5);
  }

  // The document's own facts on the right.
  const rightWidth = 215;
  const rightX = A4.width - MARGIN.right - rightWidth;
  pdf.font('bold', 13, COLOR.primary);
  pdf.textAt(title, rightX, top, { width: rightWidth, align: 'right' });
  let ry = top + pdf.heightOf(title, rightWidth, 'bold', 13) + 1;
  pdf.font('regular', 8.5, COLOR.muted);
  pdf.textAt(subtitle, rightX, ry, { width: rightWidth, align: 'right' });
  ry += pdf.heightOf(subtitle, rightWidth, 'regular', 8.5) + 4;
  for (const [label, value] of facts) {
    pdf.font('regular', 8, COLOR.muted);
    pdf.textAt(label, rightX + 25, ry, { width: 80 });
    pdf.font('bold', 8.5, COLOR.text);
    pdf.textAt(value, rightX + 95, ry - 0.5, { width: rightWidth - 95, align: 'right' });
    ry += 12;
  }
  const bottom = Math.max(y, ry, top + 64) + 6;
  pdf.rule(bottom, COLOR.primary, 2);
  pdf.y = bottom + 7;
}

export function runningHeader(data: TaskDocumentData, title: string, reference: string) {
  return (pdf: Pdf) => {
    pdf.font('bold', 8.5, COLOR.text);
    pdf.textAt(data.provider.name, MARGIN.left, MARGIN.top, { width: CONTENT_WIDTH / 2 });
    pdf.font('regular', 8.5, COLOR.muted);
    pdf.textAt(`${title}  ·  ${reference}`, MARGIN.left, MARGIN.top, { width: CONTENT_WIDTH, align: 'right' });
    pdf.rule(MARGIN.top + 15, COLOR.primary, 1);
    pdf.y = MARGIN.top + 24;
  };
}

export const reference = (data: TaskDocumentData, final: boolean) =>
  final && data.certificateNumber
    ? `${data.certificateNumber}${data.revision > 0 ? ` Rev ${data.revision}` : ''}`
    : `PREVIEW · Task ${data.taskId}`;
