import { z } from 'zod';
import { type FormDefinition, fieldValue, isValueField, validateFormValues, visibility } from '../dataForms/definition';
import type { ReportCategory } from '../taskTypes/checklist';
import {
  DANGER_LABEL,
  type DangerLevel,
  type FormRecord,
  type ItemResult,
  type NodeDefect,
  type TaskChecklist,
  type TaskChecklistItem,
  type TaskChecklistSection,
} from './checklist';

/**
 * What an inspection must hold before it is submitted and approved, and what it found
 * (DECISIONS 9): complete items, results rolled up from the items and from the result fields of
 * their forms, defects of failed items. Pure rules: the server enforces them on submit, approve
 * and checklist save; INSPECT, the approval dialog and the certificate show what they answer.
 */

/** A node's form as the rules need it. */
export interface NodeFormInfo {
  name: string;
  multiple: boolean;
  samplesMin: number;
  /** The definition a new filling uses (the form's current revision). */
  current: FormDefinition | null;
}

/** Looks forms up: the definition of a record's revision, and a form's current state. */
export interface FormLookup {
  definition(formId: number, revision: number): FormDefinition | undefined;
  form(formId: number): NodeFormInfo | undefined;
}

export type ChecklistNodeOf = TaskChecklistSection | TaskChecklistItem;

const isItem = (node: ChecklistNodeOf): node is TaskChecklistItem => 'result' in node;

/** The labels of the result fields that say fail in a node's records (shown fields only). */
export function failingResultFields(records: readonly FormRecord[], lookup: FormLookup): string[] {
  const labels: string[] = [];
  for (const record of records) {
    const definition = lookup.definition(record.formId, record.formRevision);
    if (!definition) continue;
    const shown = visibility(definition, record.attributes);
    for (const field of definition.fields) {
      if (field.kind !== 'passfail' || !field.result || !shown.get(field.id)) continue;
      if (fieldValue(record.attributes, field.key) === 'fail' && !labels.includes(field.label)) labels.push(field.label);
    }
  }
  return labels;
}

/** Whether a node's records hold any result field at all (passed or failed). */
function hasResultFields(records: readonly FormRecord[], lookup: FormLookup): boolean {
  return records.some((record) =>
    lookup.definition(record.formId, record.formRevision)?.fields.some((f) => f.kind === 'passfail' && f.result),
  );
}

/**
 * A node's result after its forms: an item's own result, unless a result field of its form says
 * fail (then fail). A section has a result only through its own form: fail when a result field
 * fails, pass when it has result fields and none fails, else none.
 */
export function effectiveResult(node: ChecklistNodeOf, lookup: FormLookup): ItemResult | null {
  const records = node.userData?.records ?? [];
  const failing = records.length > 0 && failingResultFields(records, lookup).length > 0;
  if (isItem(node)) return failing ? 'fail' : node.result;
  if (failing) return 'fail';
  return records.length > 0 && hasResultFields(records, lookup) ? 'pass' : null;
}

/**
 * The task's result (DECISIONS 8 and 9): Fail (2) if any item or section form failed, Pass (1)
 * if every applicable item passed (at least one), Pending (3) otherwise.
 */
export function rollUpInspection(checklist: TaskChecklist | null, lookup: FormLookup): 1 | 2 | 3 {
  if (!checklist) return 3;
  let passed = 0;
  let open = 0;
  let failed = false;
  for (const section of checklist.sections) {
    if (effectiveResult(section, lookup) === 'fail') failed = true;
    for (const item of section.items) {
      const result = effectiveResult(item, lookup);
      if (result === 'fail') failed = true;
      else if (result === 'pass') passed++;
      else if (result === null) open++;
    }
  }
  if (failed) return 2;
  return passed > 0 && open === 0 ? 1 : 3;
}

export type ProblemKind = 'result' | 'data' | 'samples' | 'defect' | 'nothing';

/** Why a node is not complete yet. */
export interface InspectionProblem {
  /** The node (item or section) to go to; the first section's for the whole checklist. */
  nodeId: string;
  sectionId: string;
  /** 'Section › Item' (or the section alone). */
  name: string;
  kind: ProblemKind;
  message: string;
}

export const INSPECTION_TEXT = {
  resultRequired: 'Result is required',
  defectRequired: 'A failed item must record its defect',
  defectDangerOfFail: 'A defect of a failed item is an existing danger or will become dangerous',
  observationOnly: 'A passed item may carry only an observation',
  noDefectOnNa: 'An item that is not applicable records no defect',
  samplesTooFew: (form: string, min: number) => `${form} needs at least ${min} sample${min === 1 ? '' : 's'}`,
  nothingExamined: 'Nothing was examined: every item is not applicable',
  incomplete: (count: number) => `Unable to submit: ${count} item(s) have no result`,
} as const;

const pathOf = (section: TaskChecklistSection, node?: TaskChecklistItem) => (node ? `${section.name} › ${node.name}` : section.name);

/** The required shown fields of one filling that are blank ('<label> is required'). */
function missingRequired(definition: FormDefinition, values: Record<string, unknown>): string[] {
  return validateFormValues(definition, values)
    .filter((p) => p.message.endsWith(' is required'))
    .map((p) => p.message);
}

/** Problems of a node's form data: samples and required fields. */
function dataProblems(
  formId: number | null | undefined,
  records: readonly FormRecord[],
  lookup: FormLookup,
): { kind: ProblemKind; message: string }[] {
  if (!formId) return [];
  const form = lookup.form(formId);
  if (!form) return [];
  const out: { kind: ProblemKind; message: string }[] = [];
  if (form.multiple && records.length < form.samplesMin)
    out.push({ kind: 'samples', message: INSPECTION_TEXT.samplesTooFew(form.name, form.samplesMin) });
  if (records.length === 0) {
    if (!form.multiple && form.current) for (const message of missingRequired(form.current, {})) out.push({ kind: 'data', message });
    return out;
  }
  records.forEach((record, index) => {
    const definition = lookup.definition(record.formId, record.formRevision);
    if (!definition) return;
    for (const message of missingRequired(definition, record.attributes))
      out.push({ kind: 'data', message: form.multiple ? `Sample ${index + 1}: ${message}` : message });
  });
  return out;
}

/** The defect rule of a node with its effective result (DECISIONS 9). */
export function defectProblem(result: ItemResult | null, defect: NodeDefect | null | undefined): string | null {
  if (result === 'fail') {
    if (!defect) return INSPECTION_TEXT.defectRequired;
    if (defect.danger === 3) return INSPECTION_TEXT.defectDangerOfFail;
    return null;
  }
  if (!defect) return null;
  if (result === 'na') return INSPECTION_TEXT.noDefectOnNa;
  if (defect.danger !== 3) return INSPECTION_TEXT.observationOnly;
  return null;
}

/**
 * Everything that keeps a checklist from being complete (DECISIONS 9): items without a result,
 * applicable items and sections whose forms miss required fields or samples, failed nodes
 * without a defect, and a checklist in which nothing was examined.
 */
export function inspectionProblems(checklist: TaskChecklist, lookup: FormLookup): InspectionProblem[] {
  const problems: InspectionProblem[] = [];
  let examined = 0;
  for (const section of checklist.sections) {
    const applicable = section.items.length === 0 || section.items.some((i) => i.result !== 'na');
    const add = (node: ChecklistNodeOf, item: TaskChecklistItem | undefined, kind: ProblemKind, message: string) =>
      problems.push({ nodeId: node.id, sectionId: section.id, name: pathOf(section, item), kind, message });
    if (applicable)
      for (const p of dataProblems(section.formId, section.userData?.records ?? [], lookup)) add(section, undefined, p.kind, p.message);
    const sectionDefect = defectProblem(effectiveResult(section, lookup), section.defect);
    if (sectionDefect) add(section, undefined, 'defect', sectionDefect);
    for (const item of section.items) {
      const result = effectiveResult(item, lookup);
      if (result === null) {
        add(item, item, 'result', INSPECTION_TEXT.resultRequired);
        continue;
      }
      if (result !== 'na') {
        examined++;
        for (const p of dataProblems(item.formId, item.userData?.records ?? [], lookup)) add(item, item, p.kind, p.message);
      }
      const defect = defectProblem(result, item.defect);
      if (defect) add(item, item, 'defect', defect);
    }
  }
  if (examined === 0 && problems.length === 0) {
    const first = checklist.sections[0];
    problems.push({
      nodeId: first?.id ?? '',
      sectionId: first?.id ?? '',
      name: first?.name ?? '',
      kind: 'nothing',
      message: INSPECTION_TEXT.nothingExamined,
    });
  }
  return problems;
}

/** How many nodes (items or sections) have at least one problem: the n of the refusal. */
export const incompleteCount = (problems: readonly InspectionProblem[]) => new Set(problems.map((p) => p.nodeId)).size;

/** A defect or observation as documents and the approval dialog list it. */
export interface DefectEntry {
  nodeId: string;
  name: string;
  danger: DangerLevel;
  dangerLabel: string;
  description: string;
  remedialAction: string | null;
  remedyBy: string | null;
  /** The result fields that failed the node ('Structure free of cracks'), if any. */
  failedFields: string[];
}

/** Every recorded defect and observation, most dangerous first, in checklist order within a level. */
export function defectsOf(checklist: TaskChecklist | null, lookup: FormLookup): DefectEntry[] {
  const out: DefectEntry[] = [];
  for (const section of checklist?.sections ?? []) {
    const nodes: [ChecklistNodeOf, TaskChecklistItem | undefined][] = [
      [section, undefined],
      ...section.items.map((i) => [i, i] as [ChecklistNodeOf, TaskChecklistItem]),
    ];
    for (const [node, item] of nodes) {
      if (!node.defect) continue;
      out.push({
        nodeId: node.id,
        name: pathOf(section, item),
        danger: node.defect.danger,
        dangerLabel: DANGER_LABEL[node.defect.danger],
        description: node.defect.description,
        remedialAction: node.defect.remedialAction ?? null,
        remedyBy: node.defect.remedyBy ?? null,
        failedFields: failingResultFields(node.userData?.records ?? [], lookup),
      });
    }
  }
  return out.sort((a, b) => a.danger - b.danger);
}

/** The users who saved results or data, in the order they first did (the performing inspectors). */
export function performersOf(checklist: TaskChecklist | null): number[] {
  const seen: { id: number; at: string }[] = [];
  for (const section of checklist?.sections ?? [])
    for (const node of [section, ...section.items]) {
      if (typeof node.savedBy !== 'number') continue;
      const at = node.savedAt ?? '';
      const known = seen.find((s) => s.id === node.savedBy);
      if (!known) seen.push({ id: node.savedBy, at });
      else if (at && at < known.at) known.at = at;
    }
  return seen.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)).map((s) => s.id);
}

/** Report categories whose form values the certificate prints as test particulars. */
export const TEST_CATEGORIES: readonly ReportCategory[] = ['LOAD TEST', 'NDT'];

/** A node whose form data are test particulars: its category, or a section form over test items only. */
export function isTestNode(section: TaskChecklistSection, item?: TaskChecklistItem): boolean {
  if (item) return Boolean(item.reportCategory && TEST_CATEGORIES.includes(item.reportCategory));
  if (section.reportCategory) return TEST_CATEGORIES.includes(section.reportCategory);
  return section.items.length > 0 && section.items.every((i) => i.reportCategory && TEST_CATEGORIES.includes(i.reportCategory));
}

/** The shown value fields of a record with their values, in form order (documents print these). */
export function shownValues(definition: FormDefinition, record: FormRecord) {
  const shown = visibility(definition, record.attributes);
  return definition.fields
    .filter((f) => isValueField(f) && shown.get(f.id))
    .map((f) => ({ field: f, value: isValueField(f) ? fieldValue(record.attributes, f.key) : undefined }));
}

// ---------------------------------------------------------------------------------------------
// Basis of examination and test equipment (recorded on the task; DECISIONS 9)

export const EXAMINATION_BASES = ['first', 'interval6', 'interval12', 'scheme', 'exceptional'] as const;
export type ExaminationBasis = (typeof EXAMINATION_BASES)[number];
export const EXAMINATION_BASIS_LABEL: Record<ExaminationBasis, string> = {
  first: 'First examination after installation',
  interval6: 'Within an interval of 6 months',
  interval12: 'Within an interval of 12 months',
  scheme: 'In accordance with an examination scheme',
  exceptional: 'After exceptional circumstances',
};

/** The basis a task starts with, from its task type's validity. */
export function defaultBasis(validityMonths: number): ExaminationBasis {
  if (validityMonths === 6) return 'interval6';
  if (validityMonths === 12) return 'interval12';
  return 'scheme';
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a valid date');

export const TEST_EQUIPMENT_MAX = 20;

/** One piece of test equipment used (a load cell, weights, a gauge) with its calibration. */
export const TestEquipment = z.object({
  name: z.string({ error: 'Equipment name is required' }).trim().min(1, 'Equipment name is required').max(200, 'At most 200 characters'),
  identifier: z.string({ error: 'Identifier is required' }).trim().min(1, 'Identifier is required').max(100, 'At most 100 characters'),
  calibrationCertificate: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .nullish()
    .transform((v) => v || null),
  calibrationDue: isoDay.nullish().transform((v) => v ?? null),
});
export type TestEquipment = z.output<typeof TestEquipment>;

/** Test equipment as kept and answered (no transforms: answers are serialised through it). */
export const TestEquipmentRow = z.object({
  name: z.string(),
  identifier: z.string(),
  calibrationCertificate: z.string().nullable(),
  calibrationDue: z.string().nullable(),
});

/** `POST /api/Observation/{id}/examination` (ours): the basis of examination and the test equipment used. */
export const ExaminationBody = z.object({
  basis: z.enum(EXAMINATION_BASES, { error: 'Choose the basis of examination' }),
  testEquipment: z.array(TestEquipment).max(TEST_EQUIPMENT_MAX, `At most ${TEST_EQUIPMENT_MAX} pieces of test equipment`).default([]),
});
export type ExaminationBody = z.output<typeof ExaminationBody>;

export const ExaminationAnswer = z.object({
  id: z.number(),
  basis: z.enum(EXAMINATION_BASES),
  testEquipment: z.array(TestEquipmentRow),
  message: z.string(),
});

/** The checklist answer's summary: the computed result, what is missing and the defects. */
export const InspectionSummary = z.object({
  result: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  complete: z.boolean(),
  /** Nodes with a problem (the n of 'Unable to submit: <n> item(s) have no result'). */
  incomplete: z.number(),
  problems: z.array(
    z.object({
      nodeId: z.string(),
      sectionId: z.string(),
      name: z.string(),
      kind: z.enum(['result', 'data', 'samples', 'defect', 'nothing']),
      message: z.string(),
    }),
  ),
  defects: z.array(
    z.object({
      nodeId: z.string(),
      name: z.string(),
      danger: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      dangerLabel: z.string(),
      description: z.string(),
      remedialAction: z.string().nullable(),
      remedyBy: z.string().nullable(),
      failedFields: z.array(z.string()),
    }),
  ),
  /** The effective result of each node that has one (items after their result fields; sections by their form). */
  results: z.record(z.string(), z.enum(['pass', 'fail', 'na'])),
});
export type InspectionSummary = z.infer<typeof InspectionSummary>;

/** The whole summary at once (the server's answer and the documents). */
export function summarise(checklist: TaskChecklist | null, lookup: FormLookup): InspectionSummary {
  if (!checklist) return { result: 3, complete: false, incomplete: 0, problems: [], defects: [], results: {} };
  const problems = inspectionProblems(checklist, lookup);
  const results: Record<string, ItemResult> = {};
  for (const section of checklist.sections)
    for (const node of [section, ...section.items]) {
      const r = effectiveResult(node, lookup);
      if (r) results[node.id] = r;
    }
  return {
    result: rollUpInspection(checklist, lookup),
    complete: problems.length === 0,
    incomplete: incompleteCount(problems),
    problems,
    defects: defectsOf(checklist, lookup),
    results,
  };
}
