import type { QrStickerSize } from './schemas';

/**
 * Where the labels sit on a printed QR sticker sheet (A4, 15 mm page margins, 6 mm gutters,
 * square labels of the chosen size, centred): the server draws the sheet with it and the
 * tests that scan a printed sheet cut the labels out with it.
 */
/** PDF points per millimetre. */
export const POINTS_PER_MM = 72 / 25.4;
const MM = POINTS_PER_MM;
/** An A4 page in PDF points. */
export const A4_POINTS = { width: 595.28, height: 841.89 };
const A4 = A4_POINTS;
/** The sheet's page margin and the gutter between labels, in points. */
export const STICKER_PAGE_MARGIN = 15 * MM;
const PAGE_MARGIN = STICKER_PAGE_MARGIN;
export const STICKER_GUTTER = 6 * MM;
const GUTTER = STICKER_GUTTER;

export interface SheetLayout {
  /** Label side and gutter between labels, in points. */
  label: number;
  gutter: number;
  columns: number;
  rows: number;
  perPage: number;
  left: number;
  top: number;
}

export function sheetLayout(size: QrStickerSize): SheetLayout {
  const label = Number.parseInt(size, 10) * MM;
  const labelsIn = (room: number) => Math.floor((room + GUTTER) / (label + GUTTER));
  const columns = labelsIn(A4.width - 2 * PAGE_MARGIN);
  const rows = labelsIn(A4.height - 2 * PAGE_MARGIN);
  // Centred on the page, so the cut guides are symmetrical.
  const left = (A4.width - (columns * label + (columns - 1) * GUTTER)) / 2;
  const top = (A4.height - (rows * label + (rows - 1) * GUTTER)) / 2;
  return { label, gutter: GUTTER, columns, rows, perPage: columns * rows, left, top };
}

export function sheetPageCount(size: QrStickerSize, quantity: number): number {
  return Math.ceil(quantity / sheetLayout(size).perPage);
}
