import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileLinkCell, fileNamePart, keysetPages, offsetPages, slicePages, streamExcel } from './excelExport';

/**
 * The one streamed Excel export (lib/excelExport.ts): the header row, the widths, the link font,
 * the download's headers and the row sources' pages. The areas' tests check their own columns.
 */
function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
    send(stream: PassThrough) {
      return stream;
    },
  };
  return { headers, reply: reply as unknown as FastifyReply };
}

const request = { log: { error: () => undefined } } as unknown as FastifyRequest;

async function workbookOf(stream: PassThrough) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

async function all<R>(pages: AsyncIterable<R[]>) {
  const read: R[][] = [];
  for await (const page of pages) read.push(page);
  return read;
}

describe('streamExcel', () => {
  it('writes a bold header, the widths, the rows of every page and the link font on link cells', async () => {
    const { headers, reply } = fakeReply();
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}`, file: i % 2 === 0 ? `key${i}` : null }));
    const stream = streamExcel(request, reply, {
      sheet: 'Things',
      fileName: 'Things_20260101_120000.xlsx',
      headers: { name: 'Name', report: 'Report' },
      widths: { name: 30, report: 12 },
      links: ['report'],
      pages: offsetPages(2, async (offset, limit) => rows.slice(offset, offset + limit)),
      values: (row) => ({ name: row.name, report: fileLinkCell('https://portal.test', row.file, `R${row.id}`) }),
      failure: 'things export failed',
    }) as unknown as PassThrough;
    expect(headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(headers['content-disposition']).toBe('attachment; filename="Things_20260101_120000.xlsx"');
    expect(headers['cache-control']).toBe('no-store');
    const sheet = await workbookOf(stream);
    expect(sheet.name).toBe('Things');
    expect(sheet.rowCount).toBe(6);
    expect([sheet.getRow(1).getCell(1).text, sheet.getRow(1).getCell(2).text]).toEqual(['Name', 'Report']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect([sheet.getColumn(1).width, sheet.getColumn(2).width]).toEqual([30, 12]);
    expect(sheet.getRow(2).getCell(2).value).toEqual({ text: 'R1', hyperlink: 'https://portal.test/api/filedownload?id=key0' });
    expect(sheet.getRow(2).getCell(2).font).toMatchObject({ color: { argb: 'FF1565C0' }, underline: true });
    expect(sheet.getRow(3).getCell(2).text).toBe('');
    expect(sheet.getRow(3).getCell(2).font?.underline).toBeFalsy();
    expect(sheet.getRow(6).getCell(1).text).toBe('Row 5');
  });
});

describe('row sources', () => {
  it('offset pages stop at a short page; keyset pages read after the last key; slice pages walk the list to its end', async () => {
    const items = [1, 2, 3, 4];
    const offsets: number[] = [];
    expect(
      await all(
        offsetPages(2, async (offset, limit) => {
          offsets.push(offset);
          return items.slice(offset, offset + limit);
        }),
      ),
    ).toEqual([[1, 2], [3, 4], []]);
    expect(offsets).toEqual([0, 2, 4]);
    const afters: (number | undefined)[] = [];
    const keyset = keysetPages(
      3,
      async (after: number | undefined, limit) => {
        afters.push(after);
        return items.filter((n) => n > (after ?? 0)).slice(0, limit);
      },
      (last) => last,
    );
    expect(await all(keyset)).toEqual([[1, 2, 3], [4]]);
    expect(afters).toEqual([undefined, 3]);
    // A slice whose rows are gone (fewer rows than ids) does not end the walk.
    expect(await all(slicePages(items, 3, async (ids) => ids.filter((id) => id !== 2)))).toEqual([[1, 3], [4]]);
  });

  it('names and links', () => {
    expect(fileNamePart(' Dock #3: Hall / A ', 'Site')).toBe('Dock_3_Hall_A');
    expect(fileNamePart('***', 'Site')).toBe('Site');
    expect(fileLinkCell('https://p', 'a b', 'C1', '&observationId=7')).toEqual({
      text: 'C1',
      hyperlink: 'https://p/api/filedownload?id=a%20b&observationId=7',
    });
    expect(fileLinkCell('https://p', null, 'C1')).toBe('');
    expect(fileLinkCell('https://p', 'k', null)).toBe('');
  });
});
