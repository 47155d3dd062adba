import { z } from 'zod';
import { REPORT_CATEGORIES } from '../taskTypes/checklist';
import { ITEM_RESULTS, NodeDefect, NodeDefectRow, NodeUserData } from './checklist';
import { InspectionSummary } from './inspection';

/**
 * The checklist of a task as the API reads and saves it (tasks document; DECISIONS 9).
 * Re-exported by `./schemas`.
 */

// ---------------------------------------------------------------------------------------------
// Checklist: GET /api/Observation/{id}/checklist, POST /api/apptaskuploadWeb

export const NODE_TYPES = ['SECTION', 'ITEM'] as const;

/** Form metadata of a node's data form (MULTIPLE: several samples within min/max). */
export const NodeForm = z.object({
  formId: z.number(),
  formName: z.string(),
  formRevision: z.number(),
  formType: z.string(),
  samplesMin: z.number().nullable(),
  samplesMax: z.number().nullable(),
});
export type NodeForm = z.infer<typeof NodeForm>;

/** The spec's checklist node: flat, sections and items in order. */
export const ChecklistNode = z.object({
  id: z.string(),
  nodeType: z.enum(NODE_TYPES),
  /** -100 for a section (every section is top level); the section's id for an item. */
  parentSectionId: z.union([z.literal(-100), z.string()]),
  displayName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sectionFormId: z.number().nullable(),
  iconGroupId: z.number().nullable(),
  itemKey: z.string().nullable(),
  itemResult: z.enum(ITEM_RESULTS).nullable(),
  reportCategory: z.enum(REPORT_CATEGORIES).nullable(),
  defect: NodeDefectRow.nullable(),
  /** Who saved this node last (the performing inspector) and when. */
  savedBy: z.number().nullable(),
  savedAt: z.string().nullable(),
  sectionLevel: z.number(),
  sequenceNumber: z.number(),
  taskTypeId: z.number(),
  form: NodeForm.nullable(),
  userData: NodeUserData.nullable(),
});
export type ChecklistNode = z.infer<typeof ChecklistNode>;

export const ChecklistAnswer = z.object({
  observationId: z.number(),
  status: z.number(),
  result: z.number().nullable(),
  /** Whether the caller may save it now. */
  editable: z.boolean(),
  nodes: z.array(ChecklistNode),
  /** The computed result, what is still missing and the defects (DECISIONS 9). */
  inspection: InspectionSummary,
});
export type ChecklistAnswer = z.infer<typeof ChecklistAnswer>;

/**
 * One node of `checklistData` in POST /api/apptaskuploadWeb: its id, its item result and its
 * userData. Files are uploaded first with POST /api/Setting/formfile and named here by blobKey;
 * the save claims them for the task.
 */
export const ChecklistNodeInput = z.object({
  id: z.string().max(100),
  itemResult: z.enum(ITEM_RESULTS).nullish(),
  userData: NodeUserData.nullish(),
  /** The node's defect (a failed node must have one) or observation; null removes it; absent keeps it. */
  defect: NodeDefect.nullish(),
  /**
   * (ours, issue 21) The node's savedAt as the client last saw it (null: never saved). When
   * present and someone else saved the node since, the save is refused with 409 rather than
   * overwriting their change. Absent: no check (older clients).
   */
  expected: z.string().max(40).nullish(),
});
export const ChecklistData = z.array(ChecklistNodeInput).max(20_000);
export type ChecklistData = z.infer<typeof ChecklistData>;

export const ChecklistSaveAnswer = z.object({
  message: z.string(),
  observationId: z.number(),
  status: z.number(),
  result: z.number().nullable(),
  /** (ours) The savedAt the saved nodes now carry (a queued save of the same node expects it next). */
  savedAt: z.string().optional(),
});
export type ChecklistSaveAnswer = z.infer<typeof ChecklistSaveAnswer>;
