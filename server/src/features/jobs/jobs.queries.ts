import { type SQL, sql } from 'drizzle-orm';
import {
  ACTIVE_JOB_STATUSES,
  INACTIVE_JOB_STATUSES,
  JOB_FACT_SPACE,
  JOB_ROW_ACTIONS,
  type JobFilter,
  JOB_TYPE,
  jobCan,
  TENANT_ID,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { flagSql } from '../../lib/policySql';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { containsPattern } from '../../lib/search';

export const isoDate = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Jobs a caller may see: the namespace's. Only LO roles read jobs (the registry's jobs.read);
 * a client scope (never given jobs.read today) is still limited to its company and sites.
 */
export function jobScope(scope: Scope): SQL {
  const parts: SQL[] = [sql`j.namespace_id = ${scope.namespaceId}::int`];
  if (scope.companyId !== null) parts.push(sql`j.customer_id = ${scope.companyId}::int`);
  if (scope.siteIds !== null) parts.push(sql`j.site_id = any(${sql.param(scope.siteIds)}::int[])`);
  return sql.join(parts, sql` and `);
}

/** The dashboards' filter (shell document: status, Job Number, Client, Site, Quotation Number, toggle). */
export function jobFilterWhere(scope: Scope, filter: JobFilter): SQL {
  const parts: SQL[] = [jobScope(scope), sql`j.type = ${filter.type ?? JOB_TYPE.JOB}::int`];
  if (filter.status !== null && filter.status !== undefined) parts.push(sql`j.status = ${filter.status}::int`);
  if (filter.active === true) parts.push(sql`j.status = any(${sql.param([...ACTIVE_JOB_STATUSES])}::int[])`);
  if (filter.active === false) parts.push(sql`j.status = any(${sql.param([...INACTIVE_JOB_STATUSES])}::int[])`);
  if (filter.jobNumber?.trim()) parts.push(sql`lower(j.job_number) like ${containsPattern(filter.jobNumber)}`);
  if (filter.quotationNumber?.trim()) parts.push(sql`lower(j.quotation_number) like ${containsPattern(filter.quotationNumber)}`);
  if (filter.client?.trim()) {
    parts.push(
      sql`j.customer_id in (select fc.id from client_companies fc where fc.namespace_id = ${scope.namespaceId}::int and lower(fc.name) like ${containsPattern(filter.client)})`,
    );
  }
  if (filter.site?.trim()) {
    parts.push(
      sql`j.site_id in (select fs.id from sites fs where fs.namespace_id = ${scope.namespaceId}::int and lower(fs.name) like ${containsPattern(filter.site)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** The row's `can` flags for this caller, from the contracts jobs policy (the UI reads them instead of guessing). */
function canSql(scope: Scope): SQL {
  const columns = [sql`j.status`, sql`j.is_day_job`, sql`j.is_day_job_closed`];
  const flags = JOB_ROW_ACTIONS.map(
    (action) =>
      sql`${sql.raw(`'${action}'`)}, ${flagSql(
        JOB_FACT_SPACE,
        columns,
        (f) => [f.status, f.isDayJob, f.isDayJobClosed],
        (f) => jobCan(scope.role, f)[action],
      )}`,
  );
  return sql`json_build_object(${sql.join(flags, sql`, `)})`;
}

/** The JSON of one job row (contracts JobRow), built by the database. */
function rowJson(scope: Scope): SQL {
  return sql`json_build_object(
    'id', j.id, 'jobNumber', j.job_number, 'name', j.name, 'tenantId', ${TENANT_ID}::int, 'objectType', 'schedule',
    'type', j.type, 'status', j.status, 'customerId', j.customer_id, 'siteId', j.site_id,
    'startDate', ${isoDate(sql`j.start_date`)}, 'endDate', ${isoDate(sql`j.end_date`)}, 'duration', j.duration,
    'requesterId', j.requester_id,
    'clientUserIds', coalesce(cu.ids, ''),
    'secondaryOfficeId', j.office_id, 'officeId', j.office_id, 'salesPerson', j.sales_person_id,
    'price', j.price, 'currency', j.currency, 'poNumber', j.po_number, 'quotationNumber', j.quotation_number,
    'comments', j.comments, 'mainInspectorId', j.main_inspector_id,
    'inspectorIds', coalesce(oi.ids, ''),
    'vendorDetails', j.vendor_details, 'subVendorDetails', j.sub_vendor_details,
    'isDayJob', j.is_day_job, 'isDayJobClosed', j.is_day_job_closed, 'timeZone', j.time_zone,
    'otherFiles', coalesce(fl.files, '[]'::json),
    'createdDate', ${isoDate(sql`j.created_at`)}, 'modifiedDate', ${isoDate(sql`j.modified_at`)},
    'client', c.name, 'site', s.name,
    'inspector', concat_ws(', ', mi.name, oi.names),
    'officeName', o.name, 'officeCode', o.code,
    'can', ${canSql(scope)})`;
}

/**
 * The rows of the jobs `page` selects (whole job rows), as one JSON array text in `order`. The link
 * lists (other inspectors, client users, files) come from one grouped pass each over the page's
 * jobs, not a subquery per row: a page of 500 stays one cheap statement. The client and site
 * names are looked up by primary key per row (`offset 0` keeps the planner from turning them
 * into merge joins that walk all 20,000 clients and 40,000 sites of a big namespace for a page
 * of 500: 3 to 4 ms of the page on the bench data, EXPLAIN ANALYZE in docs/decisions.md).
 */
function rowsJson(scope: Scope, page: SQL, order: SQL): SQL {
  const inPage = sql`(select id from page)`;
  return sql`with page as (${page}),
    oi as (select ji.job_id, string_agg(ji.user_id::text, ',' order by ji.user_id) as ids, string_agg(u.name, ', ' order by u.name) as names
             from job_inspectors ji join users u on u.id = ji.user_id where ji.job_id in ${inPage} group by ji.job_id),
    cu as (select job_id, string_agg(user_id::text, ',' order by user_id) as ids from job_client_users where job_id in ${inPage} group by job_id),
    fl as (select jf.job_id, json_agg(json_build_object('fileName', f.file_name, 'fileType', f.content_type, 'blobKey', f.blob_key)
                                      order by jf.created_at, f.id) as files
             from job_files jf join files f on f.id = jf.file_id where jf.job_id in ${inPage} group by jf.job_id)
    select coalesce(json_agg(${rowJson(scope)} order by ${order}), '[]')::text as json
      from page j
      cross join lateral (select c0.name from client_companies c0 where c0.id = j.customer_id offset 0) c
      cross join lateral (select s0.name from sites s0 where s0.id = j.site_id offset 0) s
      join offices o on o.id = j.office_id
      join users mi on mi.id = j.main_inspector_id
      left join oi on oi.job_id = j.id
      left join cu on cu.job_id = j.id
      left join fl on fl.job_id = j.id`;
}

const LIST_ORDER = sql`j.start_date desc nulls last, j.id desc nulls last`;

/** A page of the dashboard as one JSON array text: start date descending, then newest id. */
export async function jobListJson(db: Db, scope: Scope, filter: JobFilter, page: { offset: number; limit: number }): Promise<string> {
  const rows = await queryRows<{ json: string | null }>(db, jobListSql(scope, filter, page));
  return rows[0]?.json ?? '[]';
}

export function jobListSql(scope: Scope, filter: JobFilter, page: { offset: number; limit: number }): SQL {
  return rowsJson(
    scope,
    sql`select j.* from jobs j where ${jobFilterWhere(scope, filter)} order by ${LIST_ORDER} offset ${page.offset}::int limit ${page.limit}::int`,
    LIST_ORDER,
  );
}

export async function jobCount(db: Db, scope: Scope, filter: JobFilter): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from jobs j where ${jobFilterWhere(scope, filter)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One job row (contracts JobRow) or null when the caller may not see it. */
export async function jobRow(db: Db, scope: Scope, id: number): Promise<Record<string, unknown> | null> {
  const rows = await queryRows<{ json: string }>(
    db,
    rowsJson(scope, sql`select j.* from jobs j where j.id = ${id}::int and ${jobScope(scope)}`, sql`j.id`),
  );
  const list = JSON.parse(rows[0]?.json ?? '[]') as Record<string, unknown>[];
  return list[0] ?? null;
}

/** Whether the caller may see the job. */
export async function jobVisible(db: Db, scope: Scope, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`select j.id from jobs j where j.id = ${id}::int and ${jobScope(scope)}`);
  return rows.length > 0;
}

/** The tasks of a job (contracts JobTask), by id. */
export function taskRowsSql(where: SQL): SQL {
  return sql`select t.id, t.job_id as "scheduleId", t.name, t.type, 'TASK' as "objectType", t.observation_type as "observationType",
      t.division_id as "divisionId", d.name as "divisionName", t.task_type_id as "taskTypeId", tt.name as "taskTypeName",
      t.asset_type_id as "assetTypeId", at.name as "assetTypeName",
      coalesce(t.asset_id, case when t.is_llg then t.site_id end) as "locationId",
      coalesce(a.name, case when t.is_llg then s.name end) as "locationName",
      t.site_id as "siteId", t.inspector_id as "inspectorId", u.name as "inspectorName", t.parent_id as "parentId",
      t.is_llg as "isLlg", ${isoDate(sql`t.due_date`)} as "dueDate", t.time_zone as "timeZone", t.status, t.archived,
      ${isoDate(sql`t.created_at`)} as "createdDate", ${isoDate(sql`t.modified_at`)} as "modifiedDate"
    from tasks t
    join divisions d on d.id = t.division_id
    join task_types tt on tt.id = t.task_type_id
    join sites s on s.id = t.site_id
    left join asset_types at on at.id = t.asset_type_id
    left join assets a on a.id = t.asset_id
    left join users u on u.id = t.inspector_id
    where ${where}
    order by t.id`;
}

export interface TaskRowData {
  id: number;
  scheduleId: number;
  name: string;
  type: number;
  objectType: 'TASK';
  observationType: number;
  divisionId: number;
  divisionName: string;
  taskTypeId: number;
  taskTypeName: string;
  assetTypeId: number | null;
  assetTypeName: string | null;
  locationId: number | null;
  locationName: string | null;
  siteId: number;
  inspectorId: number | null;
  inspectorName: string | null;
  parentId: number | null;
  isLlg: boolean;
  dueDate: string | null;
  timeZone: string | null;
  status: number;
  archived: number;
  createdDate: string;
  modifiedDate: string;
}

export function tasksOfJob(db: Db, jobId: number): Promise<TaskRowData[]> {
  return queryRows<TaskRowData>(db, taskRowsSql(sql`t.job_id = ${jobId}::int`));
}

export function tasksById(db: Db, ids: number[]): Promise<TaskRowData[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<TaskRowData>(db, taskRowsSql(sql`t.id = any(${sql.param(ids)}::int[])`));
}
