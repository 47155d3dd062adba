import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '@portal/contracts/dataForms/definition';
import { definitionProblems } from './problems';

describe('definition problems', () => {
  it('are none for a valid definition', () => {
    expect(definitionProblems({ version: 1, fields: [{ kind: 'text', id: 'a', key: 'serial', label: 'Serial' }] }).list).toEqual([]);
  });

  it('are mapped to the field and property they concern', () => {
    const definition: FormDefinition = {
      version: 1,
      fields: [
        { kind: 'text', id: 'a', key: 'serial', label: 'Serial' },
        { kind: 'number', id: 'b', key: 'serial', label: 'Load', min: 10, max: 5 },
        { kind: 'textarea', id: 'c', key: 'notes', label: 'Notes', visibleWhen: { key: 'later', equals: ['x'] } },
        { kind: 'yesno', id: 'd', key: 'later', label: '' },
      ],
    };
    const problems = definitionProblems(definition);
    expect(problems.byField.get('a')).toBeUndefined();
    expect(problems.byField.get('b')).toBe('Key: the key serial is used twice');
    expect(problems.byProperty.get('b')?.get('key')).toBe('the key serial is used twice');
    expect(problems.byProperty.get('b')?.get('max')).toBe('must not be less than min');
    expect(problems.byProperty.get('c')?.get('visibleWhen')).toBe('must name a field above this one (later is not)');
    expect(problems.byProperty.get('d')?.get('label')).toBe('Label is required');
    expect(problems.list).toContain('Load, Key: the key serial is used twice');
    expect(problems.list).toContain('Field 4: Label is required');
    // The panel's names, never the definition's keys.
    expect(problems.list).toContain('Notes, Visible when: must name a field above this one (later is not)');
    for (const text of [...problems.list, ...problems.byField.values()]) expect(text).not.toMatch(/visibleWhen|\(key\)|\(label\)/);
  });
});
