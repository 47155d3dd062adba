import { type SQL, sql } from 'drizzle-orm';
import { certificateStatusCodes, type LooseGearFilter, type LooseGearItemStatus } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { contains } from '../../lib/search';
import type { Scope } from '../../lib/scope';

/**
 * The Loose Gear register's SQL (tasks document 2.7): a site's active items (`llg_items`) with
 * the facts of their latest certified examination copied in at approval, so a page reads one
 * site's rows from `llg_items_site_idx` and joins only the ten it answers. Every query takes the
 * caller's scope first; the service has checked the client and site against it already, and the
 * namespace is named again in every statement.
 */

const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Whole days left until the due date (UTC days), as DECISIONS 5 reads them. */
const daysLeft = sql`((i.due_date at time zone 'UTC')::date - (now() at time zone 'UTC')::date)`;
/** Failed while the last certified result is Fail (DECISIONS 9), else from the due date (15 days). */
export const itemStatusSql = sql`case when i.last_result = 2 then 'Failed' when i.due_date is null then null
  when ${daysLeft} <= 0 then 'Expired' when ${daysLeft} <= 15 then 'Due Shortly' else 'Valid' end`;

/** A range of whole UTC days, both ends inclusive (00:00:00 to 23:59:59.999). */
const dayRange = (column: SQL, range: { from: string; to: string }) =>
  sql`${column} between ${`${range.from}T00:00:00Z`}::timestamptz and ${`${range.to}T23:59:59.999Z`}::timestamptz`;

/** The register's filter on `llg_items i` (with its last examination's job `j` when the job number is asked for). */
export function registerWhere(scope: Scope, filter: LooseGearFilter): SQL {
  const parts: SQL[] = [
    sql`i.namespace_id = ${scope.namespaceId}::int`,
    sql`i.site_id = ${filter.siteId}::int`,
    sql`i.status = 1`,
    sql`i.client_id = ${filter.clientId}::int`,
  ];
  const text = (column: SQL, value: string | null | undefined) => {
    if (value?.trim()) parts.push(contains(column, value));
  };
  // The item (task type name) as the ids of the matching types, found once: the site's index
  // stays the only walk (a join would walk the site once per matching type).
  if (filter.taskType?.trim())
    parts.push(
      sql`i.task_type_id = any(array(select x.id from task_types x where x.namespace_id = ${scope.namespaceId}::int
                                      and ${contains(sql`x.name`, filter.taskType)}))`,
    );
  text(sql`i.serial_number`, filter.llgSerialNumber);
  text(sql`i.specification`, filter.specification);
  text(sql`i.certificate_number`, filter.certificateNumber);
  text(sql`i.acronym_code`, filter.acronymCode);
  text(sql`j.job_number`, filter.jobNumber);
  if (filter.result) parts.push(sql`i.last_result = ${filter.result}::int`);
  if (filter.itemStatus) parts.push(sql`(${itemStatusSql}) = ${filter.itemStatus}`);
  if (filter.actualInspectionDate) parts.push(dayRange(sql`i.last_inspection_date`, filter.actualInspectionDate));
  if (filter.dueDate) parts.push(dayRange(sql`i.due_date`, filter.dueDate));
  return sql.join(parts, sql` and `);
}

/** Whether the filter needs the last examination's job (only the job number does). */
const needsJob = (filter: LooseGearFilter) => Boolean(filter.jobNumber?.trim());

/** The items, with the last examination's job when the filter names a job number. */
const FROM = (filter: LooseGearFilter) =>
  needsJob(filter) ? sql`llg_items i left join tasks lt on lt.id = i.last_task_id left join jobs j on j.id = lt.job_id` : sql`llg_items i`;

export interface RegisterRecord {
  id: number;
  task_type: string;
  specification: string | null;
  serial_number: string;
  acronym_code: string | null;
  safe_working_load: string | null;
  result: number | null;
  inspected: string | null;
  due: string | null;
  certificate_number: string | null;
  site: string;
  job_number: string | null;
  last_task_id: number | null;
  certificate_key: string | null;
  certificate_name: string | null;
  booklet_key: string | null;
  booklet_name: string | null;
  item_status: LooseGearItemStatus | null;
  /** The order's key (lower-cased serial number). */
  serial_key: string;
}

/** The register's order: item (task type name), then serial number, then id. */
export interface RegisterKey {
  taskType: string;
  serial: string;
  id: number;
}

/**
 * A page of the register in item, serial order: `offset`/`limit` (limit null = every row), or
 * the rows after `after` (the export's keyset batches). The page is chosen from `llg_items` and
 * its task type alone; the site, the last examination's job, certificate and booklet are joined
 * to the chosen rows only.
 */
export async function registerRecords(
  db: Db,
  scope: Scope,
  filter: LooseGearFilter,
  page: { offset: number; limit: number | null; after?: RegisterKey },
): Promise<RegisterRecord[]> {
  const after = page.after
    ? sql`and (tt.name, lower(i.serial_number), i.id) > (${page.after.taskType}, ${page.after.serial}, ${page.after.id}::int)`
    : sql``;
  const limit = page.limit === null ? sql`` : sql`limit ${page.limit}::int`;
  const finalCodes = sql.param(certificateStatusCodes('final'));
  return queryRows<RegisterRecord>(
    db,
    sql`select p.id, p.task_type, p.specification, p.serial_number, p.acronym_code, p.safe_working_load, p.last_result as result,
               ${iso(sql`p.last_inspection_date`)} as inspected, ${iso(sql`p.due_date`)} as due, p.certificate_number,
               s.name as site, lj.job_number, p.last_task_id,
               cf.blob_key as certificate_key, cf.file_name as certificate_name,
               bf.blob_key as booklet_key, bf.file_name as booklet_name, p.item_status, lower(p.serial_number) as serial_key
          from (select i.*, tt.name as task_type, ${itemStatusSql} as item_status
                  from ${FROM(filter)} join task_types tt on tt.id = i.task_type_id
                 where ${registerWhere(scope, filter)} ${after}
                 order by tt.name, lower(i.serial_number), i.id
                offset ${Math.max(0, page.offset)}::int ${limit}) p
          join sites s on s.id = p.site_id
          left join tasks lt on lt.id = p.last_task_id
          left join jobs lj on lj.id = lt.job_id
          left join files cf on cf.id = lt.certificate_file_id and lt.certificate_status = any(${finalCodes}::int[])
          left join tasks pt on pt.id = lt.parent_id
          left join files bf on bf.id = pt.certificate_file_id
         order by p.task_type, lower(p.serial_number), p.id`,
  );
}

export async function registerCount(db: Db, scope: Scope, filter: LooseGearFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${FROM(filter)} where ${registerWhere(scope, filter)}`,
  );
  return Number(row?.n ?? 0);
}

/** An item of the caller's namespace with its client and site (the service checks them against the scope). */
export async function findItem(db: Db, scope: Scope, itemId: number) {
  const [row] = await queryRows<{ id: number; client_id: number; site_id: number }>(
    db,
    sql`select id, client_id, site_id from llg_items where id = ${itemId}::int and namespace_id = ${scope.namespaceId}::int`,
  );
  return row ?? null;
}

export interface HistoryRecord {
  task_id: number;
  job_number: string;
  status: number;
  result: number | null;
  inspected: string | null;
  certificate_number: string | null;
  certificate_key: string | null;
  certificate_name: string | null;
  booklet_key: string | null;
  booklet_name: string | null;
}

/** Every examination of an item (its child tasks, removed and deleted ones left out), newest first. */
export async function itemHistory(db: Db, scope: Scope, itemId: number): Promise<HistoryRecord[]> {
  return queryRows<HistoryRecord>(
    db,
    sql`select t.id as task_id, j.job_number, t.status, t.result, ${iso(sql`t.actual_inspection_date`)} as inspected,
               t.certificate_number, cf.blob_key as certificate_key, cf.file_name as certificate_name,
               bf.blob_key as booklet_key, bf.file_name as booklet_name
          from tasks t
          join jobs j on j.id = t.job_id
          left join files cf on cf.id = t.certificate_file_id and t.certificate_status = any(${sql.param(certificateStatusCodes('final'))}::int[])
          left join tasks pt on pt.id = t.parent_id
          left join files bf on bf.id = pt.certificate_file_id
         where t.llg_item_id = ${itemId}::int and t.namespace_id = ${scope.namespaceId}::int and t.status not in (64, 1024)
         order by coalesce(t.actual_inspection_date, t.created_at) desc, t.id desc`,
  );
}
