import { type SQL, sql } from 'drizzle-orm';
import { ACTIVE_TASK_STATUSES, certificateStatusCodes, INACTIVE_TASK_STATUSES, type TaskFilter } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { containsPattern } from '../../lib/search';
import { isoDate } from '../jobs';
import { taskScopeSql } from '../../lib/taskScope';

/** The dashboard's filter over `tasks t join jobs j` (section 2.1), inside the caller's scope. */
export function taskFilterWhere(scope: Scope, filter: TaskFilter): SQL {
  // LLG child records are reached through their LLG task (INSPECT, RECORDS), not listed beside it.
  const parts: SQL[] = [taskScopeSql(scope), sql`t.parent_id is null`];
  const ns = scope.namespaceId;
  if (filter.status && filter.status.length > 0) parts.push(sql`t.status = any(${sql.param(filter.status)}::int[])`);
  if (filter.active === true) parts.push(sql`t.status = any(${sql.param([...ACTIVE_TASK_STATUSES])}::int[])`);
  if (filter.active === false) parts.push(sql`t.status = any(${sql.param([...INACTIVE_TASK_STATUSES])}::int[])`);
  if (filter.assetTypeId) parts.push(sql`t.asset_type_id = ${filter.assetTypeId}::int`);
  if (filter.observationType) parts.push(sql`t.observation_type = ${filter.observationType}::int`);
  if (filter.mine) parts.push(sql`t.inspector_id = ${scope.userId}::int`);
  if (filter.jobNumber?.trim()) parts.push(sql`lower(j.job_number) like ${containsPattern(filter.jobNumber)}`);
  if (filter.quotationNumber?.trim()) parts.push(sql`lower(j.quotation_number) like ${containsPattern(filter.quotationNumber)}`);
  if (filter.certificateNumber?.trim()) parts.push(sql`lower(t.certificate_number) like ${containsPattern(filter.certificateNumber)}`);
  if (filter.asset?.trim()) {
    parts.push(
      sql`t.asset_id in (select fa.id from assets fa where fa.namespace_id = ${ns}::int and lower(fa.name) like ${containsPattern(filter.asset)})`,
    );
  }
  if (filter.client?.trim()) {
    parts.push(
      sql`j.customer_id in (select fc.id from client_companies fc where fc.namespace_id = ${ns}::int and lower(fc.name) like ${containsPattern(filter.client)})`,
    );
  }
  if (filter.site?.trim()) {
    parts.push(
      sql`t.site_id in (select fs.id from sites fs where fs.namespace_id = ${ns}::int and lower(fs.name) like ${containsPattern(filter.site)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** `from tasks t`, joined to its job only when the scope or the filter reads the job (count over 100,000 tasks stays cheap). */
function fromTasks(scope: Scope, filter: TaskFilter): SQL {
  const needsJob =
    scope.companyId !== null ||
    scope.siteIds !== null ||
    !!filter.jobNumber?.trim() ||
    !!filter.quotationNumber?.trim() ||
    !!filter.client?.trim();
  return needsJob ? sql`tasks t join jobs j on j.id = t.job_id` : sql`tasks t`;
}

/** What a row needs besides its display fields: the facts the rules read (contracts transitions). */
export interface TaskRowFacts {
  id: number;
  status: number;
  observationType: number;
  certificateStatus: number | null;
  isLlg: boolean;
  locationId: number | null;
  llgChildren: number;
  llgChildrenFinal: boolean;
  /** An LLG child record and its parent's status (contracts TaskFacts). */
  llgChild: boolean;
  parentStatus: number | null;
  [key: string]: unknown;
}

const LLG_FACTS = sql`
  'llgChildren', case when t.is_llg then (select count(*) from tasks ch where ch.parent_id = t.id and ch.status not in (64, 1024)) else 0 end,
  'llgChildrenFinal', case when t.is_llg then not exists (select 1 from tasks ch where ch.parent_id = t.id and ch.archived = 0
                        and ch.status not in (64, 1024) and coalesce(ch.certificate_status, 0) <> all(${sql.param(certificateStatusCodes('final'))}::int[])) else true end,
  'llgChild', t.parent_id is not null,
  'parentStatus', case when t.parent_id is not null then (select p.status from tasks p where p.id = t.parent_id) end`;

/** The JSON of one dashboard row (contracts TaskRow without `can`), over the page's `t`, `j` and joins. */
const ROW_JSON = sql`json_build_object(
  'id', t.id, 'status', t.status, 'jobNumber', j.job_number,
  'location', coalesce(a.name, case when t.is_llg then s.name end),
  'locationId', coalesce(t.asset_id, case when t.is_llg then t.site_id end),
  'assetType', at.name, 'assetTypeId', t.asset_type_id, 'taskType', tt.name, 'taskTypeId', t.task_type_id,
  'client', c.name, 'site', s.name, 'observationInspector', u.name,
  'certificateNumber', t.certificate_number,
  'certificateFile', case when cf.id is null then null else json_build_object('blobKey', cf.blob_key, 'fileName', cf.file_name) end,
  'quotationNumber', j.quotation_number, 'observationType', t.observation_type,
  'actualInspectionDate', ${isoDate(sql`t.actual_inspection_date`)}, 'modifiedDate', ${isoDate(sql`t.modified_at`)},
  'endUserName', null, 'endUserAddress', null,
  'scheduleId', t.job_id, 'certificateStatus', t.certificate_status, 'result', t.result, 'isLlg', t.is_llg,
  ${LLG_FACTS})`;

const ROW_JOINS = sql`
  join jobs j on j.id = t.job_id
  join client_companies c on c.id = j.customer_id
  join sites s on s.id = t.site_id
  join task_types tt on tt.id = t.task_type_id
  left join asset_types at on at.id = t.asset_type_id
  left join assets a on a.id = t.asset_id
  left join users u on u.id = t.inspector_id
  left join files cf on cf.id = t.certificate_file_id`;

const LIST_ORDER = sql`t.modified_at desc nulls last, t.id desc nulls last`;

/** A page of the dashboard (modified date descending), as JSON rows; limit -1 = every matching row. */
export async function taskListRows(
  db: Db,
  scope: Scope,
  filter: TaskFilter,
  page: { offset: number; limit: number },
): Promise<TaskRowFacts[]> {
  const offset = Math.max(0, page.offset);
  const limit = page.limit < 0 ? sql`all` : sql`${page.limit}::int`;
  const rows = await queryRows<{ json: string | null }>(
    db,
    sql`with page as materialized (select t.id from ${fromTasks(scope, filter)} where ${taskFilterWhere(scope, filter)}
                      order by ${LIST_ORDER} offset ${offset}::int limit ${limit})
        select coalesce(json_agg(${ROW_JSON} order by ${LIST_ORDER}), '[]')::text as json
          from page pg join tasks t on t.id = pg.id ${ROW_JOINS}`,
  );
  return JSON.parse(rows[0]?.json ?? '[]') as TaskRowFacts[];
}

export async function taskCount(db: Db, scope: Scope, filter: TaskFilter): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from ${fromTasks(scope, filter)} where ${taskFilterWhere(scope, filter)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One task with every detail field (contracts TaskDetail without can/tabs/buttons), or null when not visible. */
export async function taskDetailRow(db: Db, scope: Scope, id: number): Promise<TaskRowFacts | null> {
  const rows = await queryRows<{ json: string }>(
    db,
    sql`select (${ROW_JSON}::jsonb || jsonb_build_object(
          'name', t.name, 'description', tt.description, 'divisionId', t.division_id, 'division', d.name,
          'siteId', t.site_id, 'siteName', s.name, 'siteStreet', s.street, 'siteCity', s.city, 'siteState', s.state,
          'siteCountry', s.country, 'sitePin', s.pin::text, 'siteTimeZone', s.time_zone,
          'companyId', j.customer_id, 'inspectorId', t.inspector_id, 'mainInspectorId', j.main_inspector_id,
          'approverId', t.approver_id, 'approver', ap.name, 'certificateDate', ${isoDate(sql`t.certificate_date`)},
          'fieldReportFile', case when ff.id is null then null else jsonb_build_object('blobKey', ff.blob_key, 'fileName', ff.file_name) end,
          'fullReportFile', case when rf.id is null then null else jsonb_build_object('blobKey', rf.blob_key, 'fileName', rf.file_name) end,
          'dueDate', ${isoDate(sql`t.due_date`)}, 'assetDueDate', ${isoDate(sql`a.due_date`)},
          'vendorDetails', j.vendor_details, 'subVendorDetails', j.sub_vendor_details,
          'revisionComments', t.revision_comments, 'revision', t.revision,
          'otherFiles', coalesce((select jsonb_agg(jsonb_build_object('blobKey', f.blob_key, 'fileName', f.file_name, 'fileType', f.content_type)
                                                 order by jf.created_at, f.id)
                                    from job_files jf join files f on f.id = jf.file_id where jf.job_id = j.id), '[]'::jsonb),
          'parentId', t.parent_id, 'timeZone', coalesce(t.time_zone, j.time_zone, s.time_zone), 'hasChecklist', t.checklist is not null,
          'basisOfExamination', t.basis_of_examination, 'taskTypeValidity', tt.validity, 'testEquipment', t.test_equipment,
          'performedBy', coalesce((
            select jsonb_agg(jsonb_build_object('id', pu.id, 'name', pu.name) order by p.first_at, pu.id)
              from (select (n->>'savedBy')::int as uid, min(n->>'savedAt') as first_at
                      from (select jsonb_path_query(coalesce(t.checklist, '{}'::jsonb), '$.sections[*]') as n
                            union all
                            select jsonb_path_query(coalesce(t.checklist, '{}'::jsonb), '$.sections[*].items[*]')) nodes
                     where jsonb_typeof(n->'savedBy') = 'number'
                     group by 1) p
              join users pu on pu.id = p.uid), '[]'::jsonb),
          'createdDate', ${isoDate(sql`t.created_at`)}))::text as json
      from tasks t ${ROW_JOINS}
      join divisions d on d.id = t.division_id
      left join users ap on ap.id = t.approver_id
      left join files ff on ff.id = t.field_report_file_id
      left join files rf on rf.id = t.full_report_file_id
     where t.id = ${id}::int and ${taskScopeSql(scope)}`,
  );
  return rows[0] ? (JSON.parse(rows[0].json) as TaskRowFacts) : null;
}
