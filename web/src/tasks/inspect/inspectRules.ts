import {
  type ChecklistData,
  type ChecklistNode,
  defaultFormValues,
  type FormJsonAnswer,
  type InspectionSummary,
  type TaskFileRef,
  validateFormValues,
  visibility,
} from '@portal/contracts';
import { TOP_SECTION_MARKER } from '@portal/contracts';

/** A section of the INSPECT tab with its items, from the server's flat node list. */
export interface InspectSection {
  node: ChecklistNode;
  items: ChecklistNode[];
}

/**
 * The flat checklist nodes (tasks document 3) as sections holding their items: sections are the
 * nodes whose parentSectionId is the top marker -100, items follow their section by
 * sequenceNumber. An item whose section is missing is left out.
 */
export function toSections(nodes: readonly ChecklistNode[]): InspectSection[] {
  const bySequence = [...nodes].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  const sections = bySequence
    .filter((n) => n.nodeType === 'SECTION' && n.parentSectionId === TOP_SECTION_MARKER)
    .map((node) => ({ node, items: [] as ChecklistNode[] }));
  const byId = new Map(sections.map((s) => [s.node.id, s]));
  for (const node of bySequence) {
    if (node.nodeType !== 'ITEM') continue;
    byId.get(String(node.parentSectionId))?.items.push(node);
  }
  return sections;
}

/** What the INSPECT tab shows: the chosen section and item (ids), null when none. */
export interface InspectPick {
  sectionId: string | null;
  itemId: string | null;
}

/**
 * What picking a section shows: its own form when it has one (a section filled once, e.g. a
 * MULTIPLE load test), else its first item.
 */
export function pickSection(sections: readonly InspectSection[], sectionId: string): InspectPick {
  const section = sections.find((s) => s.node.id === sectionId);
  return { sectionId, itemId: section && !section.node.form ? (section.items[0]?.id ?? null) : null };
}

/** What the tab opens on: the first section, as picking it would show. */
export function firstPick(sections: readonly InspectSection[]): InspectPick {
  const section = sections[0];
  return section ? pickSection(sections, section.node.id) : { sectionId: null, itemId: null };
}

/**
 * The node whose form the FORM area fills: the chosen item, or the section itself when no item
 * is chosen and the section has a form of its own or no items.
 */
export function targetOf(sections: readonly InspectSection[], pick: InspectPick): { section: InspectSection; node: ChecklistNode } | null {
  const section = sections.find((s) => s.node.id === pick.sectionId);
  if (!section) return null;
  if (pick.itemId === null) return section.items.length === 0 || section.node.form ? { section, node: section.node } : null;
  const item = section.items.find((i) => i.id === pick.itemId);
  return item ? { section, node: item } : null;
}

export interface SaveState {
  loading: boolean;
  /** The checklist has sections at all. */
  hasSection: boolean;
  /** The chosen section has items (and no form of its own, which is filled when no item is picked). */
  hasItems: boolean;
  itemPicked: boolean;
  /** The node's form is of type MULTIPLE. */
  multiple: boolean;
  /** A MULTIPLE form's record is chosen in the form selector. */
  recordChosen: boolean;
  /** The user may change the checklist (role, status). */
  editable: boolean;
}

/**
 * The spec's Save rule of the checklist form (tasks document 5): disabled while loading, with
 * no section, when items exist but none is picked, or for MULTIPLE forms without a chosen form.
 * (Ours: also for a reader; a section with a form of its own counts as picked when shown.)
 */
export function saveDisabled(s: SaveState): boolean {
  return !s.editable || s.loading || !s.hasSection || (s.hasItems && !s.itemPicked) || (s.multiple && !s.recordChosen);
}

/** New is disabled once the form count reaches samplesMax (tasks document 5). */
export const newRecordDisabled = (count: number, samplesMax: number) => count >= samplesMax;

/** Marks a file deleted, or reverts the mark (the FORM's Files list). */
export function toggleDeleted(files: TaskFileRef[], blobKey: string): TaskFileRef[] {
  return files.map((file) => {
    if (file.blobKey !== blobKey) return file;
    if (file.deleted) {
      const { deleted: _dropped, ...kept } = file;
      return kept;
    }
    return { ...file, deleted: true };
  });
}

/** The file types an item's Files list accepts (tasks document 5), by extension; the server checks the content. */
export const ITEM_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv'] as const;
export const ITEM_FILE_ACCEPT = ITEM_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
export const isItemFileName = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && (ITEM_FILE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
};

/** A random id for a new form record (the spec's formRecordId), stable across saves. */
export function newRecordId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How many items of a section have a result (shown under the section's name). */
export function sectionProgress(section: InspectSection): { done: number; total: number } {
  return { done: section.items.filter((i) => i.itemResult !== null).length, total: section.items.length };
}

/** How many nodes of a section still have a problem (no result, missing data or defect): its "n to do". */
export function sectionToDo(summary: InspectionSummary | undefined, sectionId: string): number {
  if (!summary) return 0;
  return new Set(summary.problems.filter((p) => p.sectionId === sectionId && p.kind !== 'nothing').map((p) => p.nodeId)).size;
}

/** Where a problem's node is shown: an item, or a section's own form. */
const pickOfProblem = (problem: InspectionSummary['problems'][number]): InspectPick =>
  problem.nodeId === problem.sectionId
    ? { sectionId: problem.sectionId, itemId: null }
    : { sectionId: problem.sectionId, itemId: problem.nodeId };

/**
 * The next node that is not complete after the one shown, in checklist order (wrapping to the
 * start); null when every node is complete. The summary lists problems in checklist order.
 */
export function nextIncompletePick(
  summary: InspectionSummary | undefined,
  sections: readonly InspectSection[],
  pick: InspectPick,
): InspectPick | null {
  const problems = (summary?.problems ?? []).filter((p) => p.kind !== 'nothing');
  if (problems.length === 0) return null;
  const order: string[] = sections.flatMap((s) => [s.node.id, ...s.items.map((i) => i.id)]);
  const current = order.indexOf(pick.itemId ?? pick.sectionId ?? '');
  const ranked = problems
    .map((p) => ({ p, at: order.indexOf(p.nodeId) }))
    .filter((x) => x.at >= 0 && x.p.nodeId !== (pick.itemId ?? pick.sectionId));
  const after = ranked.find((x) => x.at > current) ?? ranked[0];
  return after ? pickOfProblem(after.p) : null;
}

/** The first node that is not complete, in checklist order. */
export function firstIncompletePick(summary: InspectionSummary | undefined): InspectPick | null {
  const first = (summary?.problems ?? []).find((p) => p.kind !== 'nothing');
  return first ? pickOfProblem(first) : null;
}

/** What 'Pass remaining items in this section' sends, and the items it cannot pass alone. */
export interface PassRemaining {
  inputs: ChecklistData;
  /** Items whose form needs more than pass/fail answers (a number, a yes/no): filled in by hand. */
  skipped: string[];
}

/**
 * 'Pass remaining items in this section' (issue 21): every item of the section without a result
 * passes. An item with a data form and nothing filled in gets a record with the form's defaults
 * and every shown pass/fail field set to Pass; when the form still wants something a person must
 * give (a measurement, a yes/no), the item is left for the inspector and named in `skipped`.
 */
export function passRemaining(section: InspectSection, forms: ReadonlyMap<number, FormJsonAnswer>, today: string): PassRemaining {
  const inputs: ChecklistData = [];
  const skipped: string[] = [];
  for (const item of section.items) {
    if (item.itemResult !== null) continue;
    const name = item.displayName || item.name;
    if (!item.form || (item.userData?.records.length ?? 0) > 0) {
      inputs.push({ id: item.id, itemResult: 'pass' });
      continue;
    }
    const form = forms.get(item.form.formId);
    if (!form || form.formType === 'MULTIPLE') {
      skipped.push(name);
      continue;
    }
    const record = { ...newRecordOf(form, today) };
    const values: Record<string, unknown> = { ...record.attributes };
    // Pass/fail fields in form order: a field shown only after another's answer is reached too.
    for (const field of form.formJson.fields)
      if (field.kind === 'passfail' && visibility(form.formJson, values).get(field.id)) values[field.key] = 'pass';
    if (validateFormValues(form.formJson, values).length > 0) {
      skipped.push(name);
      continue;
    }
    inputs.push({
      id: item.id,
      itemResult: 'pass',
      userData: { records: [{ ...record, attributes: values }], files: item.userData?.files ?? [] },
    });
  }
  return { inputs, skipped };
}

/** How many items of a section still have no result (what 'Pass remaining' would cover). */
export const remainingInSection = (section: InspectSection | undefined) => section?.items.filter((i) => i.itemResult === null).length ?? 0;

function newRecordOf(form: FormJsonAnswer, today: string) {
  return {
    formId: form.formId,
    formName: form.name,
    formRevision: form.revision,
    formRecordId: newRecordId(),
    attributes: defaultFormValues(form.formJson, today),
    attributesFiles: [],
  };
}

/**
 * The server's refusal of a node's save in words (issue 21): '<node>, sample 1: Result is required'
 * instead of the path 'node.samples[0].result'. The server's messages already name the field by
 * its label; the node and the sample are added, the path is dropped.
 */
export function fieldErrorsInWords(nodeName: string, fields: Record<string, string>): string[] {
  return Object.entries(fields).map(([path, message]) => {
    const sample = /samples\[(\d+)\]/.exec(path);
    return sample ? `${nodeName}, sample ${Number(sample[1]) + 1}: ${message}` : `${nodeName}: ${message}`;
  });
}
