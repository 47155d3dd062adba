import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import {
  ASSESSMENT_COLUMNS,
  type AssessmentFilter,
  type AssessmentRow,
  type AssessmentSortColumn,
  assessmentExportFileName,
  assessmentResultLabel,
  formatDayUtc,
  type TaskFileLink,
} from '@portal/contracts';
import { linkBase } from '../../config';
import type { RequestContext } from '../context';
import { assessmentRecords } from './assessments.queries';
import { assessmentScope, toAssessmentRow } from './assessments.service';

/** Rows read per statement while the workbook streams. */
const BATCH = 1000;

/** A cell that links to a stored file (absolute, from PUBLIC_URL: DECISIONS 9), or empty. */
function fileCell(base: string, file: TaskFileLink | null, text: string | null) {
  if (!file || !text) return '';
  return { text, hyperlink: `${base}/api/filedownload?id=${encodeURIComponent(file.blobKey)}` };
}

/** One row as the workbook's values, in ASSESSMENT_COLUMNS order (what the grid shows). */
export function excelValues(base: string, row: AssessmentRow) {
  return {
    location: row.location,
    acronymCode: row.acronymCode ?? '',
    specifications: row.specifications ?? '',
    taskType: row.taskType,
    certificateNumber: row.certificateNumber ?? '',
    result: assessmentResultLabel(row.result),
    actualInspectionDate: formatDayUtc(row.actualInspectionDate),
    dueDate: formatDayUtc(row.dueDate),
    site: row.site,
    report: fileCell(base, row.certificateFile, row.certificateNumber),
    itemStatus: row.itemStatus ?? '',
  };
}

const WIDTHS: Record<keyof typeof ASSESSMENT_COLUMNS, number> = {
  location: 26,
  acronymCode: 14,
  specifications: 40,
  taskType: 34,
  certificateNumber: 24,
  result: 12,
  actualInspectionDate: 14,
  dueDate: 14,
  site: 24,
  report: 24,
  itemStatus: 14,
};

/**
 * `GET /api/Assessments/export?filter=&sortColumn&sortOrder`: every matching row (the spec's
 * offset -1, limit -1) as `Tasks_on_{timestamp}.xlsx`, in the grid's order, streamed with
 * exceljs' streaming writer: rows are read in batches of 1,000 and committed as they come.
 */
export async function exportAssessments(
  ctx: RequestContext,
  filter: AssessmentFilter,
  sort: { sortColumn?: AssessmentSortColumn; sortOrder?: 'asc' | 'desc' },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { clientId, sites } = await assessmentScope(ctx, filter);
  const base = linkBase(ctx.app.config);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Assessments');
  sheet.columns = (Object.keys(ASSESSMENT_COLUMNS) as (keyof typeof ASSESSMENT_COLUMNS)[]).map((key) => ({
    header: ASSESSMENT_COLUMNS[key],
    key,
    width: WIDTHS[key],
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${assessmentExportFileName()}"`)
    .header('cache-control', 'no-store');
  const write = async () => {
    for (let offset = 0; ; offset += BATCH) {
      const batch = await assessmentRecords(ctx.db, ctx.scope, clientId, sites, filter, {
        offset,
        limit: BATCH,
        sortColumn: sort.sortColumn,
        sortOrder: sort.sortOrder,
      });
      for (const record of batch) {
        if (stream.destroyed) return;
        const row = sheet.addRow(excelValues(base, toAssessmentRow(record)));
        const cell = row.getCell('report');
        if (typeof cell.value === 'object' && cell.value) cell.font = { color: { argb: 'FF1565C0' }, underline: true };
        row.commit();
      }
      if (batch.length < BATCH) break;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => {
    request.log.error({ err: error }, 'assessments export failed');
    stream.destroy(error as Error);
  });
  return reply.send(stream);
}
