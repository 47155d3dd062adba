import { type SQL, sql } from 'drizzle-orm';
import {
  CLIENT_REPORT_STATUSES,
  isClientRole,
  REPORT_STATUSES,
  type ReportFilter,
  type ReportRow,
  type ReportSortColumn,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { containsPattern } from '../../lib/search';
import { taskScopeSql } from '../../lib/taskScope';

/**
 * The Reports dashboard's SQL (tasks document 2.4; docs/decisions.md "Reports"): tasks and
 * service reports whose inspection was submitted, inside the caller's task scope
 * (lib/taskScope.ts). Every statement names the namespace.
 */

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The statuses a role's reports may have. */
export const reportStatusesOf = (scope: Scope): readonly number[] => (isClientRole(scope.role) ? CLIENT_REPORT_STATUSES : REPORT_STATUSES);

/**
 * Whether the filter or the scope reads the job (`j`). A task's job is mandatory (a not-null key),
 * so `join jobs` neither drops nor repeats a task: without a condition on it the join is left
 * out, and a count reads the tasks alone. The scope part mirrors `lib/taskScope.ts`, which reads
 * the job for client roles (company) and site-limited roles (sites); should it read the job for
 * another scope, the statement fails loudly (no `j`), it does not answer other rows.
 */
const whereReadsJob = (scope: Scope, filter: ReportFilter): boolean =>
  scope.companyId !== null ||
  scope.siteIds !== null ||
  Boolean(filter.jobNumber?.trim() || filter.quotationNumber?.trim() || filter.client?.trim());

/** The filter over `tasks t` and, when `whereReadsJob`, `join jobs j`. */
export function reportWhere(scope: Scope, filter: ReportFilter): SQL {
  const ns = scope.namespaceId;
  const allowed = reportStatusesOf(scope);
  const statuses = filter.status?.length ? filter.status.filter((s) => allowed.includes(s)) : [...allowed];
  const parts: SQL[] = [
    taskScopeSql(scope),
    sql`t.parent_id is null`,
    sql`t.status = any(${sql.param(statuses)}::int[])`,
    filter.observationType ? sql`t.observation_type = ${filter.observationType}::int` : sql`t.observation_type in (1024, 512)`,
  ];
  const like = (column: SQL, value: string | null | undefined) => {
    if (value?.trim()) parts.push(sql`lower(${column}) like ${containsPattern(value)}`);
  };
  like(sql`j.job_number`, filter.jobNumber);
  like(sql`j.quotation_number`, filter.quotationNumber);
  like(sql`t.certificate_number`, filter.certificateNumber);
  const named = (column: SQL, table: string, value: string | null | undefined) => {
    if (!value?.trim()) return;
    const tb = sql.raw(table);
    parts.push(
      sql`${column} in (select x.id from ${tb} x where x.namespace_id = ${ns}::int and lower(x.name) like ${containsPattern(value)})`,
    );
  };
  named(sql`t.asset_id`, 'assets', filter.asset);
  named(sql`t.asset_type_id`, 'asset_types', filter.assetType);
  named(sql`j.customer_id`, 'client_companies', filter.client);
  named(sql`t.site_id`, 'sites', filter.site);
  named(sql`t.task_type_id`, 'task_types', filter.taskType);
  named(sql`t.inspector_id`, 'users', filter.inspector);
  if (filter.result) parts.push(sql`t.result = ${filter.result}::int`);
  if (filter.id) parts.push(sql`t.id = ${filter.id}::int`);
  return sql.join(parts, sql` and `);
}

/** Each sortable column's SQL over the page's joins (see JOINS). */
const SORT_SQL: Record<ReportSortColumn, SQL> = {
  id: sql`t.id`,
  status: sql`t.status`,
  jobNumber: sql`lower(j.job_number)`,
  asset: sql`lower(a.name)`,
  assetType: sql`lower(at.name)`,
  taskType: sql`lower(tt.name)`,
  client: sql`lower(c.name)`,
  site: sql`lower(s.name)`,
  inspector: sql`lower(u.name)`,
  certificateNumber: sql`lower(t.certificate_number)`,
  certificateDate: sql`t.certificate_date`,
  // Accepted, Rejected, then No Result (3 Pending and none share that label, so that group stays contiguous).
  result: sql`case when t.result in (1, 2) then t.result else 3 end`,
  quotationNumber: sql`lower(j.quotation_number)`,
  actualInspectionDate: sql`(t.actual_inspection_date at time zone 'UTC')::date`,
  dueDate: sql`(t.due_date at time zone 'UTC')::date`,
  observationType: sql`t.observation_type`,
};
/** Dates group by day (as the grid prints them) but sort by the instant within it. */
const SORT_TAIL: Partial<Record<ReportSortColumn, SQL>> = {
  actualInspectionDate: sql`t.actual_inspection_date`,
  dueDate: sql`t.due_date`,
};

/**
 * Columns never null on a report (`t.id`; the client's name, an inner join of a not-null
 * column): they sort without a nulls clause, so `desc` is the index's backward order (for the
 * client, `client_companies_name_order_idx` on `lower(name)`) instead of a full sort; the order
 * is the same, there are no nulls to place.
 */
const NEVER_NULL: ReadonlySet<ReportSortColumn> = new Set<ReportSortColumn>(['id', 'client']);

/** The columns whose SQL reads the job (`j`). */
const READS_JOB: ReadonlySet<ReportSortColumn> = new Set<ReportSortColumn>(['jobNumber', 'quotationNumber', 'client']);

/** Which joins a column's SQL reads (only these are joined while choosing a page). */
const NEEDS: Partial<Record<ReportSortColumn, 'a' | 'at' | 'tt' | 'c' | 's' | 'u'>> = {
  asset: 'a',
  assetType: 'at',
  taskType: 'tt',
  client: 'c',
  site: 's',
  inspector: 'u',
};
const JOIN_SQL = {
  a: sql`left join assets a on a.id = t.asset_id`,
  at: sql`left join asset_types at on at.id = t.asset_type_id`,
  tt: sql`join task_types tt on tt.id = t.task_type_id`,
  c: sql`join client_companies c on c.id = j.customer_id`,
  s: sql`join sites s on s.id = t.site_id`,
  u: sql`left join users u on u.id = t.inspector_id`,
};

export interface ReportOrder {
  groupBy: ReportSortColumn[];
  sort?: ReportSortColumn;
  order?: 'asc' | 'desc';
}

/**
 * The page's order: each grouping column ascending, then the sort column, then newest first.
 * Newest first is `modified_at desc nulls last, id desc nulls last` (both columns are not null),
 * the order of `tasks_modified_idx`, so the ungrouped page walks that index; grouped by client,
 * the database walks the clients by `lower(name)` (`client_companies_name_order_idx`), their
 * jobs and tasks, and sorts each client's rows only (an incremental sort) until the page is full.
 */
function orderOf(order: ReportOrder): { by: SQL; joins: SQL; readsJob: boolean } {
  const parts: SQL[] = [];
  const used = new Set<ReportSortColumn>();
  const add = (column: ReportSortColumn, desc: boolean) => {
    const dir = NEVER_NULL.has(column) ? (desc ? sql`desc` : sql`asc`) : desc ? sql`desc nulls last` : sql`asc nulls last`;
    parts.push(sql`${SORT_SQL[column]} ${dir}`);
    used.add(column);
  };
  for (const column of order.groupBy) add(column, order.sort === column && order.order === 'desc');
  if (order.sort) {
    if (!order.groupBy.includes(order.sort)) add(order.sort, order.order === 'desc');
    const tail = SORT_TAIL[order.sort];
    if (tail) parts.push(sql`${tail} ${order.order === 'desc' ? sql`desc` : sql`asc`} nulls last`);
  }
  parts.push(sql`t.modified_at desc nulls last`, sql`t.id desc nulls last`);
  const joins = new Set([...used].map((c) => NEEDS[c]).filter((j): j is NonNullable<typeof j> => Boolean(j)));
  return {
    by: sql.join(parts, sql`, `),
    joins: sql.join(
      [...joins].map((j) => JOIN_SQL[j]),
      sql` `,
    ),
    readsJob: [...used].some((c) => READS_JOB.has(c)),
  };
}

const ROW_JSON = sql`json_build_object(
  'id', t.id, 'status', t.status, 'jobNumber', j.job_number, 'asset', a.name, 'assetType', at.name, 'taskType', tt.name,
  'client', c.name, 'site', s.name, 'inspector', u.name, 'certificateNumber', t.certificate_number,
  'certificateDate', ${iso(sql`t.certificate_date`)},
  'certificateFile', case when cf.id is null then null else json_build_object('blobKey', cf.blob_key, 'fileName', cf.file_name) end,
  'certificateStatus', t.certificate_status, 'result', t.result, 'quotationNumber', j.quotation_number,
  'observationType', t.observation_type, 'actualInspectionDate', ${iso(sql`t.actual_inspection_date`)},
  'dueDate', ${iso(sql`t.due_date`)})`;

const ROW_JOINS = sql`
  join jobs j on j.id = t.job_id
  join client_companies c on c.id = j.customer_id
  join sites s on s.id = t.site_id
  join task_types tt on tt.id = t.task_type_id
  left join asset_types at on at.id = t.asset_type_id
  left join assets a on a.id = t.asset_id
  left join users u on u.id = t.inspector_id
  left join files cf on cf.id = t.certificate_file_id`;

/** The ids of a page (or of every matching report: limit null), in the page's order. */
export async function reportIds(
  db: Db,
  scope: Scope,
  filter: ReportFilter,
  order: ReportOrder,
  page: { offset: number; limit: number | null },
): Promise<number[]> {
  const { by, joins, readsJob } = orderOf(order);
  const limit = page.limit === null ? sql`all` : sql`${page.limit}::int`;
  const job = readsJob || whereReadsJob(scope, filter) ? sql`join jobs j on j.id = t.job_id` : sql``;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select t.id from tasks t ${job} ${joins}
         where ${reportWhere(scope, filter)}
         order by ${by} offset ${Math.max(0, page.offset)}::int limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The rows of these ids, in their order. */
export async function reportRows(db: Db, ids: number[]): Promise<ReportRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ json: string | null }>(
    db,
    sql`select coalesce(json_agg(${ROW_JSON} order by p.n), '[]')::text as json
          from unnest(${sql.param(ids)}::int[]) with ordinality as p(id, n)
          join tasks t on t.id = p.id ${ROW_JOINS}`,
  );
  return JSON.parse(rows[0]?.json ?? '[]') as ReportRow[];
}

export async function reportCount(db: Db, scope: Scope, filter: ReportFilter): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from tasks t ${whereReadsJob(scope, filter) ? sql`join jobs j on j.id = t.job_id` : sql``}
         where ${reportWhere(scope, filter)}`,
  );
  return Number(rows[0]?.n ?? 0);
}
