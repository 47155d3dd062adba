import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { yieldTurn } from '../db/queue';

/**
 * The streamed Excel exports (assets, assessments, client inventory, loose gear, reports): one
 * worksheet with a bold header row and the columns' widths, whose rows are read page by page
 * (one statement a page) and committed to exceljs' streaming writer as they come, so memory
 * stays flat whatever the count. An export names its sheet, file, columns and row source.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The font of a cell that links to a file (the colour of the grid's links, underlined). */
const linkFont = () => ({ color: { argb: 'FF1565C0' }, underline: true });

/** A cell that links to a stored file (absolute, from PUBLIC_URL: DECISIONS 9), or empty. */
export function fileLinkCell(base: string, blobKey: string | null | undefined, text: string | null | undefined, query = '') {
  if (!blobKey || !text) return '';
  return { text, hyperlink: `${base}/api/filedownload?id=${encodeURIComponent(blobKey)}${query}` };
}

/** A name as part of a file name: letters, digits, -, _ and spaces (then _), or the fallback when nothing is left. */
export function fileNamePart(name: string, fallback: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '_') || fallback
  );
}

/** Pages read by offset until a short page. */
export async function* offsetPages<R>(size: number, read: (offset: number, limit: number) => Promise<R[]>): AsyncGenerator<R[]> {
  for (let offset = 0; ; offset += size) {
    const page = await read(offset, size);
    yield page;
    if (page.length < size) return;
  }
}

/** Pages read after the last row's key (keyset) until a short page. */
export async function* keysetPages<R, K>(
  size: number,
  read: (after: K | undefined, limit: number) => Promise<R[]>,
  keyOf: (last: R) => K,
): AsyncGenerator<R[]> {
  let after: K | undefined;
  for (;;) {
    const page = await read(after, size);
    yield page;
    if (page.length < size) return;
    after = keyOf(page[page.length - 1]);
  }
}

/** Pages of the rows of a list read first (ids in order), a slice of it a page, to its end. */
export async function* slicePages<T, R>(items: readonly T[], size: number, read: (slice: T[]) => Promise<R[]>): AsyncGenerator<R[]> {
  for (let at = 0; at < items.length; at += size) yield await read(items.slice(at, at + size));
}

export interface ExcelExport<K extends string, R> {
  /** The worksheet's name. */
  sheet: string;
  /** The download's file name (`content-disposition`). */
  fileName: string;
  /** Each column's header, in the sheet's order; the keys name the values of a row. */
  headers: Record<K, string>;
  /** Each column's width in characters. */
  widths: Record<K, number>;
  /** The columns whose cells may link to a file: a link cell gets the link font. */
  links?: readonly NoInfer<K>[];
  /** The rows, page by page. */
  pages: AsyncIterable<R[]>;
  /** A row as the sheet's values. */
  values(row: R): Record<K, unknown>;
  /** What the log says when the export fails once streaming (the answer is then cut). */
  failure: string;
}

/**
 * Answers the workbook as a download, streamed: the header row first, then each page's rows
 * committed as they come. Between pages the request lets the others waiting for the database go
 * first (`yieldTurn`). A client that goes away stops the reading; a failure midway is logged and
 * cuts the download.
 */
export function streamExcel<K extends string, R>(request: FastifyRequest, reply: FastifyReply, spec: ExcelExport<K, R>) {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(spec.sheet);
  sheet.columns = (Object.keys(spec.headers) as K[]).map((key) => ({ header: spec.headers[key], key, width: spec.widths[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${spec.fileName}"`)
    .header('cache-control', 'no-store');
  const links = spec.links ?? [];
  const write = async () => {
    for await (const page of spec.pages) {
      for (const record of page) {
        if (stream.destroyed) return;
        const row = sheet.addRow(spec.values(record));
        for (const key of links) {
          const cell = row.getCell(key);
          if (typeof cell.value === 'object' && cell.value) cell.font = linkFont();
        }
        row.commit();
      }
      yieldTurn();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => {
    request.log.error({ err: error }, spec.failure);
    stream.destroy(error as Error);
  });
  return reply.send(stream);
}
