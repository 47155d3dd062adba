import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import {
  ASSET_DASHBOARD_MAX,
  ASSETS,
  type AssetDashboardQuery,
  type AssetDashboardRow,
  type ItemStatus,
  certificateStatusCodes,
  RESULT_NAMES,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { notFound } from '../../lib/errors';
import { fileNamePart, keysetPages, streamExcel } from '../../lib/excelExport';
import { mayUseCompany, mayUseSite } from '../../lib/scope';
import { findClient } from '../clients';
import type { RequestContext } from '../context';
import { iso, itemStatusSql } from './assetsArea.sql';

/** The asset dashboard (`GET /api/Location/AssetDashboard`) and its Excel export. */

/** The attribute values in one line for the dashboard's Specifications column (ours). */
export function specificationsOf(attributes: Record<string, unknown> | null): string | null {
  if (!attributes) return null;
  const parts = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== '' && (typeof value !== 'object' || Array.isArray(value)))
    .slice(0, 6)
    .map(
      ([key, value]) =>
        `${key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())}: ${Array.isArray(value) ? value.join('/') : String(value)}`,
    );
  return parts.length ? parts.join(', ') : null;
}

/** The client (visible, else 404) and the sites (each of that client and visible to the caller, else 404). */
async function dashboardScope(ctx: RequestContext, companyId: number, siteIds: number[]) {
  if (!mayUseCompany(ctx.scope, companyId)) throw notFound(ASSETS.clientNotFound);
  const client = await findClient(ctx.db, ctx.scope, companyId);
  if (!client) throw notFound(ASSETS.clientNotFound);
  const rows = await queryRows<{ id: number; company_id: number }>(
    ctx.db,
    sql`select id, company_id from sites where namespace_id = ${ctx.scope.namespaceId}::int and id = any(${sql.param(siteIds)}::int[])`,
  );
  for (const siteId of siteIds) {
    const site = rows.find((r) => r.id === siteId);
    if (!site || site.company_id !== companyId || !mayUseSite(ctx.scope, { id: site.id, companyId: site.company_id }))
      throw notFound(ASSETS.siteNotFound);
  }
  return client;
}

/** A range applies only with both ends: from 00:00:00 to 23:59:59 (UTC) of the given days. */
function range(column: SQL, from?: string, to?: string): SQL | null {
  if (!from || !to) return null;
  return sql`${column} between ${`${from}T00:00:00Z`}::timestamptz and ${`${to}T23:59:59.999Z`}::timestamptz`;
}

/** The filter of the dashboard; `site` is the site condition (all chosen sites, or one of them). */
function dashboardWhere(
  ctx: RequestContext,
  query: AssetDashboardQuery,
  site: SQL = sql`a.site_id = any(${sql.param(query.siteId)}::int[])`,
): SQL {
  const parts: SQL[] = [
    site,
    sql`a.status = 1`,
    sql`a.company_id = ${query.companyId}::int`,
    sql`a.namespace_id = ${ctx.scope.namespaceId}::int`,
  ];
  const insp = range(sql`a.last_inspection_date`, query.inspFrom, query.inspTo);
  if (insp) parts.push(insp);
  const due = range(sql`a.due_date`, query.dueFrom, query.dueTo);
  if (due) parts.push(due);
  if (query.result) parts.push(sql`a.last_result = ${query.result}::int`);
  if (query.itemStatus) parts.push(sql`${itemStatusSql} = ${query.itemStatus}`);
  return sql.join(parts, sql` and `);
}

interface DashboardRecord {
  id: number;
  name: string;
  acronym_code: string | null;
  asset_type_id: number;
  asset_type: string;
  site_id: number;
  site: string;
  serial_number: string | null;
  attributes: Record<string, unknown> | null;
  result: number | null;
  certificate_number: string | null;
  blob_key: string | null;
  file_name: string | null;
  task_id: number | null;
  end_user_name: string | null;
  end_user_address: string | null;
  inspected: string | null;
  due: string | null;
  item_status: ItemStatus | null;
}

/**
 * The rows in name, id order. A page (offset, limit) takes at most offset + limit rows from each
 * chosen site, read in name order from that site's index (assets_dashboard_idx), and merges
 * them: a site's page never walks the client's other sites, however many assets they hold. The
 * export's batches (keyset `after`) read every matching row anyway, so they walk the client in
 * name order instead of merging per site again for each batch.
 */
async function dashboardRecords(
  ctx: RequestContext,
  query: AssetDashboardQuery,
  page: { offset: number; limit: number; after?: { name: string; id: number } },
) {
  const source = page.after
    ? sql`select a.* from assets a where ${dashboardWhere(ctx, query)} and (a.name, a.id) > (${page.after.name}, ${page.after.id}::int)
           order by a.name, a.id limit ${page.limit}::int`
    : sql`select a.* from unnest(${sql.param(query.siteId)}::int[]) as chosen(site_id)
           cross join lateral (
             select a.* from assets a where ${dashboardWhere(ctx, query, sql`a.site_id = chosen.site_id`)}
              order by a.name, a.id limit ${page.offset + page.limit}::int) a
          order by a.name, a.id offset ${page.offset}::int limit ${page.limit}::int`;
  return queryRows<DashboardRecord>(
    ctx.db,
    sql`select a.id, a.name, a.acronym_code, a.asset_type_id, at.name as asset_type, a.site_id, s.name as site,
               a.serial_number, a.attributes, a.last_result as result, c.certificate_number, c.blob_key, c.file_name, c.task_id,
               a.end_user_name, a.end_user_address, ${iso(sql`a.last_inspection_date`)} as inspected, ${iso(sql`a.due_date`)} as due,
               ${itemStatusSql} as item_status
          from (${source}) a
          join asset_types at on at.id = a.asset_type_id
          join sites s on s.id = a.site_id
          left join lateral (
            select t.id as task_id, t.certificate_number, f.blob_key, f.file_name
              from tasks t left join files f on f.id = t.certificate_file_id and t.certificate_status = any(${sql.param(certificateStatusCodes('final'))}::int[])
             where t.asset_id = a.id and t.certificate_number is not null and t.status in (16, 32)
             order by t.actual_inspection_date desc nulls last, t.id desc limit 1) c on true
         order by a.name, a.id`,
  );
}

function toDashboardRow(r: DashboardRecord): AssetDashboardRow {
  return {
    id: r.id,
    name: r.name,
    acronymCode: r.acronym_code,
    assetTypeId: r.asset_type_id,
    assetType: r.asset_type,
    siteId: r.site_id,
    site: r.site,
    serialNumber: r.serial_number,
    specifications: specificationsOf(r.attributes),
    result: r.result,
    certificateNumber: r.certificate_number,
    certificateFile: r.blob_key && r.task_id ? { blobKey: r.blob_key, fileName: r.file_name ?? '', observationId: r.task_id } : null,
    endUserName: r.end_user_name,
    endUserAddress: r.end_user_address,
    actualInspectionDate: r.inspected,
    dueDate: r.due,
    itemStatus: r.item_status,
  };
}

/** `GET /api/Location/AssetDashboard?companyId&siteId`: the matching assets by name, and how many there are. */
export async function assetDashboard(ctx: RequestContext, query: AssetDashboardQuery) {
  await dashboardScope(ctx, query.companyId, query.siteId);
  const [records, [{ total }]] = await Promise.all([
    dashboardRecords(ctx, query, { offset: query.offset, limit: Math.min(query.limit, ASSET_DASHBOARD_MAX) }),
    queryRows<{ total: number }>(ctx.db, sql`select count(*)::int as total from assets a where ${dashboardWhere(ctx, query)}`),
  ]);
  return { total, rows: records.map(toDashboardRow) };
}

const dateOnly = (value: string | null) => (value ? value.slice(0, 10) : '');

const EXPORT_HEADERS = {
  name: 'Name',
  acronymCode: 'Acronym Code',
  assetType: 'Asset Type',
  site: 'Site',
  specifications: 'Specifications',
  result: 'Result',
  certificateNumber: 'Certificate Number',
  inspected: 'Insp Date',
  due: 'Due Date',
  endUserName: 'End User Name',
  endUserAddress: 'End User Address',
  itemStatus: 'Item Status',
};

const EXPORT_WIDTHS: Record<keyof typeof EXPORT_HEADERS, number> = {
  name: 36,
  acronymCode: 14,
  assetType: 20,
  site: 24,
  specifications: 48,
  result: 10,
  certificateNumber: 24,
  inspected: 12,
  due: 12,
  endUserName: 24,
  endUserAddress: 36,
  itemStatus: 12,
};

/**
 * `GET /api/Location/AssetDashboard/export`: every matching row as .xlsx, streamed
 * (`lib/excelExport.ts`): rows are read in batches of 1,000 (keyset on name, id) and committed
 * as they come, so memory stays flat whatever the count. Named `Assets_<client>_<yyyy-mm-dd>.xlsx`.
 */
export async function exportAssetDashboard(ctx: RequestContext, query: AssetDashboardQuery, request: FastifyRequest, reply: FastifyReply) {
  const client = await dashboardScope(ctx, query.companyId, query.siteId);
  return streamExcel(request, reply, {
    sheet: 'Assets',
    fileName: `Assets_${fileNamePart(client.name, 'Client')}_${new Date().toISOString().slice(0, 10)}.xlsx`,
    headers: EXPORT_HEADERS,
    widths: EXPORT_WIDTHS,
    pages: keysetPages(
      1000,
      (after: { name: string; id: number } | undefined, limit) => dashboardRecords(ctx, query, { offset: 0, limit, after }),
      (last) => ({ name: last.name, id: last.id }),
    ),
    values: (r) => ({
      name: r.name,
      acronymCode: r.acronym_code ?? '',
      assetType: r.asset_type,
      site: r.site,
      specifications: specificationsOf(r.attributes) ?? '',
      result: r.result ? (RESULT_NAMES[r.result] ?? '') : '',
      certificateNumber: r.certificate_number ?? '',
      inspected: dateOnly(r.inspected),
      due: dateOnly(r.due),
      endUserName: r.end_user_name ?? '',
      endUserAddress: r.end_user_address ?? '',
      itemStatus: r.item_status ?? '',
    }),
    failure: 'asset export failed',
  });
}
