import { sql } from 'drizzle-orm';
import {
  ASSESSMENT_TEXT,
  ASSETS,
  type AssessmentFilter,
  type AssessmentHistoryRow,
  type AssessmentListQuery,
  type AssessmentRow,
  type TaskFileLink,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { notFound } from '../../lib/errors';
import { mayUseCompany, mayUseSite } from '../../lib/scope';
import { specificationsOf } from '../assets';
import { findClient } from '../clients';
import type { RequestContext } from '../context';
import {
  type AssessmentRecord,
  assessmentCount as countRows,
  assessmentRecords,
  findTrainee,
  type SiteChoice,
  traineeHistory,
} from './assessments.queries';

/**
 * The Assessments dashboard (tasks document 2.8, 7: `GET /api/Assessments`, `/count`, and ours:
 * a trainee's history and the Excel export). The client is mandatory, the sites optional (none:
 * every site of the client the caller may see). Client roles see only their company, SITE-USER
 * and REQUESTER only their sites: another company's client or a site out of reach answers 404,
 * as an id of another namespace does.
 */

/** The client and the sites of the filter, checked against the caller's scope; else 404. */
export async function assessmentScope(ctx: RequestContext, filter: Pick<AssessmentFilter, 'clientNumber' | 'siteNumbers'>) {
  const clientId = filter.clientNumber;
  if (!mayUseCompany(ctx.scope, clientId)) throw notFound(ASSETS.clientNotFound);
  const client = await findClient(ctx.db, ctx.scope, clientId);
  if (!client) throw notFound(ASSETS.clientNotFound);
  const chosen = [...new Set(filter.siteNumbers ?? [])];
  let sites: SiteChoice;
  if (chosen.length === 0) {
    sites = { allOfClient: true, siteIds: ctx.scope.siteIds };
  } else {
    const rows = await queryRows<{ id: number; company_id: number }>(
      ctx.db,
      sql`select id, company_id from sites where namespace_id = ${ctx.scope.namespaceId}::int and id = any(${sql.param(chosen)}::int[])`,
    );
    for (const siteId of chosen) {
      const site = rows.find((r) => Number(r.id) === siteId);
      if (!site || Number(site.company_id) !== clientId || !mayUseSite(ctx.scope, { id: siteId, companyId: clientId }))
        throw notFound(ASSETS.siteNotFound);
    }
    sites = { siteIds: chosen };
  }
  return { client, clientId, sites };
}

const link = (blobKey: string | null, fileName: string | null): TaskFileLink | null =>
  blobKey ? { blobKey, fileName: fileName ?? '' } : null;

export function toAssessmentRow(r: AssessmentRecord): AssessmentRow {
  const result = r.result === null ? null : String(r.result);
  return {
    id: Number(r.id),
    assetId: Number(r.asset_id),
    location: r.name,
    acronymCode: r.acronym_code,
    specifications: specificationsOf(r.attributes),
    taskTypeId: Number(r.task_type_id),
    taskType: r.course,
    certificateNumber: r.certificate_number,
    result: result === '1' || result === '2' || result === '3' ? result : null,
    actualInspectionDate: r.inspected,
    dueDate: r.due,
    siteId: Number(r.site_id),
    site: r.site,
    itemStatus: r.item_status,
    jobNumber: r.job_number,
    quotationNumber: r.quotation_number,
    certificateFile: link(r.certificate_key, r.certificate_name),
  };
}

/** A page of rows (offset -1 and limit -1: every matching row). */
export async function assessmentList(ctx: RequestContext, filter: AssessmentFilter, query: AssessmentListQuery): Promise<AssessmentRow[]> {
  const { clientId, sites } = await assessmentScope(ctx, filter);
  const records = await assessmentRecords(ctx.db, ctx.scope, clientId, sites, filter, {
    offset: query.offset,
    limit: query.limit < 0 ? null : query.limit,
    sortColumn: query.sortColumn,
    sortOrder: query.sortOrder,
  });
  return records.map(toAssessmentRow);
}

export async function assessmentCount(ctx: RequestContext, filter: AssessmentFilter): Promise<number> {
  const { clientId, sites } = await assessmentScope(ctx, filter);
  return countRows(ctx.db, ctx.scope, clientId, sites, filter);
}

/** 'Assessment History': every certificate of a trainee (of one course), newest first; 404 for a trainee out of reach. */
export async function assessmentHistory(ctx: RequestContext, assetId: number, taskTypeId?: number): Promise<AssessmentHistoryRow[]> {
  const trainee = await findTrainee(ctx.db, ctx.scope, assetId);
  if (!trainee || !mayUseSite(ctx.scope, { id: Number(trainee.site_id), companyId: Number(trainee.company_id) }))
    throw notFound(ASSESSMENT_TEXT.traineeNotFound);
  const rows = await traineeHistory(ctx.db, ctx.scope, assetId, taskTypeId);
  return rows.map((r) => ({
    taskId: Number(r.task_id),
    taskTypeId: Number(r.task_type_id),
    taskType: r.course,
    actualInspectionDate: r.inspected,
    certificateNumber: r.certificate_number,
    result: r.result === null ? null : Number(r.result),
    certificateFile: link(r.certificate_key, r.certificate_name),
    dueDate: r.due,
  }));
}
