import { sql } from 'drizzle-orm';
import {
  isJobLocked,
  JOB_STATUS,
  JOB_TEXT,
  jobRoleMay,
  LOCKED_TASK_STATUSES,
  OBSERVATION_TYPE_TASK,
  TASK_STATUS,
  type TaskInput,
  type TaskSaveAnswer,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import { qualifyingInspectorIds } from '../assets';
import type { RequestContext } from '../context';
import { tasksById } from './jobs.queries';
import { notifyReassignedTasks } from './jobs.notify';
import {
  cancelJobTasks,
  expectationFailed,
  fieldError,
  idsPresent,
  lockedMessage,
  lockJob,
  mailAfterCommit,
  refreshJobStatus,
  requireJobAction,
} from './jobs.steps';

/** The task save of a job (POST /api/Observation/All, and the tasks of POST /api/Schedule/withTasks). */

interface TaskTypeInfo {
  id: number;
  name: string;
  division_id: number;
  asset_type_id: number | null;
  status: number;
}

interface StoredTask {
  id: number;
  status: number;
  division_id: number;
  task_type_id: number;
  asset_id: number | null;
  due_date: Date | string | null;
  inspector_id: number | null;
  is_llg: boolean;
}

const sameInstant = (a: Date | string | null | undefined, b: string | null | undefined) =>
  (a ? new Date(a).getTime() : null) === (b ? new Date(b).getTime() : null);

/**
 * POST /api/Observation/All?cancelFlag=&scheduleId=: saves the new and changed tasks of a job
 * in one transaction and answers the new ones. cancelFlag -1 cancels the job's open tasks
 * (the wizard re-sends every task after cancelling the job).
 */
export async function saveTasks(ctx: RequestContext, scheduleId: number, cancelFlag: number, items: TaskInput[]): Promise<TaskSaveAnswer> {
  // Cancelling again the tasks of a job already cancelled is allowed (the wizard re-sends them): the role part only.
  if (cancelFlag === -1 && !jobRoleMay(ctx.user.role, 'cancel')) throw forbidden(JOB_TEXT.cancelNotAllowed);
  const created = await inTransaction(ctx.db, actorOf(ctx.user), (tx) => saveTasksIn(tx, ctx, scheduleId, cancelFlag, items));
  // The inspector newly given a saved task hears of it, once the save has committed.
  await mailAfterCommit(ctx, scheduleId, 'the mail to a reassigned task inspector', () =>
    notifyReassignedTasks(ctx, created.reassignedIds),
  );
  return { newObservations: (await tasksById(ctx.db, created.ids)) as TaskSaveAnswer['newObservations'], scheduleStatus: created.status };
}

export interface SavedTasks {
  /** The tasks created. */
  ids: number[];
  /** Saved tasks given another inspector. */
  reassignedIds: number[];
  /** The job's status after the save. */
  status: number;
}

/** The task save inside the caller's transaction; `prefix` names the body's list in field errors. */
export async function saveTasksIn(
  tx: Db,
  ctx: RequestContext,
  scheduleId: number,
  cancelFlag: number,
  items: TaskInput[],
  prefix = '',
): Promise<SavedTasks> {
  const { user, scope } = ctx;
  const ns = scope.namespaceId;
  const job = await lockJob(tx, scope, scheduleId);
  if (cancelFlag === -1) {
    if (job.status !== JOB_STATUS.CANCELLED && isJobLocked(job.status)) throw expectationFailed(lockedMessage(job.status));
    await cancelJobTasks(tx, job.id, user.id);
    return { ids: [] as number[], reassignedIds: [] as number[], status: JOB_STATUS.CANCELLED as number };
  }
  if (isJobLocked(job.status)) throw expectationFailed(lockedMessage(job.status));

  const typeIds = [...new Set(items.map((t) => t.taskTypeId))];
  const types = new Map(
    (
      await queryRows<TaskTypeInfo>(
        tx,
        sql`select id, name, division_id, asset_type_id, status from task_types
             where id = any(${sql.param(typeIds)}::int[]) and namespace_id = ${ns}::int`,
      )
    ).map((t) => [Number(t.id), t]),
  );
  const existingIds = items.map((t) => t.id).filter((id): id is number => !!id);
  const stored = new Map(
    (
      await queryRows<StoredTask>(
        tx,
        sql`select id, status, division_id, task_type_id, asset_id, due_date, inspector_id, is_llg from tasks
             where id = any(${sql.param(existingIds)}::int[]) and job_id = ${job.id}::int and parent_id is null for update`,
      )
    ).map((t) => [Number(t.id), t]),
  );
  const assetIds = [...new Set(items.map((t) => t.locationId).filter((id): id is number => !!id))];
  const assets = new Map(
    (
      await queryRows<{ id: number; asset_type_id: number; name: string }>(
        tx,
        sql`select id, asset_type_id, name from assets where id = any(${sql.param(assetIds)}::int[]) and namespace_id = ${ns}::int
             and site_id = ${job.site_id}::int`,
      )
    ).map((a) => [Number(a.id), a]),
  );
  const inspectorIds = [...new Set(items.map((t) => t.inspectorId).filter((id): id is number => !!id))];
  const inspectors = await qualifyingInspectorIds(tx, scope, user.id, job.office_id, inspectorIds);
  const assetTypeIds = [...new Set(items.map((t) => t.assetTypeId).filter((id): id is number => !!id))];
  const assetTypesFound = await idsPresent(
    tx,
    sql`select id from asset_types where id = any(${sql.param(assetTypeIds)}::int[]) and namespace_id = ${ns}::int`,
  );

  const newIds: number[] = [];
  const reassignedIds: number[] = [];
  for (const [index, item] of items.entries()) {
    const at = (field: string) => `${prefix}${index}.${field}`;
    const type = types.get(item.taskTypeId);
    if (item.assetTypeId && !assetTypesFound.has(item.assetTypeId)) throw fieldError(at('assetTypeId'), JOB_TEXT.unknownAsset);
    if (item.id) {
      const current = stored.get(item.id);
      if (!current) throw notFound(JOB_TEXT.unknownTask);
      if (item.taskTypeId !== current.task_type_id || (item.divisionId && item.divisionId !== current.division_id)) {
        throw forbidden(JOB_TEXT.taskNewOnlyDivision);
      }
      const nextStatus = item.status ?? current.status;
      const statusChange = nextStatus !== current.status;
      if (statusChange) {
        const allowed =
          (current.status === TASK_STATUS.OPEN && nextStatus === TASK_STATUS.DELETED) ||
          (current.status === TASK_STATUS.DELETED && nextStatus === TASK_STATUS.OPEN);
        if (!allowed) throw forbidden(JOB_TEXT.taskLocked);
      }
      const assetId = current.is_llg ? current.asset_id : (item.locationId ?? null);
      const assetChange = !current.is_llg && assetId !== current.asset_id;
      const dateChange = item.dueDate !== undefined && !sameInstant(current.due_date, item.dueDate);
      const locked = (LOCKED_TASK_STATUSES as readonly number[]).includes(current.status);
      if (locked && (assetChange || dateChange)) throw forbidden(JOB_TEXT.taskLocked);
      if (assetChange && assetId && !assets.has(assetId)) throw fieldError(at('locationId'), JOB_TEXT.unknownAsset);
      const inspectorId = current.is_llg ? null : (item.inspectorId ?? current.inspector_id);
      if (inspectorId !== current.inspector_id) {
        if (locked) throw forbidden(JOB_TEXT.taskLocked);
        if (inspectorId && !inspectors.has(inspectorId)) throw fieldError(at('inspectorId'), JOB_TEXT.unknownInspector);
      }
      if (!statusChange && !assetChange && !dateChange && inspectorId === current.inspector_id) continue;
      await tx.execute(
        sql`update tasks set status = ${nextStatus}::int, asset_id = ${assetId}::int,
               asset_type_id = coalesce(${assetId ? (assets.get(assetId)?.asset_type_id ?? null) : null}::int, asset_type_id),
               due_date = ${dateChange ? (item.dueDate ?? null) : current.due_date ? new Date(current.due_date).toISOString() : null}::timestamptz,
               inspector_id = ${inspectorId}::int, modified_by = ${user.id}::int, modified_at = now()
             where id = ${current.id}::int`,
      );
      if (inspectorId && inspectorId !== current.inspector_id && nextStatus !== TASK_STATUS.DELETED) reassignedIds.push(Number(current.id));
      continue;
    }

    // A new task.
    if (!type || Number(type.status) !== 1) throw fieldError(at('taskTypeId'), JOB_TEXT.unknownTaskType);
    if (item.divisionId && item.divisionId !== Number(type.division_id)) throw fieldError(at('taskTypeId'), JOB_TEXT.unknownTaskType);
    const isLlg = type.name.trim().toUpperCase() === 'LLG';
    if (!isLlg) requireJobAction(user.role, job, 'addTasks', at('taskTypeId'));
    if (item.status === TASK_STATUS.DELETED) continue; // a new row removed before it was ever saved
    let assetId: number | null = null;
    let assetTypeId = item.assetTypeId ?? (type.asset_type_id === null ? null : Number(type.asset_type_id));
    let inspectorId: number | null = null;
    let name = type.name;
    if (!isLlg) {
      if (item.locationId) {
        const asset = assets.get(item.locationId);
        if (!asset) throw fieldError(at('locationId'), JOB_TEXT.unknownAsset);
        assetId = asset.id;
        assetTypeId = Number(asset.asset_type_id);
        name = `${type.name} - ${asset.name}`;
      }
      inspectorId = item.inspectorId ?? job.main_inspector_id;
      if (item.inspectorId && !inspectors.has(item.inspectorId)) throw fieldError(at('inspectorId'), JOB_TEXT.unknownInspector);
    }
    if (isLlg) {
      const [llg] = await queryRows<{ id: number }>(tx, sql`select id from tasks where job_id = ${job.id}::int and is_llg limit 1`);
      if (llg) throw conflict(JOB_TEXT.llgTaskExists, { [at('taskTypeId')]: JOB_TEXT.llgTaskExists });
    }
    const dueDate = isLlg ? new Date().toISOString() : (item.dueDate ?? null);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into tasks (namespace_id, job_id, name, type, observation_type, task_type_id, division_id, asset_type_id, asset_id,
                             site_id, inspector_id, is_llg, due_date, time_zone, status, created_by, modified_by)
          values (${ns}::int, ${job.id}::int, ${item.name?.trim() || name}, 1, ${OBSERVATION_TYPE_TASK}::int, ${type.id}::int,
                  ${type.division_id}::int, ${assetTypeId}::int, ${assetId}::int, ${job.site_id}::int, ${inspectorId}::int, ${isLlg},
                  ${dueDate}::timestamptz, ${item.timeZone ?? null}, ${TASK_STATUS.OPEN}::int, ${user.id}::int, ${user.id}::int)
          returning id`,
    );
    newIds.push(Number(row.id));
  }
  const status = await refreshJobStatus(tx, job.id);
  return { ids: newIds, reassignedIds, status };
}
