import { describe, expect, it } from 'vitest';
import {
  defaultFormValues,
  FormDefinition,
  type FormField,
  fieldValueProblem,
  firstIssue,
  isFieldVisible,
  type ValueField,
  validateFormValues,
  visibility,
} from './definition';
import { validateSamples } from './samples';
import { DataFormSaveBody, FormJsonInput } from './schemas';

const field = (f: Record<string, unknown>) => f as unknown as FormField;
const def = (...fields: Record<string, unknown>[]) => FormDefinition.parse({ version: 1, fields });
const problem = (...fields: Record<string, unknown>[]) => {
  const result = FormDefinition.safeParse({ version: 1, fields });
  return result.success ? null : firstIssue(result.error);
};

describe('FormDefinition', () => {
  it('accepts every field kind', () => {
    const parsed = def(
      { id: '1', kind: 'text', key: 'a', label: 'A', maxLength: 20, default: 'x' },
      { id: '2', kind: 'textarea', key: 'b', label: 'B' },
      { id: '3', kind: 'number', key: 'c', label: 'C', min: 0, max: 10, unit: 't', decimals: 1, default: 5 },
      { id: '4', kind: 'date', key: 'd', label: 'D', default: 'today' },
      { id: '5', kind: 'time', key: 'e', label: 'E', default: '08:30' },
      { id: '6', kind: 'select', key: 'f', label: 'F', options: [{ value: 'x', label: 'X' }], default: 'x' },
      { id: '7', kind: 'multiselect', key: 'g', label: 'G', options: [{ value: 'x', label: 'X' }], default: ['x'] },
      { id: '8', kind: 'yesno', key: 'h', label: 'H', default: true },
      { id: '9', kind: 'passfail', key: 'i', label: 'I', default: 'na' },
      { id: '10', kind: 'photo', key: 'j', label: 'J', maxFiles: 3 },
      { id: '11', kind: 'file', key: 'k', label: 'K' },
      { id: '12', kind: 'signature', key: 'l', label: 'L', required: true },
      { id: '13', kind: 'heading', label: 'Section' },
      { id: '14', kind: 'help', label: 'Some guidance' },
    );
    expect(parsed.fields).toHaveLength(14);
  });

  it('names the wrong path and the reason', () => {
    expect(problem({ id: '1', kind: 'text', key: '9a', label: 'A' })).toMatch(/^fields\[0\]\.key: must start with a letter/);
    expect(problem({ id: '1', kind: 'rating', key: 'a', label: 'A' })).toMatch(/^fields\[0\]\.kind: /);
    expect(problem({ id: '1', kind: 'text', key: 'a', label: 'A', colour: 'red' })).toMatch(/^fields\[0\]/);
    expect(problem({ id: '1', kind: 'text', key: 'a', label: '' })).toBe('fields[0].label: Label is required');
    expect(problem({ id: '1', kind: 'text', key: 'a', label: 'A' }, { id: '2', kind: 'number', key: 'a', label: 'B' })).toBe(
      'fields[1].key: the key a is used twice',
    );
    expect(problem({ id: '1', kind: 'text', key: 'a', label: 'A' }, { id: '1', kind: 'text', key: 'b', label: 'B' })).toBe(
      'fields[1].id: the id 1 is used twice',
    );
    expect(problem({ id: '1', kind: 'number', key: 'a', label: 'A', min: 5, max: 1 })).toBe('fields[0].max: must not be less than min');
    expect(problem({ id: '1', kind: 'number', key: 'a', label: 'A', max: 1, default: 3 })).toBe(
      'fields[0].default: must lie between min and max',
    );
    expect(
      problem({
        id: '1',
        kind: 'select',
        key: 'a',
        label: 'A',
        options: [
          { value: 'x', label: 'X' },
          { value: 'x', label: 'Y' },
        ],
      }),
    ).toBe('fields[0].options: the option x is listed twice');
    expect(problem({ id: '1', kind: 'select', key: 'a', label: 'A', options: [{ value: 'x', label: 'X' }], default: 'z' })).toBe(
      'fields[0].default: z is not one of the options',
    );
    // A condition must name a field above it, not one below or itself.
    expect(
      problem(
        { id: '1', kind: 'text', key: 'a', label: 'A', visibleWhen: { key: 'b', equals: ['x'] } },
        { id: '2', kind: 'text', key: 'b', label: 'B' },
      ),
    ).toBe('fields[0].visibleWhen.key: must name a field above this one (b is not)');
    expect(firstIssue(FormDefinition.safeParse({ version: 2, fields: [] }).error as never)).toMatch(/^version: /);
    expect(firstIssue(FormDefinition.safeParse(null).error as never)).toMatch(/^\(top\): /);
  });

  it('accepts prototype names as ordinary keys', () => {
    const parsed = def({ id: '1', kind: 'text', key: 'constructor', label: '__proto__' });
    expect(validateFormValues(parsed, JSON.parse('{"constructor":"x"}'))).toEqual([]);
    expect(validateFormValues(parsed, JSON.parse('{"__proto__":"x"}'))).toEqual([
      { key: '__proto__', message: '__proto__ is not a field of this form' },
    ]);
  });
});

describe('visibility', () => {
  const form = def(
    { id: '1', kind: 'passfail', key: 'result', label: 'Result' },
    {
      id: '2',
      kind: 'select',
      key: 'cause',
      label: 'Cause',
      options: [
        { value: 'wear', label: 'Wear' },
        { value: 'damage', label: 'Damage' },
      ],
      visibleWhen: { key: 'result', equals: ['fail'] },
    },
    {
      id: '3',
      kind: 'textarea',
      key: 'damage',
      label: 'Damage details',
      required: true,
      visibleWhen: { key: 'cause', equals: ['damage'] },
    },
    {
      id: '4',
      kind: 'multiselect',
      key: 'parts',
      label: 'Parts',
      options: [
        { value: 'hook', label: 'Hook' },
        { value: 'rope', label: 'Rope' },
      ],
    },
    { id: '5', kind: 'photo', key: 'rope', label: 'Rope photo', visibleWhen: { key: 'parts', equals: ['rope'] } },
  );

  it('shows a field while its source holds one of the values; a hidden source hides its dependants', () => {
    expect([...visibility(form, {}).values()]).toEqual([true, false, false, true, false]);
    expect([...visibility(form, { result: 'fail', cause: 'damage' }).values()]).toEqual([true, true, true, true, false]);
    // The cause stays 'damage' but is hidden once the result passes: its dependant hides too.
    expect([...visibility(form, { result: 'pass', cause: 'damage' }).values()]).toEqual([true, false, false, true, false]);
    expect(isFieldVisible(form, form.fields[4], { parts: ['hook', 'rope'] })).toBe(true);
    expect(isFieldVisible(form, form.fields[4], { parts: ['hook'] })).toBe(false);
  });

  it('requires and checks only the fields that are shown', () => {
    expect(validateFormValues(form, { result: 'pass', cause: 'nonsense' })).toEqual([]);
    expect(validateFormValues(form, { result: 'fail', cause: 'damage' })).toEqual([
      { key: 'damage', message: 'Damage details is required' },
    ]);
  });
});

describe('values', () => {
  const v = (f: Record<string, unknown>, value: unknown) =>
    fieldValueProblem(field({ id: 'x', key: 'x', label: 'X', ...f }) as ValueField, value);

  it('checks each kind’s value', () => {
    expect(v({ kind: 'text', maxLength: 3 }, 'abcd')).toBe('must be at most 3 characters');
    expect(v({ kind: 'text' }, 5)).toBe('must be text');
    expect(v({ kind: 'number', min: 1 }, 0)).toBe('must be at least 1');
    expect(v({ kind: 'number', decimals: 0 }, 1.5)).toBe('must be a whole number');
    expect(v({ kind: 'number', decimals: 2 }, 1.25)).toBeNull();
    expect(v({ kind: 'number' }, '5')).toBe('must be a number');
    expect(v({ kind: 'date' }, '2026-02-30')).toBe('must be a date (YYYY-MM-DD)');
    expect(v({ kind: 'date' }, '2026-02-28')).toBeNull();
    expect(v({ kind: 'time' }, '24:00')).toBe('must be a time (HH:mm)');
    expect(v({ kind: 'select', options: [{ value: 'a', label: 'A' }] }, 'b')).toBe('must be one of the options');
    expect(v({ kind: 'multiselect', options: [{ value: 'a', label: 'A' }] }, ['a', 'b'])).toBe('must be some of the options');
    expect(v({ kind: 'yesno' }, 'yes')).toBe('must be yes or no');
    expect(v({ kind: 'passfail' }, 'ok')).toBe('must be pass, fail or not applicable');
    expect(v({ kind: 'photo', maxFiles: 1 }, ['a', 'b'])).toBe('at most 1 file');
    expect(v({ kind: 'signature' }, ['a/../b'])).toBe('must be a list of uploaded files');
    expect(v({ kind: 'file' }, [])).toBeNull();
  });

  it('starts a filling from the defaults, today resolved', () => {
    const form = def(
      { id: '1', kind: 'date', key: 'on', label: 'On', default: 'today' },
      { id: '2', kind: 'yesno', key: 'ok', label: 'OK', default: false },
      { id: '3', kind: 'text', key: 'note', label: 'Note' },
    );
    expect(defaultFormValues(form, '2026-11-23')).toEqual({ on: '2026-11-23', ok: false });
  });
});

describe('save bodies', () => {
  it('reads a definition from its JSON text, with the spec’s message for a syntax error', () => {
    expect(FormJsonInput.safeParse('{"version":1,"fields":[]}').success).toBe(true);
    const syntax = FormJsonInput.safeParse('{"version":');
    expect(syntax.success ? null : syntax.error.issues[0].message).toBe('Please Enter a valid JSON');
  });

  it('leaves what is absent to the save (defaults or the form’s own), and keeps Max at least Min', () => {
    const body = DataFormSaveBody.parse({ objectType: 'FORM', name: 'X', formObject: 'MISC' });
    expect(body.samplesMin).toBeUndefined();
    expect(body.formType).toBeUndefined();
    const wrong = DataFormSaveBody.safeParse({ objectType: 'Form', name: 'X', formObject: 'MISC', samplesMin: 3, samplesMax: 2 });
    expect(wrong.success ? null : firstIssue(wrong.error)).toBe('samplesMax: Max must not be less than Min');
    // Max alone is checked against the default Min of 1.
    expect(DataFormSaveBody.safeParse({ objectType: 'Form', name: 'X', formObject: 'MISC', samplesMax: 1 }).success).toBe(true);
    const disabled = DataFormSaveBody.safeParse({ objectType: 'Form', name: 'X', formObject: 'USER' });
    expect(disabled.success ? null : firstIssue(disabled.error)).toBe('formObject: is not available yet');
  });
});

describe('samples of a MULTIPLE form', () => {
  const form = def({ id: '1', kind: 'number', key: 'load', label: 'Test load', required: true, max: 40 });

  it('counts the samples against Min and Max and checks each one', () => {
    expect(validateSamples(form, [{ load: 1 }], 1, 4)).toEqual([]);
    expect(validateSamples(form, [], 1, 4)).toEqual([{ sample: -1, key: '', message: 'At least 1 sample needed' }]);
    expect(validateSamples(form, [{ load: 1 }, { load: 2 }, { load: 3 }], 1, 2)).toEqual([
      { sample: -1, key: '', message: 'At most 2 samples' },
    ]);
    expect(validateSamples(form, [{ load: 1 }, {}, { load: 41 }], 1, 4)).toEqual([
      { sample: 1, key: 'load', message: 'Test load is required' },
      { sample: 2, key: 'load', message: 'Test load must be at most 40' },
    ]);
  });
});
