import { sql } from 'drizzle-orm';
import {
  type Checklist,
  type FormDefinition,
  type FormLookup,
  incompleteCount,
  inspectionProblems,
  type NodeFormInfo,
  summarise,
  TASK_TEXT,
  type TaskChecklist,
} from '@portal/contracts';
import { queryRows } from '../../db/rows';
import type { Db } from '../../db/types';
import { conflict } from '../../lib/errors';
import { checklistFromTaskType } from './tasks.rules';

/** The task type's checklist as a task's own, nothing filled in. */
export async function taskTypeChecklist(tx: Db, namespaceId: number, taskTypeId: number): Promise<TaskChecklist> {
  const [type] = await queryRows<{ checklist: Checklist | null }>(
    tx,
    sql`select checklist from task_types where id = ${taskTypeId}::int and namespace_id = ${namespaceId}::int`,
  );
  return checklistFromTaskType(taskTypeId, type?.checklist ?? { sections: [] });
}

/**
 * The forms a checklist needs for the rules of DECISIONS 9 (contracts tasks/inspection.ts): each
 * form's current state, and the definitions of the revisions its records were filled against.
 * Two queries, whatever the size of the checklist.
 */
export async function formLookupOf(db: Db, namespaceId: number, checklist: TaskChecklist | null): Promise<FormLookup> {
  const formIds = new Set<number>();
  const revisions = new Map<string, { formId: number; revision: number }>();
  for (const section of checklist?.sections ?? [])
    for (const node of [section, ...section.items]) {
      if (typeof node.formId === 'number') formIds.add(node.formId);
      for (const record of node.userData?.records ?? []) {
        formIds.add(record.formId);
        revisions.set(`${record.formId}:${record.formRevision}`, { formId: record.formId, revision: record.formRevision });
      }
    }
  const forms = new Map<number, NodeFormInfo & { revision: number }>();
  const definitions = new Map<string, FormDefinition>();
  if (formIds.size > 0) {
    const rows = await queryRows<{
      id: number;
      name: string;
      form_type: string;
      samples_min: number;
      revision: number;
      definition: FormDefinition;
    }>(
      db,
      sql`select id, name, form_type, samples_min, revision, definition from data_forms
           where namespace_id = ${namespaceId}::int and id = any(${sql.param([...formIds])}::int[])`,
    );
    for (const r of rows) {
      const multiple = r.form_type === 'MULTIPLE';
      forms.set(Number(r.id), {
        name: r.name,
        multiple,
        samplesMin: multiple ? Number(r.samples_min) : 0,
        current: r.definition,
        revision: Number(r.revision),
      });
      definitions.set(`${r.id}:${r.revision}`, r.definition);
    }
  }
  const missing = [...revisions.entries()].filter(([key]) => !definitions.has(key));
  if (missing.length > 0) {
    const rows = await queryRows<{ form_id: number; revision: number; definition: FormDefinition }>(
      db,
      sql`select form_id, revision, definition from data_form_revisions
           where namespace_id = ${namespaceId}::int and (form_id, revision) in (${sql.join(
             missing.map(([, k]) => sql`(${k.formId}::int, ${k.revision}::int)`),
             sql`, `,
           )})`,
    );
    for (const r of rows) definitions.set(`${r.form_id}:${r.revision}`, r.definition);
  }
  return {
    definition: (formId, revision) => definitions.get(`${formId}:${revision}`),
    form: (formId) => forms.get(formId),
  };
}

/** The summary of a task's checklist (the task type's, empty, before it was opened). */
export async function inspectionSummaryOf(db: Db, namespaceId: number, checklist: TaskChecklist) {
  const lookup = await formLookupOf(db, namespaceId, checklist);
  return { lookup, summary: summarise(checklist, lookup) };
}

/**
 * Refuses (409) to submit or approve a task whose inspection is not complete (DECISIONS 9):
 * 'Unable to submit: <n> item(s) have no result', with each problem in `fields` by its node's
 * path. A task never opened for inspection counts every item of its task type.
 */
export async function requireCompleteInspection(
  tx: Db,
  task: { namespace_id: number; task_type_id: number; checklist: TaskChecklist | null },
): Promise<void> {
  const checklist = task.checklist ?? (await taskTypeChecklist(tx, task.namespace_id, task.task_type_id));
  const lookup = await formLookupOf(tx, task.namespace_id, checklist);
  const problems = inspectionProblems(checklist, lookup);
  if (problems.length === 0) return;
  const fields: Record<string, string> = Object.create(null);
  for (const p of problems) if (!Object.hasOwn(fields, p.name)) fields[p.name] = p.message;
  if (problems.length === 1 && problems[0].kind === 'nothing') throw conflict(TASK_TEXT.nothingExamined, fields);
  throw conflict(TASK_TEXT.incomplete(incompleteCount(problems)), fields);
}
