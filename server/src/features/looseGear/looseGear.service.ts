import { ASSETS, LLG_TEXT, type LooseGearFilter, type LooseGearHistoryRow, type LooseGearRow, type TaskFileLink } from '@portal/contracts';
import { notFound } from '../../lib/errors';
import { mayUseCompany, mayUseSite } from '../../lib/scope';
import { findClient, findSite } from '../clients';
import type { RequestContext } from '../context';
import { findItem, itemHistory, type RegisterRecord, registerCount, registerRecords } from './looseGear.queries';

/**
 * The Loose Gear register (tasks document 2.7, 7: `GET /api/Observation/llg`, `/count`, and ours:
 * an item's history and the Excel export). Client and site are mandatory; client roles see only
 * their company and SITE-USER and REQUESTER only their sites, as the asset dashboard: another
 * company's client or a site out of reach answers 404, as an id of another namespace does.
 */

/** The client and the site of the filter, each visible to the caller and the site the client's; else 404. */
export async function registerScope(ctx: RequestContext, filter: Pick<LooseGearFilter, 'clientId' | 'siteId'>) {
  if (!mayUseCompany(ctx.scope, filter.clientId)) throw notFound(ASSETS.clientNotFound);
  const client = await findClient(ctx.db, ctx.scope, filter.clientId);
  if (!client) throw notFound(ASSETS.clientNotFound);
  const site = await findSite(ctx.db, ctx.scope, filter.siteId);
  if (!site || site.companyId !== filter.clientId || !mayUseSite(ctx.scope, { id: site.id, companyId: site.companyId }))
    throw notFound(ASSETS.siteNotFound);
  return { client, site };
}

const link = (blobKey: string | null, fileName: string | null): TaskFileLink | null =>
  blobKey ? { blobKey, fileName: fileName ?? '' } : null;

export function toRegisterRow(r: RegisterRecord): LooseGearRow {
  return {
    id: r.id,
    taskTypeDesc: r.task_type,
    specification: r.specification,
    llgSerialNumber: r.serial_number,
    acronymCode: r.acronym_code,
    safeWorkingLoad: r.safe_working_load,
    result: r.result === null ? null : Number(r.result),
    actualInspectionDate: r.inspected,
    dueDate: r.due,
    certificateNumber: r.certificate_number,
    site: r.site,
    jobNumber: r.job_number,
    lastTaskId: r.last_task_id === null ? null : Number(r.last_task_id),
    certificateFile: link(r.certificate_key, r.certificate_name),
    bookletFile: link(r.booklet_key, r.booklet_name),
    itemStatus: r.item_status,
  };
}

/** A page of the register (offset -1 and limit -1: every matching row). */
export async function looseGearList(ctx: RequestContext, filter: LooseGearFilter, paging: { offset: number; limit: number }) {
  await registerScope(ctx, filter);
  const records = await registerRecords(ctx.db, ctx.scope, filter, {
    offset: paging.offset,
    limit: paging.limit < 0 ? null : paging.limit,
  });
  return records.map(toRegisterRow);
}

export async function looseGearCount(ctx: RequestContext, filter: LooseGearFilter): Promise<number> {
  await registerScope(ctx, filter);
  return registerCount(ctx.db, ctx.scope, filter);
}

/** Every examination of one item, newest first (404 for an item the caller may not see). */
export async function looseGearHistory(ctx: RequestContext, itemId: number): Promise<LooseGearHistoryRow[]> {
  const item = await findItem(ctx.db, ctx.scope, itemId);
  if (!item || !mayUseSite(ctx.scope, { id: Number(item.site_id), companyId: Number(item.client_id) }))
    throw notFound(LLG_TEXT.itemNotFound);
  const rows = await itemHistory(ctx.db, ctx.scope, itemId);
  return rows.map((r) => ({
    taskId: Number(r.task_id),
    jobNumber: r.job_number,
    status: Number(r.status),
    result: r.result === null ? null : Number(r.result),
    actualInspectionDate: r.inspected,
    certificateNumber: r.certificate_number,
    certificateFile: link(r.certificate_key, r.certificate_name),
    bookletFile: link(r.booklet_key, r.booklet_name),
  }));
}
