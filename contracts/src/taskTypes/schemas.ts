import { z } from 'zod';
import { MAX_ID, numberFromForm, objectTypeOf, optionalText, RowRights, requiredText, SaveId } from '../common/schemas';
import { Checklist, parseJsonAs } from './checklist';
import { TASK_TYPE_TEXT } from './messages';

/** Task types (administration document, "Task type"): settings objects of type TaskType. */
export const TASK_TYPE_OBJECT_TYPE = 'TaskType';
export const TASK_TYPE_ALIASES = ['TASK_TYPE', 'TaskTypes'];

/** The name of every namespace's task type for a job's special LLG task (DECISIONS 8). */
export const LLG_TASK_TYPE = 'LLG';
/** Child LLG task types are those whose name contains this (DECISIONS 8). */
export const LLG_CHILD_MARK = 'llg-';
export const isLlgChildTaskType = (name: string) => name.toLowerCase().includes(LLG_CHILD_MARK);
/** The LLG task type or one of its children: these inspect loose gear (LLG) asset types. */
export const isLlgTaskType = (name: string) => name.trim().toUpperCase() === LLG_TASK_TYPE || isLlgChildTaskType(name);

/**
 * The certificate layouts the server will produce (ours: the spec names the choice "report
 * template" but not its values). A task type picks the one its certificate is printed in.
 */
export const REPORT_TEMPLATES = {
  LIFTING_EQUIPMENT: 'Report of thorough examination of lifting equipment',
  LIFTING_ACCESSORY: 'Report of thorough examination of lifting accessories',
  PRESSURE_SYSTEM: 'Written scheme examination',
  FIRE_EQUIPMENT: 'Fire equipment service certificate',
  TRAINEE_ASSESSMENT: 'Trainee assessment certificate',
  LLG_BOOKLET: 'Loose lifting gear booklet',
} as const;
export type ReportTemplate = keyof typeof REPORT_TEMPLATES;
export const REPORT_TEMPLATE_CODES = Object.keys(REPORT_TEMPLATES) as [ReportTemplate, ...ReportTemplate[]];

/** The form objects of the data forms a checklist uses; LLG forms also for the LLG task types. */
export const CHECKLIST_FORM_OBJECTS = ['TASK TYPE'];
export const LLG_FORM_OBJECT = 'LLG';

/** Validity is a whole number of months (DECISIONS 8); ours: at most 50 years. */
export const MAX_VALIDITY_MONTHS = 600;
/** The largest checklist text the server reads. */
export const MAX_SECTIONS_JSON = 1_000_000;

const positiveId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export const Validity = z
  .number({
    error: (issue) => (issue.input === undefined || issue.input === null ? TASK_TYPE_TEXT.validityRequired : TASK_TYPE_TEXT.validityWhole),
  })
  .int(TASK_TYPE_TEXT.validityWhole)
  .min(1, TASK_TYPE_TEXT.validityWhole)
  .max(MAX_VALIDITY_MONTHS, `Validity is at most ${MAX_VALIDITY_MONTHS} months`);

/**
 * POST /api/Setting with objectType TaskType: create (no id, or -1 for a copy) or update (id).
 * The checklist comes as `checklist` (the object) or `sectionsJson` (its JSON text, the spec's
 * field); text that is not JSON is refused with 'Please Enter a valid JSON', a document that
 * does not fit with its first wrong path. `externalId` is read-only: never taken from a body.
 */
export const TaskTypeSaveBody = z.object({
  objectType: objectTypeOf(TASK_TYPE_OBJECT_TYPE, TASK_TYPE_ALIASES),
  id: SaveId,
  tenantId: z.number().optional(),
  name: requiredText(200, 'Type Name'),
  acronymCode: optionalText(20),
  /** The spec's spelling; acronymCode wins when both are sent. */
  acronym_code: optionalText(20),
  divisionId: positiveId(TASK_TYPE_TEXT.divisionRequired),
  referenceStandard: optionalText(300),
  inspectionMethod: optionalText(300),
  validity: Validity,
  description: optionalText(2000),
  eiac: z.boolean().optional(),
  assetTypeId: positiveId(TASK_TYPE_TEXT.unknownAssetType).nullish(),
  reportTemplate: z.enum(REPORT_TEMPLATE_CODES, { error: 'is not a known report template' }).nullish(),
  checklist: Checklist.optional(),
  sectionsJson: z.string().max(MAX_SECTIONS_JSON, 'The checklist is too long').optional(),
});
export type TaskTypeSaveBody = z.input<typeof TaskTypeSaveBody>;

/**
 * The task type panel's fields (administration document 5): the save body's rules over what
 * the inputs hold (ids and the validity as typed or picked, '' for none) and the checklist as
 * its JSON text, read as the service reads `sectionsJson` (the spec's 'Please Enter a valid
 * JSON', or the first wrong path).
 */
export const TaskTypeForm = TaskTypeSaveBody.pick({
  name: true,
  acronymCode: true,
  referenceStandard: true,
  inspectionMethod: true,
  description: true,
  eiac: true,
}).extend({
  divisionId: numberFromForm(TaskTypeSaveBody.shape.divisionId),
  validity: numberFromForm(Validity),
  assetTypeId: numberFromForm(TaskTypeSaveBody.shape.assetTypeId),
  reportTemplate: z.preprocess((value) => (value === '' ? null : value), TaskTypeSaveBody.shape.reportTemplate),
  sectionsJson: z
    .string()
    .max(MAX_SECTIONS_JSON, 'The checklist is too long')
    .check((payload) => {
      const parsed = parseJsonAs(Checklist, payload.value);
      if (!parsed.ok) payload.issues.push({ code: 'custom', message: parsed.message, input: payload.value });
    }),
});
export type TaskTypeForm = z.output<typeof TaskTypeForm>;

export const TaskTypeRow = z.object({
  id: z.number(),
  objectType: z.literal(TASK_TYPE_OBJECT_TYPE),
  tenantId: z.literal(2),
  name: z.string(),
  acronymCode: z.string().nullable(),
  divisionId: z.number(),
  division: z.string(),
  externalId: z.string().nullable(),
  referenceStandard: z.string().nullable(),
  inspectionMethod: z.string().nullable(),
  validity: z.number(),
  eiac: z.boolean(),
  description: z.string().nullable(),
  assetTypeId: z.number().nullable(),
  assetType: z.string().nullable(),
  reportTemplate: z.enum(REPORT_TEMPLATE_CODES).nullable(),
  checklist: Checklist,
  /** The checklist as the spec's JSON text (pretty, 2 spaces). */
  sectionsJson: z.string(),
  status: z.number(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  /** The spec's settings envelope serialised, with validity and eiac as metadata. */
  settingWithMetadata: z.string(),
  can: RowRights,
});
export type TaskTypeRow = z.infer<typeof TaskTypeRow>;

/** Picker entries (GET /api/Setting/Objects?objectType=TaskType). */
export const TaskTypeOption = z.object({
  id: z.number(),
  name: z.string(),
  divisionId: z.number(),
  assetTypeId: z.number().nullable(),
  validity: z.number(),
});
export type TaskTypeOption = z.infer<typeof TaskTypeOption>;

/** The checklist as the JSON text area shows it. */
export const checklistText = (checklist: Checklist) => JSON.stringify(checklist, null, 2);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The spec's copy name: '<name> Copy <D-MMM-YY_HH:mm:ss>' in local time. */
export function taskTypeCopyName(name: string, at: Date = new Date()): string {
  const stamp = `${at.getDate()}-${MONTHS[at.getMonth()]}-${two(at.getFullYear() % 100)}_${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  return `${name} Copy ${stamp}`;
}

/** The dashboard's page (administration document 9: "Asset types and task types: 50"). */
export const TASK_TYPE_PAGE_SIZE = 50;
/** The division the dashboard starts on (administration document 9). */
export const DEFAULT_TASK_TYPE_DIVISION = 'LIFTING';
