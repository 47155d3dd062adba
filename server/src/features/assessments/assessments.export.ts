import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ASSESSMENT_COLUMNS,
  type AssessmentFilter,
  type AssessmentRow,
  type AssessmentSortColumn,
  assessmentExportFileName,
  assessmentResultLabel,
  formatDayUtc,
} from '@portal/contracts';
import { linkBase } from '../../config';
import { fileLinkCell, offsetPages, streamExcel } from '../../lib/excelExport';
import type { RequestContext } from '../context';
import { assessmentRecords } from './assessments.queries';
import { assessmentScope, toAssessmentRow } from './assessments.service';

/** Rows read per statement while the workbook streams. */
const BATCH = 1000;

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
    report: fileLinkCell(base, row.certificateFile?.blobKey, row.certificateNumber),
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
 * offset -1, limit -1) as `Tasks_on_{timestamp}.xlsx`, in the grid's order, streamed
 * (`lib/excelExport.ts`): rows are read in batches of 1,000 and committed as they come.
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
  return streamExcel(request, reply, {
    sheet: 'Assessments',
    fileName: assessmentExportFileName(),
    headers: ASSESSMENT_COLUMNS,
    widths: WIDTHS,
    links: ['report'],
    pages: offsetPages(BATCH, (offset, limit) =>
      assessmentRecords(ctx.db, ctx.scope, clientId, sites, filter, {
        offset,
        limit,
        sortColumn: sort.sortColumn,
        sortOrder: sort.sortOrder,
      }),
    ),
    values: (record) => excelValues(base, toAssessmentRow(record)),
    failure: 'assessments export failed',
  });
}
