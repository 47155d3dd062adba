import { type ChildLlgTask, isLlgChildTaskType } from '@portal/contracts';
import { HttpError } from '../../api/http';
import type { NewChild } from './api';

/**
 * Pure rules of the LLG views (tasks document 2.3): the search of CHILDREN, the child types the
 * Add New Child Task panel offers, when CREATE is enabled, the two confirms of a delete, and
 * which child the checklist shows.
 */

/** 'Search Child LLG Task': the serial number, the type or the specification contains the text (any case). */
export function filterChildren(children: readonly ChildLlgTask[], search: string): ChildLlgTask[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...children];
  return children.filter((c) =>
    [c.llgSerialNumber, c.taskTypeDesc, c.specification ?? ''].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** Only task types whose label contains 'llg-' (DECISIONS 8), by name. */
export function childTaskTypes<T extends { id: number; name: string }>(options: readonly T[]): T[] {
  return options.filter((o) => isLlgChildTaskType(o.name)).sort((a, b) => a.name.localeCompare(b.name));
}

/** The panel's fields as typed. */
export interface ChildDraft {
  taskTypeId: number | null;
  llgSerialNumber: string;
  specification: string;
  acronymCode: string;
  safeWorkingLoad: string;
}

export const EMPTY_DRAFT: ChildDraft = { taskTypeId: null, llgSerialNumber: '', specification: '', acronymCode: '', safeWorkingLoad: '' };

/** CREATE is disabled until a type is chosen and a serial number typed. */
export const canCreate = (draft: ChildDraft) => draft.taskTypeId !== null && draft.llgSerialNumber.trim() !== '';

/** What is sent: texts trimmed, an empty optional text as null. */
export function newChildOf(draft: ChildDraft, types: readonly { id: number; name: string }[]): NewChild | null {
  const type = types.find((t) => t.id === draft.taskTypeId);
  if (!type || !canCreate(draft)) return null;
  const optional = (text: string) => text.trim() || null;
  return {
    taskTypeId: type.id,
    taskTypeName: type.name,
    llgSerialNumber: draft.llgSerialNumber.trim(),
    specification: optional(draft.specification),
    acronymCode: optional(draft.acronymCode),
    safeWorkingLoad: optional(draft.safeWorkingLoad),
  };
}

type DraftField = Exclude<keyof ChildDraft, 'taskTypeId'> | 'taskTypeId';

/**
 * Where a refused create is shown: the server's field messages in their fields; a conflict (the
 * serial number taken, 409) in the serial number; anything else above the fields.
 */
export function createErrorOf(error: unknown): { fields: Partial<Record<DraftField, string>>; general: string | null } {
  const message = (error as Error)?.message || 'Error';
  if (!(error instanceof HttpError)) return { fields: {}, general: message };
  const known: DraftField[] = ['taskTypeId', 'llgSerialNumber', 'specification', 'acronymCode', 'safeWorkingLoad'];
  const fields: Partial<Record<DraftField, string>> = {};
  for (const [key, text] of Object.entries(error.fields ?? {})) {
    const field = key === 'taskTypeName' ? 'taskTypeId' : (key as DraftField);
    if (known.includes(field)) fields[field] = text;
  }
  if (Object.keys(fields).length > 0) return { fields, general: null };
  if (error.status === 409) return { fields: { llgSerialNumber: message }, general: null };
  return { fields: {}, general: message };
}

/**
 * The delete of a child: 'Delete this record?' (OK/Cancel), then "This change can't be
 * reverted..." and only then the call. Cancel at either step ends it.
 */
export type DeleteStep = { step: 'idle' } | { step: 'ask' | 'confirm' | 'deleting'; child: ChildLlgTask };
export type DeleteEvent = { type: 'start'; child: ChildLlgTask } | { type: 'ok' } | { type: 'cancel' } | { type: 'done' };

export function deleteFlow(state: DeleteStep, event: DeleteEvent): DeleteStep {
  switch (event.type) {
    case 'start':
      return state.step === 'idle' ? { step: 'ask', child: event.child } : state;
    case 'ok':
      if (state.step === 'ask') return { step: 'confirm', child: state.child };
      if (state.step === 'confirm') return { step: 'deleting', child: state.child };
      return state;
    case 'cancel':
      return state.step === 'deleting' ? state : { step: 'idle' };
    case 'done':
      return { step: 'idle' };
  }
}

/** The child whose checklist TASKS shows: the one asked for if it is listed, else the first not complete, else the first. */
export function childToShow(children: readonly ChildLlgTask[], requested: number | null): ChildLlgTask | null {
  const live = children.filter((c) => c.archived === 0);
  return live.find((c) => c.id === requested) ?? live.find((c) => !c.complete && c.status !== 64) ?? live[0] ?? null;
}

/** The records that count: not removed (64) or deleted (1024); Submit and Approve take these. */
export const liveChildren = (children: readonly ChildLlgTask[]) => children.filter((c) => c.status !== 64 && c.status !== 1024);

/** RECORDS' result labels (DECISIONS 5): 1 Pass, 2 Fail, 3 Pending; none blank. */
export function resultLabel(result: number | null | undefined): string {
  if (result === 1) return 'Pass';
  if (result === 2) return 'Fail';
  if (result === 3) return 'Pending';
  return '';
}
