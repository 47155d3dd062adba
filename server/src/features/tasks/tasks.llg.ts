import { sql } from 'drizzle-orm';
import { inspectionProblems, LLG_TEXT, rollUpInspection, type TaskChecklist } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/errors';
import type { RequestContext } from '../context';
import { enqueueTaskDocuments } from '../documents';
import { isoDate } from '../jobs';
import { allocateCertificateNumber } from '../sequences';
import { formLookupOf, taskTypeChecklist } from './tasks.inspection';
import { auditNote, type LockedTask } from './tasks.lock';
import { addMonths } from './tasks.rules';

/**
 * The LLG parent's side of the workflow (tasks document 4, DECISIONS 9): its live children
 * (not removed, 64, nor deleted, 1024) are complete before Submit, and Approve of the parent
 * approves every submitted child in the same transaction (a certificate each, the register item
 * updated). docs/decisions.md "LLG children on the server".
 */

interface Checkable {
  namespace_id: number;
  task_type_id: number;
  checklist: TaskChecklist | null;
}

/**
 * Whether each task's inspection is complete (DECISIONS 9, the rule of `requireCompleteInspection`),
 * for many tasks at once: one form lookup over all their checklists.
 */
export async function completeInspections(db: Db, namespaceId: number, tasks: readonly Checkable[]): Promise<boolean[]> {
  if (tasks.length === 0) return [];
  const typeChecklists = new Map<number, TaskChecklist>();
  const checklists: TaskChecklist[] = [];
  for (const task of tasks) {
    let checklist = task.checklist;
    if (!checklist) {
      const known = typeChecklists.get(task.task_type_id);
      checklist = known ?? (await taskTypeChecklist(db, namespaceId, task.task_type_id));
      typeChecklists.set(task.task_type_id, checklist);
    }
    checklists.push(checklist);
  }
  const lookup = await formLookupOf(db, namespaceId, { ...checklists[0], sections: checklists.flatMap((c) => c.sections) });
  return checklists.map((checklist) => inspectionProblems(checklist, lookup).length === 0);
}

interface LiveChild extends Checkable {
  id: number;
  status: number;
  serial_number: string;
  certificate_number: string | null;
  revision: number;
  division_id: number;
  actual_inspection_date: string | null;
  llg_item_id: number | null;
  validity: number;
}

/** The parent's live children, oldest first, locked for the transaction. */
async function liveChildren(tx: Db, parentId: number): Promise<LiveChild[]> {
  return queryRows<LiveChild>(
    tx,
    sql`select ch.id, ch.namespace_id, ch.task_type_id, ch.checklist, ch.status, coalesce(i.serial_number, ch.name) as serial_number,
               ch.certificate_number, ch.revision, ch.division_id, ch.llg_item_id, tt.validity,
               ${isoDate(sql`ch.actual_inspection_date`)} as actual_inspection_date
          from tasks ch join task_types tt on tt.id = ch.task_type_id left join llg_items i on i.id = ch.llg_item_id
         where ch.parent_id = ${parentId}::int and ch.status not in (64, 1024)
         order by ch.id
           for update of ch`,
  );
}

/** Submit of an LLG parent: every live child not yet approved has a complete checklist (409 naming the first that has not). */
export async function requireCompleteChildren(tx: Db, parent: LockedTask): Promise<void> {
  const open = (await liveChildren(tx, parent.id)).filter((child) => child.status !== 16);
  const complete = await completeInspections(tx, parent.namespace_id, open);
  const first = open.find((_, index) => !complete[index]);
  if (first) throw conflict(LLG_TEXT.childIncomplete(first.serial_number));
}

/**
 * Approve of an LLG parent: each submitted child gets its certificate number (from the sequences,
 * as any task), its result from its checklist, status 16, its final documents queued and its
 * register item the examination's facts. Answers the parent's result over its approved children
 * (Fail if one failed, Pass if all passed, Pending otherwise).
 */
export async function approveLlgChildren(tx: Db, ctx: RequestContext, parent: LockedTask): Promise<1 | 2 | 3> {
  const children = await liveChildren(tx, parent.id);
  if (children.length === 0) throw conflict(LLG_TEXT.noChildren);
  const reopened = children.find((child) => child.status !== 8 && child.status !== 16);
  if (reopened) throw conflict(LLG_TEXT.childNotSubmitted(reopened.serial_number));
  const submitted = children.filter((child) => child.status === 8);
  const complete = await completeInspections(tx, parent.namespace_id, submitted);
  const incomplete = submitted.find((_, index) => !complete[index]);
  if (incomplete) throw conflict(LLG_TEXT.childIncomplete(incomplete.serial_number));
  const lookup = await formLookupOf(tx, parent.namespace_id, {
    taskTypeId: parent.task_type_id,
    initialisedAt: new Date().toISOString(),
    sections: submitted.flatMap((child) => child.checklist?.sections ?? []),
  });
  const year = new Date().getUTCFullYear();
  for (const child of submitted) {
    const result = rollUpInspection(child.checklist, lookup);
    const renewed = child.certificate_number !== null;
    const number =
      child.certificate_number ??
      (await allocateCertificateNumber(tx, parent.namespace_id, { officeId: parent.office_id, divisionId: child.division_id, year }));
    const revision = renewed ? child.revision + 1 : child.revision;
    const inspected = child.actual_inspection_date ? new Date(child.actual_inspection_date) : new Date();
    await tx.execute(
      sql`update tasks set status = 16, certificate_number = ${number}, revision = ${revision}::int, result = ${result}::int,
                 approver_id = ${ctx.user.id}::int, certificate_date = now(), actual_inspection_date = ${inspected.toISOString()}::timestamptz,
                 modified_by = ${ctx.user.id}::int, modified_at = now()
           where id = ${child.id}::int`,
    );
    if (child.llg_item_id !== null) {
      // DECISIONS 9: a Pass moves the next due date on by the validity; a Fail leaves it as it was.
      const due = result === 1 ? addMonths(inspected, Number(child.validity ?? 12)).toISOString() : null;
      await tx.execute(
        sql`update llg_items set last_task_id = ${child.id}::int, last_result = ${result}::int,
                   last_inspection_date = ${inspected.toISOString()}::timestamptz,
                   due_date = ${due === null ? sql`due_date` : sql`${due}::timestamptz`}, certificate_number = ${number},
                   modified_by = ${ctx.user.id}::int, modified_at = now()
             where id = ${child.llg_item_id}::int and namespace_id = ${parent.namespace_id}::int`,
      );
    }
    await auditNote(tx, ctx, child.id, {
      action: 'approve',
      from: child.status,
      to: 16,
      certificateNumber: number,
      revision,
      result,
      parentId: parent.id,
    });
    await enqueueTaskDocuments(tx, { id: child.id, namespaceId: parent.namespace_id }, 'final', ctx.user.id);
  }
  const [rollUp] = await queryRows<{ failed: boolean; passed: boolean }>(
    tx,
    sql`select bool_or(result = 2) as failed, bool_and(result = 1) as passed from tasks
         where parent_id = ${parent.id}::int and status = 16`,
  );
  return rollUp?.failed ? 2 : rollUp?.passed ? 1 : 3;
}
