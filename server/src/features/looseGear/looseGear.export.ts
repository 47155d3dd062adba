import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  fileStamp,
  formatDayUtc,
  LLG_TEXT,
  LOOSE_GEAR_COLUMNS,
  type LooseGearFilter,
  type LooseGearRow,
  looseGearResultLabel,
} from '@portal/contracts';
import { linkBase } from '../../config';
import { fileLinkCell, fileNamePart, keysetPages, streamExcel } from '../../lib/excelExport';
import type { RequestContext } from '../context';
import { type RegisterKey, registerRecords } from './looseGear.queries';
import { registerScope, toRegisterRow } from './looseGear.service';

/** Rows read per statement while the workbook streams. */
const BATCH = 1000;

/** `Loose_Gear_of_Site_{site}_{timestamp}.xlsx` (2.7), the site's name kept to letters, digits, - and _. */
export function exportFileName(site: string, at = new Date()): string {
  return `Loose_Gear_of_Site_${fileNamePart(site, 'Site')}_${fileStamp(at)}.xlsx`;
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
    report: fileLinkCell(base, row.certificateFile?.blobKey, row.certificateNumber),
    booklet: fileLinkCell(base, row.bookletFile?.blobKey, LLG_TEXT.bookletText),
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
 * spec's offset -1, limit -1) as .xlsx, streamed (`lib/excelExport.ts`): rows are read in
 * keyset batches of 1,000 in the register's order and committed as they come, so memory stays
 * flat whatever the count.
 */
export async function exportLooseGear(ctx: RequestContext, filter: LooseGearFilter, request: FastifyRequest, reply: FastifyReply) {
  const { site } = await registerScope(ctx, filter);
  const base = linkBase(ctx.app.config);
  return streamExcel(request, reply, {
    sheet: 'Loose Gear',
    fileName: exportFileName(site.name),
    headers: LOOSE_GEAR_COLUMNS,
    widths: WIDTHS,
    links: ['report', 'booklet'],
    pages: keysetPages(
      BATCH,
      (after: RegisterKey | undefined, limit) => registerRecords(ctx.db, ctx.scope, filter, { offset: 0, limit, after }),
      (last) => ({ taskType: last.task_type, serial: last.serial_key, id: Number(last.id) }),
    ),
    values: (record) => excelValues(base, toRegisterRow(record)),
    failure: 'loose gear export failed',
  });
}
