import { describe, expect, it } from 'vitest';
import { FormDefinition } from '@portal/contracts/dataForms/definition';
import { type BuilderState, builderReducer, initialBuilderState, keyFromLabel } from './builderState';

const empty = () => initialBuilderState({ version: 1, fields: [] });
const run = (state: BuilderState, ...actions: Parameters<typeof builderReducer>[1][]) => actions.reduce(builderReducer, state);
const kinds = (s: BuilderState) => s.definition.fields.map((f) => f.kind);

describe('form builder state', () => {
  it('adds fields at the end, or after the selected one, with unique keys that make a valid definition', () => {
    let s = run(empty(), { type: 'add', kind: 'text' }, { type: 'add', kind: 'number' }, { type: 'add', kind: 'text' });
    expect(kinds(s)).toEqual(['text', 'number', 'text']);
    const keys = s.definition.fields.map((f) => ('key' in f ? f.key : ''));
    expect(new Set(keys).size).toBe(3);
    s = run(s, { type: 'select', id: s.definition.fields[0]?.id ?? null }, { type: 'add', kind: 'yesno' });
    expect(kinds(s)).toEqual(['text', 'yesno', 'number', 'text']);
    expect(s.selectedId).toBe(s.definition.fields[1]?.id);
    for (const kind of [
      'select',
      'multiselect',
      'heading',
      'help',
      'passfail',
      'photo',
      'file',
      'signature',
      'date',
      'time',
      'textarea',
    ] as const)
      s = builderReducer(s, { type: 'add', kind });
    expect(FormDefinition.safeParse(s.definition).success).toBe(true);
  });

  it('inserts a dropped palette item at the drop position', () => {
    const s = run(empty(), { type: 'add', kind: 'text' }, { type: 'add', kind: 'date' }, { type: 'add', kind: 'photo', index: 1 });
    expect(kinds(s)).toEqual(['text', 'photo', 'date']);
  });

  it('moves and removes fields; removing the selected field selects its neighbour', () => {
    let s = run(empty(), { type: 'add', kind: 'text' }, { type: 'add', kind: 'date' }, { type: 'add', kind: 'time' });
    s = builderReducer(s, { type: 'move', from: 0, to: 2 });
    expect(kinds(s)).toEqual(['date', 'time', 'text']);
    const time = s.definition.fields[1]?.id ?? '';
    s = run(s, { type: 'select', id: time }, { type: 'remove', id: time });
    expect(kinds(s)).toEqual(['date', 'text']);
    expect(s.selectedId).toBe(s.definition.fields[1]?.id);
    expect(builderReducer(s, { type: 'move', from: 0, to: 5 })).toBe(s);
  });

  it('undoes and redoes every change; typing in one property is one step', () => {
    let s = run(empty(), { type: 'add', kind: 'text' });
    const field = s.definition.fields[0];
    if (!field) throw new Error('no field');
    s = run(
      s,
      { type: 'update', id: field.id, field: { ...field, label: 'S' }, coalesce: 'label' },
      { type: 'update', id: field.id, field: { ...field, label: 'Se' }, coalesce: 'label' },
      { type: 'update', id: field.id, field: { ...field, label: 'Serial' }, coalesce: 'label' },
    );
    expect(s.definition.fields[0]?.label).toBe('Serial');
    s = builderReducer(s, { type: 'undo' });
    expect(s.definition.fields[0]?.label).toBe(field.label);
    s = builderReducer(s, { type: 'undo' });
    expect(s.definition.fields).toHaveLength(0);
    expect(builderReducer(s, { type: 'undo' })).toBe(s);
    s = run(s, { type: 'redo' }, { type: 'redo' });
    expect(s.definition.fields[0]?.label).toBe('Serial');
    s = run(s, { type: 'undo' }, { type: 'add', kind: 'date' });
    expect(s.future).toHaveLength(0);
  });

  it('makes keys from labels', () => {
    expect(keyFromLabel('Load test (kN)', [])).toBe('load_test_kn');
    expect(keyFromLabel('2nd check', [])).toBe('nd_check');
    expect(keyFromLabel('!!!', [])).toBe('field');
    expect(keyFromLabel('Name', [{ kind: 'text', id: 'a', key: 'name', label: 'Name' }])).toBe('name_2');
  });
});

describe('loaded fields', () => {
  it('remembers which fields came with the loaded definition, through edits and undo', () => {
    let s = initialBuilderState({ version: 1, fields: [{ kind: 'text', id: 'a', key: 'serial', label: 'Serial' }] });
    s = run(s, { type: 'add', kind: 'date' }, { type: 'undo' }, { type: 'redo' });
    expect([...s.loadedIds]).toEqual(['a']);
    expect(s.definition.fields.map((f) => s.loadedIds.has(f.id))).toEqual([true, false]);
  });
});
