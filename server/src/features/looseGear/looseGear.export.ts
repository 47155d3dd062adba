import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import {
  formatDayUtc,
  LLG_TEXT,
  LOOSE_GEAR_COLUMNS,
  type LooseGearFilter,
  type LooseGearRow,
  looseGearResultLabel,
  type TaskFileLink,
} from '@portal/contracts';
import { linkBase } from '../../config';
import type { RequestContext } from '../context';
import { type RegisterKey, registerRecords } from './looseGear.queries';
import { registerScope, toRegisterRow } from './looseGear.service';

/** Rows read per statement while the workbook streams. */
const BATCH = 1000;

/** `Loose_Gear_of_Site_{site}_{timestamp}.xlsx` (2.7), the site's name kept to letters, digits, - and _. */
export function exportFileName(site: string, at = new Date()): string {
  const safe =
    site
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '_') || 'Site';
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `Loose_Gear_of_Site_${safe}_${stamp}.xlsx`;
}

/** A cell that links to a stored file (absolute, from PUBLIC_URL: DECISIONS 9), or empty. */
function fileCell(base: string, file: TaskFileLink | null, text: string | null) {
  if (!file || !text) return '';
  return { text, hyperlink: `${base}/api/filedownload?id=${encodeURIComponent(file.blobKey)}` };
}

/** One register row as the workbook's values, in LOOSE_GEAR_COLUMNS order (what the grid shows). */
export function excelValues(base: string, row: LooseGearRow) {
  return {
    item: row.taskTypeDesc,
    specification: row.specification ?? '',
    llgSerialNumber: row.llgSerialNumber,
    acronymCode: row.acronymCode ?? '',
    result: looseGearResultLabel(row.result),
    actualInspectionDate: formatDayUtc(row.actualInspectionDate),
    dueDate: formatDayUtc(row.dueDate),
    certificateNumber: row.certificateNumber ?? '',
    site: row.site,
    report: fileCell(base, row.certificateFile, row.certificateNumber),
    booklet: fileCell(base, row.bookletFile, LLG_TEXT.bookletText),
    itemStatus: row.itemStatus ?? '',
  };
}

const WIDTHS: Record<keyof typeof LOOSE_GEAR_COLUMNS, number> = {
  item: 22,
  specification: 32,
  llgSerialNumber: 20,
  acronymCode: 14,
  result: 12,
  actualInspectionDate: 15,
  dueDate: 13,
  certificateNumber: 24,
  site: 24,
  report: 24,
  booklet: 10,
  itemStatus: 14,
};

/**
 * `GET /api/Observation/llg/export?filter=`: the whole filtered register of the site (the
 * spec's offset -1, limit -1) as .xlsx, streamed with exceljs' streaming writer: rows are read
 * in keyset batches of 1,000 in the register's order and committed as they come, so memory stays
 * flat whatever the count.
 */
export async function exportLooseGear(ctx: RequestContext, filter: LooseGearFilter, request: FastifyRequest, reply: FastifyReply) {
  const { site } = await registerScope(ctx, filter);
  const base = linkBase(ctx.app.config);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Loose Gear');
  sheet.columns = (Object.keys(LOOSE_GEAR_COLUMNS) as (keyof typeof LOOSE_GEAR_COLUMNS)[]).map((key) => ({
    header: LOOSE_GEAR_COLUMNS[key],
    key,
    width: WIDTHS[key],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${exportFileName(site.name)}"`)
    .header('cache-control', 'no-store');
  const write = async () => {
    let after: RegisterKey | undefined;
    for (;;) {
      const batch = await registerRecords(ctx.db, ctx.scope, filter, { offset: 0, limit: BATCH, after });
      for (const record of batch) {
        if (stream.destroyed) return;
        const row = sheet.addRow(excelValues(base, toRegisterRow(record)));
        for (const key of ['report', 'booklet'] as const) {
          const cell = row.getCell(key);
          if (typeof cell.value === 'object' && cell.value) cell.font = { color: { argb: 'FF1565C0' }, underline: true };
        }
        row.commit();
      }
      if (batch.length < BATCH) break;
      const last = batch[batch.length - 1];
      after = { taskType: last.task_type, serial: last.serial_key, id: Number(last.id) };
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => {
    request.log.error({ err: error }, 'loose gear export failed');
    stream.destroy(error as Error);
  });
  return reply.send(stream);
}
