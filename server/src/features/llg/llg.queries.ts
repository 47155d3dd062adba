import { type SQL, sql } from 'drizzle-orm';
import type { TaskChecklist } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import type { Scope } from '../../lib/scope';
import { taskScopeSql } from '../../lib/taskScope';
import { isoDate } from '../jobs';

/** A job's LLG task as its children need it; `lock` takes it for the transaction. */
export interface LlgParent {
  id: number;
  namespace_id: number;
  job_id: number;
  site_id: number;
  client_id: number;
  status: number;
  observation_type: number;
  is_llg: boolean;
  inspector_id: number | null;
  time_zone: string | null;
  due_date: string | null;
  booklet_blob_key: string | null;
  booklet_file_name: string | null;
}

/** The task (visible to the caller, tasks' one rule), or null; an LLG parent or not is the caller's check. */
export async function parentOf(db: Db, scope: Scope, id: number, lock = false): Promise<LlgParent | null> {
  const [row] = await queryRows<LlgParent>(
    db,
    sql`select t.id, t.namespace_id, t.job_id, t.site_id, j.customer_id as client_id, t.status, t.observation_type, t.is_llg,
               t.inspector_id, t.time_zone, ${isoDate(sql`t.due_date`)} as due_date,
               bf.blob_key as booklet_blob_key, bf.file_name as booklet_file_name
          from tasks t join jobs j on j.id = t.job_id left join files bf on bf.id = t.certificate_file_id
         where t.id = ${id}::int and ${taskScopeSql(scope)}
         ${lock ? sql`for update of t` : sql``}`,
  );
  return row ?? null;
}

/** A child record with its item's facts and what its flags and completeness need. */
export interface ChildRow {
  id: number;
  parentId: number;
  status: number;
  taskTypeId: number;
  taskTypeDesc: string;
  llgItemId: number;
  llgSerialNumber: string;
  specification: string | null;
  acronymCode: string | null;
  safeWorkingLoad: string | null;
  result: number | null;
  actualInspectionDate: string | null;
  certificateStatus: number | null;
  certificateNumber: string | null;
  certificateFile: { blobKey: string; fileName: string } | null;
  archived: number;
  observationType: number;
  checklist: TaskChecklist | null;
}

/** The parent's children (deleted ones, 1024, left out), oldest first; `only` one of them. */
export async function childRows(db: Db, parentId: number, only?: number): Promise<ChildRow[]> {
  const one: SQL = only === undefined ? sql`` : sql`and ch.id = ${only}::int`;
  return queryRows<ChildRow>(
    db,
    sql`select ch.id, ch.parent_id as "parentId", ch.status, ch.task_type_id as "taskTypeId", tt.name as "taskTypeDesc",
               coalesce(ch.llg_item_id, 0) as "llgItemId", coalesce(i.serial_number, '') as "llgSerialNumber",
               i.specification, i.acronym_code as "acronymCode", i.safe_working_load as "safeWorkingLoad",
               ch.result, ${isoDate(sql`ch.actual_inspection_date`)} as "actualInspectionDate",
               ch.certificate_status as "certificateStatus", ch.certificate_number as "certificateNumber",
               case when cf.id is null then null else json_build_object('blobKey', cf.blob_key, 'fileName', cf.file_name) end as "certificateFile",
               ch.archived, ch.observation_type as "observationType", ch.checklist
          from tasks ch
          join task_types tt on tt.id = ch.task_type_id
          left join llg_items i on i.id = ch.llg_item_id
          left join files cf on cf.id = ch.certificate_file_id
         where ch.parent_id = ${parentId}::int and ch.status <> 1024 ${one}
         order by ch.id`,
  );
}

/** A child record locked for the transaction, with its parent's status; null when not visible or not a child. */
export async function lockChild(
  tx: Db,
  scope: Scope,
  id: number,
): Promise<{
  id: number;
  job_id: number;
  status: number;
  observation_type: number;
  parent_status: number;
  llg_item_id: number | null;
} | null> {
  const [row] = await queryRows<{
    id: number;
    job_id: number;
    status: number;
    observation_type: number;
    parent_status: number;
    llg_item_id: number | null;
  }>(
    tx,
    sql`select t.id, t.job_id, t.status, t.observation_type, p.status as parent_status, t.llg_item_id
          from tasks t join jobs j on j.id = t.job_id join tasks p on p.id = t.parent_id
         where t.id = ${id}::int and ${taskScopeSql(scope)}
           for update of t`,
  );
  return row ?? null;
}
