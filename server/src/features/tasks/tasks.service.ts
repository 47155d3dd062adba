import { sql } from 'drizzle-orm';
import {
  type ApproveAnswer,
  can,
  mayInspect,
  REGENERATE_PERMISSION,
  regeneratePhase,
  type Role,
  SPECIAL_OBSERVATION_TYPE,
  TASK_TEXT,
  type TaskCan,
  type TaskDetail,
  type TaskFilter,
  type TaskInspectorOption,
  type TaskRow,
  type TaskStatusAnswer,
  type TaskStatusQuery,
  taskButtons,
  taskCan,
  type TaskPolicyFacts,
  taskTabs,
  rollUpInspection,
  defaultBasis,
  type ExaminationBasis,
  LOCKED_TASK_STATUSES,
  transitionTo,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import { inspectorOptions, qualifyingInspectorIds } from '../assets';
import type { RequestContext } from '../context';
import { linkBase } from '../../config';
import { enqueueTaskDocuments, verificationUrlOfTask } from '../documents';
import { refreshJobStatus } from '../jobs';
import { allocateCertificateNumber } from '../sequences';
import { taskScopeSql } from '../../lib/taskScope';
import { formLookupOf, requireCompleteInspection, taskTypeChecklist } from './tasks.inspection';
import { addMonths, checklistFromTaskType } from './tasks.rules';

export { addMonths, checklistFromTaskType };
import { taskCount, taskDetailRow, taskListRows, type TaskRowFacts } from './tasks.queries';
import { approveLlgChildren, requireCompleteChildren } from './tasks.llg';
import { auditNote, labelOf, type LockedTask, lockedFacts, lockTask, requireChildTransition, requireTransition } from './tasks.lock';

export { REGENERATE_PERMISSION, regeneratePhase };

// ---------------------------------------------------------------------------------------------
// The tasks policy's facts of a row (contracts tasks/policy.ts)

const factsOf = (row: TaskRowFacts): TaskPolicyFacts => ({
  status: row.status,
  observationType: row.observationType,
  certificateStatus: row.certificateStatus,
  isLlg: row.isLlg,
  llgChildren: Number(row.llgChildren ?? 0),
  llgChildrenFinal: row.llgChildrenFinal !== false,
  hasLocation: row.locationId !== null,
  llgChild: row.llgChild === true,
  parentStatus: row.parentStatus ?? null,
  hasFieldReport: row.fieldReportFile !== null && row.fieldReportFile !== undefined,
});

/** The `can` flags of a task for a role (contracts TaskCan), from the tasks policy. */
export const canFlags = (row: TaskRowFacts, role: Role): TaskCan => taskCan(role, factsOf(row));

function stripFacts<T extends TaskRowFacts>(
  row: T,
): Omit<T, 'llgChildren' | 'llgChildrenFinal' | 'taskTypeValidity' | 'llgChild' | 'parentStatus'> {
  const { llgChildren: _c, llgChildrenFinal: _f, taskTypeValidity: _v, llgChild: _l, parentStatus: _p, ...rest } = row;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Dashboard and detail

/** GET /api/Observation: a page of the dashboard as JSON text (rows with their `can` flags). */
export async function taskList(ctx: RequestContext, filter: TaskFilter, page: { offset: number; limit: number }): Promise<string> {
  const rows = await taskListRows(ctx.db, ctx.scope, filter, page);
  return JSON.stringify(rows.map((row) => ({ ...stripFacts(row), can: canFlags(row, ctx.scope.role) })) satisfies unknown[] as TaskRow[]);
}

export const taskTotal = (ctx: RequestContext, filter: TaskFilter) => taskCount(ctx.db, ctx.scope, filter);

const fileLink = (file: unknown, taskId: number) =>
  file && typeof file === 'object' && 'blobKey' in file
    ? `/api/filedownload?id=${encodeURIComponent(String(file.blobKey))}&observationId=${taskId}`
    : null;

/** GET /api/Observation/{id}: the task with its rights, tabs and buttons; 404 when not visible. */
export async function taskDetail(ctx: RequestContext, id: number): Promise<TaskDetail> {
  const row = await taskDetailRow(ctx.db, ctx.scope, id);
  if (!row) throw notFound(TASK_TEXT.notFound);
  const flags = canFlags(row, ctx.scope.role);
  if (!flags.open) throw notFound(TASK_TEXT.notFound);
  return {
    ...(stripFacts(row) as unknown as TaskDetail),
    basisOfExamination: (row.basisOfExamination as ExaminationBasis | null) ?? defaultBasis(Number(row.taskTypeValidity ?? 12)),
    verificationUrl: await verificationUrlOfTask(ctx.db, id, linkBase(ctx.app.config)),
    certificateLink: fileLink(row.certificateFile, id),
    fieldReportLink: fileLink(row.fieldReportFile, id),
    fullReportLink: fileLink(row.fullReportFile, id),
    can: flags,
    tabs: taskTabs(ctx.scope.role, factsOf(row)),
    buttons: taskButtons(ctx.scope.role, flags),
  };
}

// ---------------------------------------------------------------------------------------------
// Opening for inspection (PUT /api/Observation/{id}/4?isToUpdateChecklist=true)

async function openForInspection(ctx: RequestContext, id: number): Promise<TaskStatusAnswer> {
  const { role } = ctx.scope;
  if (!can(role, 'tasks.inspect')) throw forbidden(TASK_TEXT.updateError);
  return inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, id);
    if (!mayInspect(lockedFacts(task), role)) throw conflict(TASK_TEXT.notInspectable);
    let status = task.status;
    let updated = false;
    if (task.checklist === null) {
      const checklist = await taskTypeChecklist(tx, ctx.scope.namespaceId, task.task_type_id);
      status = 4;
      updated = true;
      await tx.execute(
        sql`update tasks set checklist = ${JSON.stringify(checklist)}::jsonb, status = ${status}::int, result = 3,
                   modified_by = ${ctx.user.id}::int, modified_at = now() where id = ${id}::int`,
      );
      await auditNote(tx, ctx, id, { action: 'openForInspection', from: task.status, to: status });
    }
    const scheduleStatus = await refreshJobStatus(tx, task.job_id);
    return {
      id,
      status,
      message: updated ? TASK_TEXT.checklistInitialised(labelOf(status)) : TASK_TEXT.statusChanged(labelOf(status)),
      notification: false,
      checklistUpdated: updated,
      certificateStatus: task.certificate_status,
      inspectorId: task.inspector_id,
      scheduleStatus,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// PUT /api/Observation/{id}/{status}

interface Mail {
  to: number[];
  subject: string;
  lines: string[];
}

/** PUT /api/Observation/{id}/{status}: Submit 8, Hold 4, Reopen 2, Amend 32, Cancel 64, Generate 16. */
export async function changeTaskStatus(ctx: RequestContext, id: number, target: number, query: TaskStatusQuery): Promise<TaskStatusAnswer> {
  if (target === 4 && query.isToUpdateChecklist) return openForInspection(ctx, id);
  if (target === 16) {
    const approved = await approveTask(ctx, id, 'generate');
    return {
      id,
      status: approved.status,
      message: approved.message,
      notification: false,
      checklistUpdated: false,
      certificateStatus: approved.certificateStatus,
      inspectorId: null,
      scheduleStatus: approved.scheduleStatus,
    };
  }
  // The one executor of the workflow table (contracts tasks/transitions.ts): the row's effects, in order.
  const asked = transitionTo(target);
  if (!asked || asked.action === 'approve') throw badRequest(TASK_TEXT.updateError, { status: 'must be one of 2, 4, 8, 16, 32, 64' });
  const action = asked.action;
  const comment = query.revisionComments?.trim() || null;
  const mails: Mail[] = [];
  let queuedDocuments = false;
  const answer = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, id);
    // An LLG child record has rows of its own (remove 64, reopen 2); every other row refuses it.
    const transition =
      task.parent_id !== null
        ? requireChildTransition(task, ctx.scope.role, target, action)
        : requireTransition(task, ctx.scope.role, action);
    const effects = transition.effects ?? {};
    if (effects.requireCompleteInspection) await (task.is_llg ? requireCompleteChildren(tx, task) : requireCompleteInspection(tx, task));
    let inspectorId = task.inspector_id;
    let newInspector: number | null = null;
    if (effects.mayReassign && query.newInspector && query.newInspector !== task.inspector_id) {
      const qualified = await qualifyingInspectorIds(tx, ctx.scope, ctx.user.id, task.office_id, [query.newInspector]);
      if (!qualified.has(query.newInspector))
        throw badRequest(TASK_TEXT.newInspectorInvalid, { newInspector: TASK_TEXT.newInspectorInvalid });
      inspectorId = newInspector = query.newInspector;
    }
    await tx.execute(
      sql`update tasks set status = ${transition.to}::int, inspector_id = ${inspectorId}::int,
                 revision_comments = ${effects.keepsComments ? comment : sql`revision_comments`},
                 actual_inspection_date = ${effects.stampInspectionDate ? sql`coalesce(actual_inspection_date, now())` : sql`actual_inspection_date`},
                 modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${id}::int`,
    );
    if (effects.cascadeToLlgChildren && task.is_llg) {
      await tx.execute(
        sql`update tasks set status = ${transition.to}::int,
                   actual_inspection_date = ${effects.stampInspectionDate ? sql`coalesce(actual_inspection_date, now())` : sql`actual_inspection_date`},
                   modified_by = ${ctx.user.id}::int, modified_at = now()
             where parent_id = ${id}::int and status <> all(${sql.param([...LOCKED_TASK_STATUSES])}::int[])`,
      );
    }
    await auditNote(tx, ctx, id, {
      action: transition.action,
      from: task.status,
      to: transition.to,
      comment,
      ...(newInspector ? { newInspector } : {}),
    });
    if (effects.queueDocuments) {
      await enqueueTaskDocuments(tx, { id, namespaceId: task.namespace_id }, effects.queueDocuments, ctx.user.id);
      queuedDocuments = true;
    }
    const scheduleStatus = await refreshJobStatus(tx, task.job_id);
    const [after] = await queryRows<{ certificate_status: number | null }>(
      tx,
      sql`select certificate_status from tasks where id = ${id}::int`,
    );

    // Mails of section 4 (8 -> 2 and 16 -> 32): the task's inspector and the job's main inspector; a new inspector.
    if (effects.mailInspectors) {
      mails.push({
        to: [inspectorId, task.main_inspector_id].filter((x): x is number => x !== null),
        subject: `Task ${id} ${labelOf(transition.to)}`,
        lines: [
          `${ctx.user.name} has set task ${id} to ${labelOf(transition.to)} (it was ${labelOf(task.status)}).`,
          ...(comment ? ['', `Comments: ${comment}`] : []),
        ],
      });
    }
    if (newInspector !== null && !effects.mailInspectors) {
      mails.push({
        to: [newInspector],
        subject: `Task ${id} has been assigned to you`,
        lines: [`${ctx.user.name} has made you the inspector of task ${id}.`],
      });
    }
    return { id, status: transition.to, scheduleStatus, certificateStatus: after?.certificate_status ?? null, inspectorId };
  });
  // Committed: this instance's worker starts the documents now (others find them by their poll).
  if (queuedDocuments) ctx.app.documents.nudge();
  const sent = await sendMails(ctx, id, mails);
  return { ...answer, message: TASK_TEXT.statusChanged(labelOf(answer.status)), notification: sent > 0, checklistUpdated: false };
}

async function sendMails(ctx: RequestContext, taskId: number, mails: Mail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const [info] = await queryRows<{ job_number: string; task_type: string; asset: string | null; client: string; site: string }>(
    ctx.db,
    sql`select j.job_number, tt.name as task_type, a.name as asset, c.name as client, s.name as site
          from tasks t join jobs j on j.id = t.job_id join task_types tt on tt.id = t.task_type_id
          join client_companies c on c.id = j.customer_id join sites s on s.id = t.site_id left join assets a on a.id = t.asset_id
         where t.id = ${taskId}::int`,
  );
  let sent = 0;
  for (const mail of mails) {
    const ids = [...new Set(mail.to)];
    const people = await queryRows<{ name: string; email: string }>(
      ctx.db,
      sql`select name, email from users where id = any(${sql.param(ids)}::int[]) and namespace_id = ${ctx.scope.namespaceId}::int and status = 1`,
    );
    for (const person of people) {
      await ctx.app.mailer.send({
        namespaceId: ctx.scope.namespaceId,
        to: person.email,
        content: {
          subject: mail.subject,
          greeting: `Dear ${person.name},`,
          paragraphs: [mail.lines.join('\n')],
          facts: [
            ['Job Number', info?.job_number ?? ''],
            ['Task', `${info?.task_type ?? ''}${info?.asset ? ` on ${info.asset}` : ''}`],
            ['Client', info?.client ?? ''],
            ['Site', info?.site ?? ''],
          ],
          closing: ['Open the portal (Operations > Tasks) to see the task.'],
        },
      });
      sent++;
    }
  }
  return sent;
}

// ---------------------------------------------------------------------------------------------
// Approval: POST /api/approvetaskweb?id= (and PUT .../16, Generate)

export async function approveTask(ctx: RequestContext, id: number, action: 'approve' | 'generate' = 'approve'): Promise<ApproveAnswer> {
  const answer = await inTransaction(ctx.db, actorOf(ctx.user), async (tx): Promise<ApproveAnswer> => {
    const task = await lockTask(tx, ctx.scope, id);
    const transition = requireTransition(task, ctx.scope.role, action);
    // DECISIONS 9: the approver signs the certificate, so a signature must be on file.
    const [approver] = await queryRows<{ signature_file_id: number | null }>(
      tx,
      sql`select signature_file_id from users where id = ${ctx.user.id}::int`,
    );
    if (!approver?.signature_file_id) throw conflict(TASK_TEXT.signatureRequired);
    // An LLG parent's children carry the inspections: each submitted child is approved with it.
    if (!task.is_llg) await requireCompleteInspection(tx, task);
    const result = task.is_llg ? await approveLlgChildren(tx, ctx, task) : await computedResult(tx, task);
    let number = task.certificate_number;
    let revision = task.revision;
    if (number === null) {
      // Never a number the namespace has (DECISIONS 9): no collision, so no 500 on approval.
      number = await allocateCertificateNumber(tx, task.namespace_id, {
        officeId: task.office_id,
        divisionId: task.division_id,
        year: new Date().getUTCFullYear(),
      });
    } else {
      // Amended and approved again: the same number, the next revision (DECISIONS 6: allocated once).
      revision += 1;
    }
    const [type] = await queryRows<{ validity: number }>(tx, sql`select validity from task_types where id = ${task.task_type_id}::int`);
    const inspected = task.actual_inspection_date ? new Date(task.actual_inspection_date) : new Date();
    await tx.execute(
      sql`update tasks set status = ${transition.to}::int, certificate_number = ${number}, revision = ${revision}::int, result = ${result}::int,
                 approver_id = ${ctx.user.id}::int, certificate_date = now(), actual_inspection_date = ${inspected.toISOString()}::timestamptz,
                 modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${id}::int`,
    );
    if (task.asset_id !== null) {
      // DECISIONS 9: a Pass moves the next due date on by the validity; a Fail leaves it where it
      // was (nothing is certified) and the asset's item status becomes Failed until a later Pass.
      const due = result === 1 ? addMonths(inspected, Number(type?.validity ?? 12)).toISOString() : null;
      await tx.execute(
        sql`update assets set last_result = ${result}::int, last_inspection_date = ${inspected.toISOString()}::timestamptz,
                   due_date = ${due === null ? sql`due_date` : sql`${due}::timestamptz`}, modified_at = now()
             where id = ${task.asset_id}::int and namespace_id = ${task.namespace_id}::int`,
      );
    }
    await auditNote(tx, ctx, id, { action, from: task.status, to: transition.to, certificateNumber: number, revision, result });
    await enqueueTaskDocuments(tx, { id, namespaceId: task.namespace_id }, 'final', ctx.user.id);
    const scheduleStatus = await refreshJobStatus(tx, task.job_id);
    const [after] = await queryRows<{ certificate_status: number | null }>(
      tx,
      sql`select certificate_status from tasks where id = ${id}::int`,
    );
    return {
      id,
      status: transition.to,
      message: TASK_TEXT.statusChanged(labelOf(transition.to)),
      certificateNumber: number,
      certificateStatus: after?.certificate_status ?? null,
      revision,
      scheduleStatus,
    };
  });
  // Committed: this instance's worker starts the final documents now (others find them by their poll).
  ctx.app.documents.nudge();
  return answer;
}

/** The task's result from its checklist and the result fields of its forms (DECISIONS 9). */
async function computedResult(tx: Db, task: LockedTask): Promise<1 | 2 | 3> {
  if (!task.checklist) return 3;
  const lookup = await formLookupOf(tx, task.namespace_id, task.checklist);
  return rollUpInspection(task.checklist, lookup);
}

// ---------------------------------------------------------------------------------------------
// POST /api/addasynctask?id&preview=true: the documents of the task's phase again

export async function regenerateDocuments(ctx: RequestContext, id: number) {
  const answer = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const task = await lockTask(tx, ctx.scope, id);
    if (!can(ctx.scope.role, REGENERATE_PERMISSION)) throw forbidden(TASK_TEXT.updateError);
    if (task.observation_type === SPECIAL_OBSERVATION_TYPE) throw conflict(TASK_TEXT.specialType);
    const phase = regeneratePhase({ status: task.status, certificateStatus: task.certificate_status });
    if (!phase) throw conflict(task.status === 16 ? TASK_TEXT.regenerateFinal : TASK_TEXT.regenerateNothing);
    await enqueueTaskDocuments(tx, { id, namespaceId: task.namespace_id }, phase, ctx.user.id);
    const [after] = await queryRows<{ certificate_status: number }>(tx, sql`select certificate_status from tasks where id = ${id}::int`);
    return { id, phase, certificateStatus: Number(after.certificate_status), message: TASK_TEXT.regenerating };
  });
  // Committed: this instance's worker starts them now (others find them by their poll).
  ctx.app.documents.nudge();
  return answer;
}

// ---------------------------------------------------------------------------------------------
// GET /api/Users/tasktype/{id}: inspectors the task may be given to on Amend

export async function taskInspectors(ctx: RequestContext, id: number): Promise<TaskInspectorOption[]> {
  const [task] = await queryRows<{ office_id: number; inspector_id: number | null }>(
    ctx.db,
    sql`select j.office_id, t.inspector_id from tasks t join jobs j on j.id = t.job_id where t.id = ${id}::int and ${taskScopeSql(ctx.scope)}`,
  );
  if (!task) throw notFound(TASK_TEXT.notFound);
  const options = await inspectorOptions(ctx, task.office_id, task.inspector_id ? [task.inspector_id] : []);
  return options.map((o) => ({ id: o.id, name: o.name, email: o.email, role: o.role }));
}
