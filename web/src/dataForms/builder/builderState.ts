import {
  CHOICE_KINDS,
  type FieldKind,
  type FormDefinition,
  type FormField,
  isValueField,
  MAX_FORM_FIELDS,
} from '@portal/contracts/dataForms/definition';
import { FIELD_KIND_LABELS } from '@portal/contracts/dataForms/editorMessages';

/**
 * The builder's state: the definition being designed, the selected field, and an undo history
 * of whole definitions (they are small: a 300-field form is a few tens of kilobytes). Pure, so
 * the rules (insert after the selection, unique keys, undo coalescing) are unit-tested.
 */
export interface BuilderState {
  definition: FormDefinition;
  selectedId: string | null;
  past: FormDefinition[];
  future: FormDefinition[];
  /** The last change's coalescing key: typing in one property is one undo step. */
  lastChange: string | null;
  /**
   * Ids of the fields the definition had when loaded: their keys may already hold filled-in
   * data, so only fields added since follow their label with their key.
   */
  loadedIds: ReadonlySet<string>;
}

export type BuilderAction =
  | { type: 'load'; definition: FormDefinition }
  | { type: 'add'; kind: FieldKind; index?: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'remove'; id: string }
  | { type: 'update'; id: string; field: FormField; coalesce?: string }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

const HISTORY_LIMIT = 100;

export function initialBuilderState(definition: FormDefinition): BuilderState {
  return { definition, selectedId: null, past: [], future: [], lastChange: null, loadedIds: new Set(definition.fields.map((f) => f.id)) };
}

function commit(state: BuilderState, definition: FormDefinition, selectedId: string | null, coalesce: string | null = null): BuilderState {
  const merge = coalesce !== null && coalesce === state.lastChange;
  const past = merge ? state.past : [...state.past, state.definition].slice(-HISTORY_LIMIT);
  return { ...state, definition, selectedId, past, future: [], lastChange: coalesce };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const fields = state.definition.fields;
  switch (action.type) {
    case 'load':
      return initialBuilderState(action.definition);
    case 'add': {
      if (fields.length >= MAX_FORM_FIELDS) return state;
      const field = newField(action.kind, fields);
      const index = clamp(action.index ?? insertionIndex(state), 0, fields.length);
      return commit(state, { ...state.definition, fields: insertAt(fields, index, field) }, field.id);
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || from < 0 || to < 0 || from >= fields.length || to >= fields.length) return state;
      return commit(state, { ...state.definition, fields: arrayMove(fields, from, to) }, state.selectedId);
    }
    case 'remove': {
      const index = fields.findIndex((f) => f.id === action.id);
      if (index < 0) return state;
      const rest = fields.filter((f) => f.id !== action.id);
      const selectedId = state.selectedId === action.id ? (rest[Math.min(index, rest.length - 1)]?.id ?? null) : state.selectedId;
      return commit(state, { ...state.definition, fields: rest }, selectedId);
    }
    case 'update': {
      const index = fields.findIndex((f) => f.id === action.id);
      if (index < 0) return state;
      const next = fields.map((f, i) => (i === index ? action.field : f));
      return commit(
        state,
        { ...state.definition, fields: next },
        state.selectedId,
        action.coalesce ? `${action.id}:${action.coalesce}` : null,
      );
    }
    case 'select':
      return state.selectedId === action.id ? state : { ...state, selectedId: action.id, lastChange: null };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        definition: previous,
        selectedId: keepSelection(previous, state.selectedId),
        past: state.past.slice(0, -1),
        future: [state.definition, ...state.future],
        lastChange: null,
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return {
        ...state,
        definition: next,
        selectedId: keepSelection(next, state.selectedId),
        past: [...state.past, state.definition],
        future,
        lastChange: null,
      };
    }
  }
}

/** Where a palette item added by click or Enter goes: after the selected field, else at the end. */
function insertionIndex(state: BuilderState): number {
  const selected = state.definition.fields.findIndex((f) => f.id === state.selectedId);
  return selected < 0 ? state.definition.fields.length : selected + 1;
}

const keepSelection = (def: FormDefinition, id: string | null) => (id && def.fields.some((f) => f.id === id) ? id : null);
const clamp = (n: number, low: number, high: number) => Math.max(low, Math.min(high, n));

function insertAt<T>(list: readonly T[], index: number, item: T): T[] {
  return [...list.slice(0, index), item, ...list.slice(index)];
}

export function arrayMove<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A fresh id for a field: short, unique in the form, and stable across edits. */
function freshId(fields: readonly FormField[]): string {
  const ids = new Set(fields.map((f) => f.id));
  for (;;) {
    const id = `f${Math.random().toString(36).slice(2, 10)}`;
    if (!ids.has(id)) return id;
  }
}

/** A key made from a label: letters, digits and _, starting with a letter, unique in the form. */
export function keyFromLabel(label: string, fields: readonly FormField[], ownId?: string): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^[^A-Za-z]+|_+$/g, '')
      .toLowerCase()
      .slice(0, 56) || 'field';
  const taken = new Set(fields.filter((f) => f.id !== ownId && isValueField(f)).map((f) => (f as { key: string }).key));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A new field of a kind with a label and key that do not clash with the form's other fields. */
export function newField(kind: FieldKind, fields: readonly FormField[]): FormField {
  const id = freshId(fields);
  const label = uniqueLabel(FIELD_KIND_LABELS[kind], fields);
  if (kind === 'heading') return { kind, id, label: 'Section' };
  if (kind === 'help') return { kind, id, label: 'Instructions for whoever fills in this form' };
  const key = keyFromLabel(label, fields);
  if (CHOICE_KINDS.includes(kind)) {
    return {
      kind: kind as 'select' | 'multiselect',
      id,
      label,
      key,
      options: [
        { value: 'option_1', label: 'Option 1' },
        { value: 'option_2', label: 'Option 2' },
      ],
    };
  }
  return { kind, id, label, key } as FormField;
}

function uniqueLabel(base: string, fields: readonly FormField[]): string {
  const labels = new Set(fields.map((f) => f.label));
  if (!labels.has(base)) return base;
  for (let n = 2; ; n++) if (!labels.has(`${base} ${n}`)) return `${base} ${n}`;
}
