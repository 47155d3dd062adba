import { z } from 'zod';
import { REPORT_CATEGORIES } from '../taskTypes/checklist';

/**
 * A task's own checklist (tasks document section 3, "Checklist node"; DECISIONS 8): the task
 * type's checklist copied onto the task when it is first opened for inspection, with what the
 * inspector filled in per item (the spec's `userData`) and each item's result. Kept on the task
 * (`tasks.checklist`), so a later change of the task type never rewrites an inspection.
 */

/** Item results (DECISIONS 8): pass, fail, not applicable; null until given. */
export const ITEM_RESULTS = ['pass', 'fail', 'na'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];

/** The spec's marker of a top-level section (parentSectionId). */
export const TOP_SECTION_MARKER = -100;

/** A file kept with an item's data (the spec's attributesFiles / otherFiles entry). */
export const TaskFileRef = z.object({
  blobKey: z.string().max(100),
  fileName: z.string().max(300),
  fileType: z.string().max(100),
  /** Marked deleted in the FORM's Files list; reverted by clearing it. Kept until the next save. */
  deleted: z.boolean().optional(),
});
export type TaskFileRef = z.infer<typeof TaskFileRef>;

/** One filled-in record of a data form (a MULTIPLE form has one per sample). */
export const FormRecord = z.object({
  formId: z.number().int().positive(),
  formName: z.string(),
  formRevision: z.number().int().positive(),
  /** Random id of the record, stable across saves (the spec's formRecordId). */
  formRecordId: z.string().max(40),
  attributes: z.record(z.string(), z.unknown()),
  attributesFiles: z.array(TaskFileRef),
});
export type FormRecord = z.infer<typeof FormRecord>;

/** The spec's userData of a node: the records of its form and the files kept with it. */
export const NodeUserData = z.object({
  records: z.array(FormRecord),
  files: z.array(TaskFileRef),
});
export type NodeUserData = z.infer<typeof NodeUserData>;

export const TaskChecklistItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  formId: z.number().nullable().optional(),
  reportCategory: z.enum(REPORT_CATEGORIES).optional(),
  result: z.enum(ITEM_RESULTS).nullable(),
  userData: NodeUserData.nullable(),
});
export type TaskChecklistItem = z.infer<typeof TaskChecklistItem>;

export const TaskChecklistSection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  formId: z.number().nullable().optional(),
  userData: NodeUserData.nullable(),
  items: z.array(TaskChecklistItem),
});
export type TaskChecklistSection = z.infer<typeof TaskChecklistSection>;

/** What `tasks.checklist` holds once the task was opened for inspection (null before). */
export const TaskChecklist = z.object({
  taskTypeId: z.number(),
  /** When it was copied from the task type (ISO). */
  initialisedAt: z.string(),
  sections: z.array(TaskChecklistSection),
});
export type TaskChecklist = z.infer<typeof TaskChecklist>;

/**
 * The task's result from its items (DECISIONS 8): Fail (2) if any item failed, Pass (1) if every
 * applicable item passed (at least one), Pending (3) otherwise.
 */
export function rollUpResult(checklist: TaskChecklist | null): 1 | 2 | 3 {
  if (!checklist) return 3;
  let applicable = 0;
  let open = 0;
  for (const section of checklist.sections)
    for (const item of section.items) {
      if (item.result === 'fail') return 2;
      if (item.result === 'pass') applicable++;
      else if (item.result === null) open++;
    }
  return applicable > 0 && open === 0 ? 1 : 3;
}
