import { type SQL, sql } from 'drizzle-orm';
import { type AssessmentFilter, type AssessmentSortColumn, type AssessmentStatus, certificateStatusCodes } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { contains } from '../../lib/search';
import type { Scope } from '../../lib/scope';
import { iso, itemStatusSql } from '../assets';

/**
 * The Assessments dashboard's SQL (tasks document 2.8): a client's trainees (assets of a TRAINEE
 * asset type, DECISIONS 8) and, for each course (task type) they have a certificate of, the
 * newest approved task (status 16). The row's last result and expiry date are named
 * `last_result` and `due_date` on the alias `a`, so the assets area's item status SQL reads them
 * as it reads an asset's. Every query takes the caller's scope first; the service has checked
 * the client and the sites against it, and the namespace is named again in every statement.
 */

/** The sites the rows may come from: the chosen ones, or (none chosen) those the caller may see. */
export type SiteChoice = { siteIds: number[] } | { allOfClient: true; siteIds: number[] | null };

/** A range of whole UTC days, both ends inclusive (00:00:00 to 23:59:59.999). */
const dayRange = (column: SQL, range: { from: string; to: string }) =>
  sql`${column} between ${`${range.from}T00:00:00Z`}::timestamptz and ${`${range.to}T23:59:59.999Z`}::timestamptz`;

/** The client's active trainees (assets of a TRAINEE type) on the sites, as conditions on `tr`. */
function traineeWhere(scope: Scope, clientId: number, sites: SiteChoice): SQL {
  const siteIds = sites.siteIds;
  const siteCondition = siteIds === null ? sql`` : sql`and tr.site_id = any(${sql.param(siteIds)}::int[])`;
  return sql`tr.namespace_id = ${scope.namespaceId}::int and tr.company_id = ${clientId}::int and tr.status = 1 ${siteCondition}
             and tr.asset_type_id = any(array(select x.id from asset_types x
                                               where x.namespace_id = ${scope.namespaceId}::int and x.category = 'TRAINEE'))`;
}

/** The row's columns over the trainee `tr`, its site `s`, the latest certificate `l` and its course `tt`. */
const ROW_COLUMNS = sql`tr.id as asset_id, tr.name, tr.acronym_code, tr.attributes, tr.site_id, s.name as site,
  l.task_type_id, tt.name as course, l.result as last_result, l.actual_inspection_date, l.certificate_number,
  case when l.result = 1 then l.actual_inspection_date + make_interval(months => tt.validity) end as due_date,
  l.job_id, l.certificate_file_id, l.certificate_status`;

/**
 * One row per trainee and course: the latest certificate (alias `a`, before the filters).
 *
 * `firstTrainees`: only the first n trainees by name (and id) that have a certificate, with the
 * trainee-level filter: enough for a page in the default order, since each has a row or more.
 * Their latest certificates are looked up trainee by trainee (a few index probes each).
 *
 * Otherwise (another order, a row-level filter, a count, every row) the rows of every chosen
 * trainee are needed: their latest certificates are chosen in one pass over their approved
 * tasks, joined to trainee, site and course first, then `distinct on` the trainee and course,
 * newest first. One sort of the client's tasks is several times cheaper than a sort per trainee,
 * and joins made before the `distinct on` are hash joins on good estimates, where after it the
 * planner misjudged the filtered rows and re-evaluated the expiry filter for every course
 * (docs/decisions.md "Reports and Assessments: pages by index and in one pass").
 */
function rowsSql(
  scope: Scope,
  clientId: number,
  sites: SiteChoice,
  options: { withJob: boolean; firstTrainees?: { count: number; filter: AssessmentFilter } },
): SQL {
  const ns = scope.namespaceId;
  const job = options.withJob ? sql`left join jobs j on j.id = l.job_id` : sql``;
  const jobNumber = options.withJob ? sql`j.job_number` : sql`null::text`;
  const first = options.firstTrainees;
  if (first) {
    return sql`select l.id, ${ROW_COLUMNS}, ${jobNumber} as job_number
                 from (select tr.* from assets tr
                        where ${traineeWhere(scope, clientId, sites)} ${traineeFilter(first.filter)}
                          and exists (select 1 from tasks e where e.asset_id = tr.id and e.status = 16 and e.namespace_id = ${ns}::int)
                        order by tr.name, tr.id
                        limit ${first.count}::int) tr
                 join sites s on s.id = tr.site_id
                 cross join lateral (
                   select distinct on (t.task_type_id) t.id, t.task_type_id, t.result, t.actual_inspection_date, t.certificate_number,
                          t.job_id, t.certificate_file_id, t.certificate_status
                     from tasks t
                    where t.asset_id = tr.id and t.status = 16 and t.namespace_id = ${ns}::int
                    order by t.task_type_id, t.actual_inspection_date desc nulls last, t.id desc) l
                 join task_types tt on tt.id = l.task_type_id
                 ${job}`;
  }
  return sql`select l.id, l.asset_id, l.name, l.acronym_code, l.attributes, l.site_id, l.site, l.task_type_id, l.course,
                    l.last_result, l.actual_inspection_date, l.certificate_number, l.due_date,
                    l.job_id, l.certificate_file_id, l.certificate_status, ${jobNumber} as job_number
               from (select distinct on (tr.id, l.task_type_id) l.id, ${ROW_COLUMNS}
                       from assets tr
                       join tasks l on l.asset_id = tr.id
                       join sites s on s.id = tr.site_id
                       join task_types tt on tt.id = l.task_type_id
                      where ${traineeWhere(scope, clientId, sites)} and l.status = 16 and l.namespace_id = ${ns}::int
                      order by tr.id, l.task_type_id, l.actual_inspection_date desc nulls last, l.id desc) l
               ${job}`;
}

/** The trainee-level column filters (name, id) on `tr`. */
function traineeFilter(filter: AssessmentFilter): SQL {
  const parts: SQL[] = [];
  if (filter.location?.trim()) parts.push(sql`and ${contains(sql`tr.name`, filter.location)}`);
  if (filter.acronymCode?.trim()) parts.push(sql`and ${contains(sql`tr.acronym_code`, filter.acronymCode)}`);
  return sql.join(parts, sql` `);
}

/** Whether the filter names only trainee-level columns (so every chosen trainee has a row). */
const onlyTraineeFilters = (filter: AssessmentFilter) =>
  !filter.specifications?.trim() &&
  !filter.taskType?.trim() &&
  !filter.certificateNumber?.trim() &&
  !filter.site?.trim() &&
  !filter.jobNumber?.trim() &&
  !filter.result &&
  !filter.itemStatus &&
  !filter.actualInspectionDate &&
  !filter.dueDate;

/** The filter's conditions on the rows `a` (true when none). */
function filterWhere(filter: AssessmentFilter): SQL {
  const parts: SQL[] = [sql`true`];
  const text = (column: SQL, value: string | null | undefined) => {
    if (value?.trim()) parts.push(contains(column, value));
  };
  text(sql`a.name`, filter.location);
  text(sql`a.acronym_code`, filter.acronymCode);
  // Specifications: the attribute values (what the column shows after each name).
  text(sql`(select string_agg(v.value, ' ') from jsonb_each_text(a.attributes) v)`, filter.specifications);
  text(sql`a.course`, filter.taskType);
  text(sql`a.certificate_number`, filter.certificateNumber);
  text(sql`a.site`, filter.site);
  text(sql`a.job_number`, filter.jobNumber);
  if (filter.result) parts.push(sql`a.last_result = ${filter.result}::int`);
  if (filter.itemStatus) parts.push(sql`(${itemStatusSql}) = ${filter.itemStatus}`);
  if (filter.actualInspectionDate) parts.push(dayRange(sql`a.actual_inspection_date`, filter.actualInspectionDate));
  if (filter.dueDate) parts.push(dayRange(sql`a.due_date`, filter.dueDate));
  return sql.join(parts, sql` and `);
}

const SORT_KEYS: Record<AssessmentSortColumn, SQL> = {
  location: sql`a.name`,
  acronymCode: sql`a.acronym_code`,
  specifications: sql`a.attributes::text`,
  taskType: sql`a.course`,
  certificateNumber: sql`a.certificate_number`,
  result: sql`a.last_result`,
  actualInspectionDate: sql`a.actual_inspection_date`,
  dueDate: sql`a.due_date`,
  site: sql`a.site`,
  itemStatus: sql`(${itemStatusSql})`,
};

/** The order: the chosen column (empty values last), then name, course and id; by default name, course, id. */
function orderBy(sort: { column?: AssessmentSortColumn; order?: 'asc' | 'desc' }): SQL {
  const rest = sql`a.name, a.asset_id, a.course, a.id`;
  if (!sort.column) return rest;
  const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;
  return sql`${SORT_KEYS[sort.column]} ${direction} nulls last, ${rest}`;
}

export interface AssessmentRecord {
  id: number;
  asset_id: number;
  name: string;
  acronym_code: string | null;
  attributes: Record<string, unknown> | null;
  site_id: number;
  site: string;
  task_type_id: number;
  course: string;
  result: number | null;
  inspected: string | null;
  due: string | null;
  certificate_number: string | null;
  item_status: AssessmentStatus | null;
  job_number: string | null;
  quotation_number: string | null;
  certificate_key: string | null;
  certificate_name: string | null;
}

/** Whether the filter needs each row's job (only the job number does). */
const needsJob = (filter: AssessmentFilter) => Boolean(filter.jobNumber?.trim());

/**
 * A page of rows in the chosen order (limit null: every row). The page is chosen from the
 * trainees, their latest certificates and the course alone; the job and the certificate file
 * are joined to the chosen rows only.
 */
export async function assessmentRecords(
  db: Db,
  scope: Scope,
  clientId: number,
  sites: SiteChoice,
  filter: AssessmentFilter,
  page: { offset: number; limit: number | null; sortColumn?: AssessmentSortColumn; sortOrder?: 'asc' | 'desc' },
): Promise<AssessmentRecord[]> {
  const limit = page.limit === null ? sql`` : sql`limit ${page.limit}::int`;
  const order = orderBy({ column: page.sortColumn, order: page.sortOrder });
  const finalCodes = sql.param(certificateStatusCodes('final'));
  // The default order with trainee-level filters only: the page's rows come from the first
  // offset + limit trainees in name order, so the database reads those, not the whole client.
  const firstTrainees =
    !page.sortColumn && page.limit !== null && onlyTraineeFilters(filter)
      ? { count: Math.max(0, page.offset) + page.limit, filter }
      : undefined;
  return queryRows<AssessmentRecord>(
    db,
    sql`select p.id, p.asset_id, p.name, p.acronym_code, p.attributes, p.site_id, p.site, p.task_type_id, p.course, p.last_result as result,
               ${iso(sql`p.actual_inspection_date`)} as inspected, ${iso(sql`p.due_date`)} as due, p.certificate_number, p.item_status,
               j.job_number, j.quotation_number, cf.blob_key as certificate_key, cf.file_name as certificate_name
          from (select a.*, ${itemStatusSql} as item_status
                  from (${rowsSql(scope, clientId, sites, { withJob: needsJob(filter), firstTrainees })}) a
                 where ${filterWhere(filter)}
                 order by ${order}
                offset ${Math.max(0, page.offset)}::int ${limit}) p
          left join jobs j on j.id = p.job_id
          left join files cf on cf.id = p.certificate_file_id and p.certificate_status = any(${finalCodes}::int[])
         order by ${orderByOuter(page)}`,
  );
}

/** The same order on the page's alias `p` (its item status is a column there). */
function orderByOuter(page: { sortColumn?: AssessmentSortColumn; sortOrder?: 'asc' | 'desc' }): SQL {
  const rest = sql`p.name, p.asset_id, p.course, p.id`;
  if (!page.sortColumn) return rest;
  const keys: Record<AssessmentSortColumn, SQL> = {
    location: sql`p.name`,
    acronymCode: sql`p.acronym_code`,
    specifications: sql`p.attributes::text`,
    taskType: sql`p.course`,
    certificateNumber: sql`p.certificate_number`,
    result: sql`p.last_result`,
    actualInspectionDate: sql`p.actual_inspection_date`,
    dueDate: sql`p.due_date`,
    site: sql`p.site`,
    itemStatus: sql`p.item_status`,
  };
  const direction = page.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  return sql`${keys[page.sortColumn]} ${direction} nulls last, ${rest}`;
}

export async function assessmentCount(
  db: Db,
  scope: Scope,
  clientId: number,
  sites: SiteChoice,
  filter: AssessmentFilter,
): Promise<number> {
  // Trainee-level filters only: every course a chosen trainee has an approved task of is a row
  // (the row's site and course are not-null keys, so their joins keep every row), and the count
  // is that of the distinct (trainee, course) pairs, without choosing each latest certificate.
  const statement = onlyTraineeFilters(filter)
    ? sql`select count(*)::int as n
            from (select distinct t.asset_id, t.task_type_id from tasks t
                   where t.asset_id in (select tr.id from assets tr where ${traineeWhere(scope, clientId, sites)} ${traineeFilter(filter)})
                     and t.status = 16 and t.namespace_id = ${scope.namespaceId}::int) a`
    : sql`select count(*)::int as n from (${rowsSql(scope, clientId, sites, { withJob: needsJob(filter) })}) a where ${filterWhere(filter)}`;
  const [row] = await queryRows<{ n: number }>(db, statement);
  return Number(row?.n ?? 0);
}

/** A trainee of the caller's namespace with its client and site (the service checks them against the scope). */
export async function findTrainee(db: Db, scope: Scope, assetId: number) {
  const [row] = await queryRows<{ id: number; company_id: number; site_id: number }>(
    db,
    sql`select a.id, a.company_id, a.site_id from assets a join asset_types x on x.id = a.asset_type_id
         where a.id = ${assetId}::int and a.namespace_id = ${scope.namespaceId}::int and x.category = 'TRAINEE'`,
  );
  return row ?? null;
}

export interface HistoryRecord {
  task_id: number;
  task_type_id: number;
  course: string;
  inspected: string | null;
  certificate_number: string | null;
  result: number | null;
  certificate_key: string | null;
  certificate_name: string | null;
  due: string | null;
}

/** Every certificate of a trainee (of one course), newest first. */
export async function traineeHistory(db: Db, scope: Scope, assetId: number, taskTypeId?: number): Promise<HistoryRecord[]> {
  const course = taskTypeId === undefined ? sql`` : sql`and t.task_type_id = ${taskTypeId}::int`;
  return queryRows<HistoryRecord>(
    db,
    sql`select t.id as task_id, t.task_type_id, tt.name as course, ${iso(sql`t.actual_inspection_date`)} as inspected, t.certificate_number,
               t.result, cf.blob_key as certificate_key, cf.file_name as certificate_name,
               ${iso(sql`case when t.result = 1 then t.actual_inspection_date + make_interval(months => tt.validity) end`)} as due
          from tasks t
          join task_types tt on tt.id = t.task_type_id
          left join files cf on cf.id = t.certificate_file_id and t.certificate_status = any(${sql.param(certificateStatusCodes('final'))}::int[])
         where t.asset_id = ${assetId}::int and t.namespace_id = ${scope.namespaceId}::int and t.status = 16 ${course}
         order by t.actual_inspection_date desc nulls last, t.id desc`,
  );
}
