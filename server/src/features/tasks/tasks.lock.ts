import { sql } from 'drizzle-orm';
import {
  checkChildTransition,
  checkTransition,
  childTransitionTo,
  type Role,
  SPECIAL_OBSERVATION_TYPE,
  TASK_ACTION_LABEL,
  TASK_STATUS_LABEL,
  TASK_TEXT,
  type TaskAction,
  type TaskChecklist,
  type TaskStatus,
  certificateStatusCodes,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import type { RequestContext } from '../context';
import { isoDate } from '../jobs';
import { taskScopeSql } from '../../lib/taskScope';

// The locked task of a write: the lock, its policy facts, the transition check and the audit note.

export const labelOf = (status: number) => TASK_STATUS_LABEL[status as TaskStatus] ?? String(status);

export interface LockedTask {
  id: number;
  namespace_id: number;
  job_id: number;
  status: number;
  observation_type: number;
  certificate_status: number | null;
  certificate_number: string | null;
  is_llg: boolean;
  asset_id: number | null;
  site_id: number;
  task_type_id: number;
  division_id: number;
  inspector_id: number | null;
  checklist: TaskChecklist | null;
  result: number | null;
  /** ISO text (the same on PGlite and PostgreSQL). */
  actual_inspection_date: string | null;
  revision: number;
  office_id: number;
  main_inspector_id: number;
  job_site_id: number;
  llg_children: number;
  llg_children_final: boolean;
  /** An LLG child record: its parent (the job's LLG task), the parent's status and the register item. */
  parent_id: number | null;
  parent_status: number | null;
  llg_item_id: number | null;
}

/** The task, locked for the transaction; 404 when the caller may not see it. */
export async function lockTask(tx: Db, scope: Scope, id: number): Promise<LockedTask> {
  const [task] = await queryRows<LockedTask>(
    tx,
    sql`select t.id, t.namespace_id, t.job_id, t.status, t.observation_type, t.certificate_status, t.certificate_number, t.is_llg,
               t.asset_id, t.site_id, t.task_type_id, t.division_id, t.inspector_id, t.checklist, t.result,
               ${isoDate(sql`t.actual_inspection_date`)} as actual_inspection_date,
               t.revision, j.office_id, j.main_inspector_id, j.site_id as job_site_id,
               t.parent_id, (select p.status from tasks p where p.id = t.parent_id) as parent_status, t.llg_item_id,
               case when t.is_llg then (select count(*)::int from tasks ch where ch.parent_id = t.id and ch.status not in (64, 1024)) else 0 end
                 as llg_children,
               case when t.is_llg then not exists (select 1 from tasks ch where ch.parent_id = t.id and ch.archived = 0
                      and ch.status not in (64, 1024) and coalesce(ch.certificate_status, 0) <> all(${sql.param(certificateStatusCodes('final'))}::int[])) else true end
                 as llg_children_final
          from tasks t join jobs j on j.id = t.job_id
         where t.id = ${id}::int and ${taskScopeSql(scope)}
           for update of t`,
  );
  if (!task) throw notFound(TASK_TEXT.notFound);
  return task;
}

export const lockedFacts = (task: LockedTask) => ({
  status: task.status,
  observationType: task.observation_type,
  certificateStatus: task.certificate_status,
  isLlg: task.is_llg,
  llgChildren: Number(task.llg_children),
  llgChildrenFinal: task.llg_children_final,
  hasLocation: task.asset_id !== null,
  llgChild: task.parent_id !== null,
  parentStatus: task.parent_status,
});

/** Refuses an action the table does not allow: 403 for the role, 409 for the state. */
export function requireTransition(task: LockedTask, role: Role, action: TaskAction) {
  const check = checkTransition(lockedFacts(task), role, action);
  if (check.ok) return check.transition;
  if (check.code === 403) throw forbidden(TASK_TEXT.updateError);
  if (task.observation_type === SPECIAL_OBSERVATION_TYPE) throw conflict(TASK_TEXT.specialType);
  if (check.reason === 'status') throw conflict(TASK_TEXT.wrongStatus(TASK_ACTION_LABEL[action], labelOf(task.status)));
  throw conflict(check.reason);
}

/**
 * The row a status change on an LLG child record asks for (64 remove, 2 reopen: tasks document 4);
 * any other status is a task row, which refuses a child (it moves with its parent).
 */
export function requireChildTransition(task: LockedTask, role: Role, target: number, action: TaskAction) {
  const row = childTransitionTo(target);
  if (!row) return requireTransition(task, role, action);
  const check = checkChildTransition(lockedFacts(task), role, row.action);
  if (check.ok) return check.transition;
  if (check.code === 403) throw forbidden(TASK_TEXT.updateError);
  if (task.observation_type === SPECIAL_OBSERVATION_TYPE) throw conflict(TASK_TEXT.specialType);
  if (check.reason === 'status') throw conflict(TASK_TEXT.wrongStatus(row.action === 'remove' ? 'Remove' : 'Reopen', labelOf(task.status)));
  throw conflict(check.reason);
}

/**
 * Every transition in the audit log with its actor and comment: the trigger records the row
 * change; this note says which action it was and why (the revision comments).
 */
export async function auditNote(
  tx: Db,
  ctx: RequestContext,
  taskId: number,
  note: { action: string; from: number; to: number; comment?: string | null; [key: string]: unknown },
) {
  await tx.execute(
    sql`insert into audit_log (namespace_id, user_id, action, entity, entity_id, changes)
        values (${ctx.scope.namespaceId}::int, ${ctx.user.id}::int, 'TRANSITION', 'tasks', ${String(taskId)}, ${JSON.stringify(note)}::jsonb)`,
  );
}
