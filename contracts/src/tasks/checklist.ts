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

/** How dangerous a defect is (DECISIONS 9). */
export const DANGER_LEVELS = [1, 2, 3] as const;
export type DangerLevel = (typeof DANGER_LEVELS)[number];
export const DANGER_LABEL: Record<DangerLevel, string> = {
  1: 'Existing danger - do not use',
  2: 'Will become dangerous',
  3: 'Observation',
};
export const DEFECT_TEXT_MAX = 500;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a valid date');

/**
 * What a failed item (or section) records of its defect, or a passed one of an observation
 * (DECISIONS 9): description, danger, remedial action and, for danger 2, the date to remedy by.
 */
export const NodeDefect = z
  .object({
    description: z
      .string({ error: 'Defect description is required' })
      .trim()
      .min(1, 'Defect description is required')
      .max(DEFECT_TEXT_MAX, `Defect description may be at most ${DEFECT_TEXT_MAX} characters`),
    danger: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Danger must be 1, 2 or 3' }),
    remedialAction: z
      .string()
      .trim()
      .max(DEFECT_TEXT_MAX, `Remedial action may be at most ${DEFECT_TEXT_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
    remedyBy: isoDay.nullish().transform((v) => v ?? null),
  })
  .superRefine((defect, ctx) => {
    if (defect.danger === 2 && !defect.remedyBy)
      ctx.addIssue({ code: 'custom', path: ['remedyBy'], message: 'Remedy by is required for a defect that will become dangerous' });
  });
export type NodeDefect = z.output<typeof NodeDefect>;

/** A defect as kept and answered (no transforms: answers are serialised through it). */
export const NodeDefectRow = z.object({
  description: z.string(),
  danger: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  remedialAction: z.string().nullable(),
  remedyBy: z.string().nullable(),
});
export type NodeDefectRow = z.infer<typeof NodeDefectRow>;

/** Who saved a node's result or data last, and when (the performing inspector, DECISIONS 9). */
const savedFields = {
  savedBy: z.number().nullable().optional(),
  savedAt: z.string().nullable().optional(),
};

export const TaskChecklistItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  formId: z.number().nullable().optional(),
  reportCategory: z.enum(REPORT_CATEGORIES).optional(),
  result: z.enum(ITEM_RESULTS).nullable(),
  userData: NodeUserData.nullable(),
  /** The defect of a failed item, or an observation (danger 3) of a passed one. */
  defect: NodeDefectRow.nullable().optional(),
  ...savedFields,
});
export type TaskChecklistItem = z.infer<typeof TaskChecklistItem>;

export const TaskChecklistSection = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  formId: z.number().nullable().optional(),
  reportCategory: z.enum(REPORT_CATEGORIES).optional(),
  userData: NodeUserData.nullable(),
  /** The defect recorded when the section's own form fails (a load test sample), or an observation. */
  defect: NodeDefectRow.nullable().optional(),
  ...savedFields,
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
