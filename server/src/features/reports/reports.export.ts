import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  fileStamp,
  formatDayUtc,
  REPORT_COLUMNS,
  type ReportFilter,
  type ReportRow,
  reportResultLabel,
  TASK_STATUS_LABEL,
  type TaskStatus,
} from '@portal/contracts';
import { linkBase } from '../../config';
import { fileLinkCell, slicePages, streamExcel } from '../../lib/excelExport';
import type { RequestContext } from '../context';
import { type ReportOrder, reportIds, reportRows } from './reports.queries';

/** Rows read per statement while the workbook streams. */
const BATCH = 1000;

/** `Reports_{Task|Service}_{yyyymmdd_hhmmss}.xlsx` (tasks document 9: named with the date). */
export function reportsFileName(observationType: number | null | undefined, at = new Date()): string {
  const kind = observationType === 512 ? 'Service' : observationType === 1024 ? 'Task' : 'All';
  return `Reports_${kind}_${fileStamp(at)}.xlsx`;
}

type Key = keyof typeof REPORT_COLUMNS;

/** One report as the workbook's values (what the grid prints: dates D-MMM-YYYY of the UTC day, result labels). */
export function reportExcelValues(base: string, row: ReportRow): Record<Key, unknown> {
  return {
    id: row.id,
    status: TASK_STATUS_LABEL[row.status as TaskStatus] ?? String(row.status),
    jobNumber: row.jobNumber,
    asset: row.asset ?? '',
    assetType: row.assetType ?? '',
    taskType: row.taskType,
    client: row.client,
    site: row.site,
    inspector: row.inspector ?? '',
    certificateNumber:
      fileLinkCell(base, row.certificateFile?.blobKey, row.certificateNumber, `&observationId=${row.id}`) || (row.certificateNumber ?? ''),
    certificateDate: formatDayUtc(row.certificateDate),
    result: reportResultLabel(row.result),
    quotationNumber: row.quotationNumber ?? '',
    actualInspectionDate: formatDayUtc(row.actualInspectionDate),
    dueDate: formatDayUtc(row.dueDate),
    observationType: row.observationType === 512 ? 'Service Report' : 'Task Report',
  };
}

const WIDTHS: Record<Key, number> = {
  id: 10,
  status: 14,
  jobNumber: 18,
  asset: 24,
  assetType: 20,
  taskType: 24,
  client: 26,
  site: 24,
  inspector: 20,
  certificateNumber: 24,
  certificateDate: 15,
  result: 12,
  quotationNumber: 18,
  actualInspectionDate: 15,
  dueDate: 13,
  observationType: 15,
};

/**
 * `GET /api/Reports/export?filter=&groupBy=&sort=&order=`: every matching report, in the
 * grid's order, as .xlsx streamed (`lib/excelExport.ts`). The ids are read once in order (a
 * consistent list, whatever changes meanwhile), then the rows in batches of 1,000, each
 * committed as it comes, so memory stays flat.
 */
export async function exportReports(
  ctx: RequestContext,
  filter: ReportFilter,
  order: ReportOrder,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const ids = await reportIds(ctx.db, ctx.scope, filter, order, { offset: 0, limit: null });
  const base = linkBase(ctx.app.config);
  return streamExcel(request, reply, {
    sheet: 'Reports',
    fileName: reportsFileName(filter.observationType),
    headers: REPORT_COLUMNS,
    widths: WIDTHS,
    links: ['certificateNumber'],
    pages: slicePages(ids, BATCH, (slice) => reportRows(ctx.db, slice)),
    values: (report) => reportExcelValues(base, report),
    failure: 'reports export failed',
  });
}
