/** The page geometry, colours and shared types of the documents' PDF layer (`pdf.ts`). */
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

export type FontKind = 'regular' | 'bold' | 'oblique';
