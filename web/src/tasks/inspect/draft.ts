import {
  defaultFormValues,
  type FormJsonAnswer,
  type FormRecord,
  type ItemResult,
  type NodeDefectRow,
  type NodeUserData,
  type TaskFileRef,
} from '@portal/contracts';
import { newRecordId } from './inspectRules';

/** What the FORM area edits for one node until Save: its form records, files and (items) result. */
export interface NodeDraft {
  records: FormRecord[];
  files: TaskFileRef[];
  result: ItemResult | null;
  /** The defect of a failed node, or an observation of a passed one (DECISIONS 9). */
  defect: NodeDefectRow | null;
}

export const draftOf = (
  userData: NodeUserData | null,
  result: ItemResult | null = null,
  defect: NodeDefectRow | null = null,
): NodeDraft => ({
  records: userData?.records ?? [],
  files: userData?.files ?? [],
  result,
  defect,
});

const isMultiple = (form: Pick<FormJsonAnswer, 'formType'>) => form.formType === 'MULTIPLE';

/** A new record of a form at its current revision, with the definition's defaults. */
export function newRecord(form: FormJsonAnswer, today: string, id = newRecordId()): FormRecord {
  return {
    formId: form.formId,
    formName: form.name,
    formRevision: form.revision,
    formRecordId: id,
    attributes: defaultFormValues(form.formJson, today),
    attributesFiles: [],
  };
}

/**
 * The records a node's form starts with when it has none: one, or Min of them for a MULTIPLE
 * form (at least one). A node with records keeps them.
 */
export function withInitialRecords(draft: NodeDraft, form: FormJsonAnswer, today: string): NodeDraft {
  if (draft.records.length > 0) return draft;
  const count = isMultiple(form) ? Math.max(1, Math.min(form.samplesMin, form.samplesMax)) : 1;
  return { ...draft, records: Array.from({ length: count }, () => newRecord(form, today)) };
}

/** The node's userData to save: records and files as drafted. */
export const userDataOf = (draft: NodeDraft): NodeUserData => ({ records: draft.records, files: draft.files });

/** Whether the draft differs from what was loaded (key order as built here, so JSON compares). */
export const sameDraft = (a: NodeDraft, b: NodeDraft) => JSON.stringify(a) === JSON.stringify(b);
