import { describe, expect, it } from 'vitest';
import { FormDefinition } from '@portal/contracts';
import {
  acceptsFile,
  blobKeysOf,
  fieldTestId,
  isShortField,
  maxFilesOf,
  numberText,
  parseNumberText,
  problemsByKey,
  rangeHint,
  shownFields,
  withValue,
} from './formLogic';
import { localToday } from './useFormFilling';

const definition = FormDefinition.parse({
  version: 1,
  fields: [
    { id: 'h', kind: 'heading', label: 'Checks' },
    { id: 'r', kind: 'passfail', key: 'result', label: 'Result', required: true },
    { id: 'm', kind: 'textarea', key: 'remarks', label: 'Remarks', required: true, visibleWhen: { key: 'result', equals: ['fail'] } },
    { id: 'p', kind: 'photo', key: 'photo', label: 'Photo', maxFiles: 2, visibleWhen: { key: 'result', equals: ['fail'] } },
    { id: 'n', kind: 'number', key: 'load', label: 'Test load', unit: 't', min: 0.5, max: 40, decimals: 1 },
    { id: 's', kind: 'signature', key: 'sign', label: 'Signature' },
  ],
});

describe('the renderer’s rules', () => {
  it('shows the remarks and photo of an item only when it fails', () => {
    expect(shownFields(definition, {}).map((f) => f.id)).toEqual(['h', 'r', 'n', 's']);
    expect(shownFields(definition, { result: 'fail' }).map((f) => f.id)).toEqual(['h', 'r', 'm', 'p', 'n', 's']);
  });

  it('reports problems by key with the server’s messages, one per key', () => {
    expect(problemsByKey(definition, {})).toEqual({ result: 'Result is required' });
    expect(problemsByKey(definition, { result: 'fail', load: 41 })).toEqual({
      remarks: 'Remarks is required',
      load: 'Test load must be at most 40',
    });
    expect(problemsByKey(definition, { result: 'pass', load: 1.25 })).toEqual({ load: 'Test load must have at most 1 decimal places' });
    expect(problemsByKey(definition, { result: 'pass', load: '1,2,3' })).toEqual({ load: 'Test load must be a number' });
    // A hidden field's answer is not checked.
    expect(problemsByKey(definition, { result: 'pass', photo: 'nonsense' })).toEqual({});
  });

  it('drops blank answers so that they count as unanswered', () => {
    expect(withValue({ a: 1, b: 'x' }, 'b', '')).toEqual({ a: 1 });
    expect(withValue({ a: 1 }, 'c', [])).toEqual({ a: 1 });
    expect(withValue({ a: 1 }, 'c', false)).toEqual({ a: 1, c: false });
    const before = { a: 1 };
    withValue(before, 'a', 2);
    expect(before).toEqual({ a: 1 });
  });

  it('reads number text: numbers, blanks, and text that is not a number yet', () => {
    expect(parseNumberText('12.5')).toBe(12.5);
    expect(parseNumberText(' 3,75 ')).toBe(3.75);
    expect(parseNumberText('-2')).toBe(-2);
    expect(parseNumberText('')).toBeUndefined();
    expect(parseNumberText('12t')).toBe('12t');
    expect(parseNumberText('1e999')).toBe('1e999');
    expect(numberText(4)).toBe('4');
    expect(numberText(undefined)).toBe('');
  });

  it('describes ranges with the unit, and the files a field takes', () => {
    const load = definition.fields[4];
    if (load.kind !== 'number') throw new Error('fixture');
    expect(rangeHint(load)).toBe('0.5 – 40 t');
    expect(rangeHint({ ...load, min: undefined })).toBe('at most 40 t');
    expect(rangeHint({ ...load, min: undefined, max: undefined })).toBeUndefined();
    const photo = definition.fields[3];
    const sign = definition.fields[5];
    if (photo.kind !== 'photo' || sign.kind !== 'signature') throw new Error('fixture');
    expect(maxFilesOf(photo)).toBe(2);
    expect(maxFilesOf(sign)).toBe(1);
    expect(blobKeysOf(['a', 2, 'b'])).toEqual(['a', 'b']);
    expect(blobKeysOf('a')).toEqual([]);
  });

  it('accepts photos as JPEG or PNG and files also as PDF, within the size', () => {
    expect(acceptsFile('photo', { name: 'crack.JPG', size: 10 }, 100)).toBe(true);
    expect(acceptsFile('photo', { name: 'report.pdf', size: 10 }, 100)).toBe(false);
    expect(acceptsFile('file', { name: 'report.pdf', size: 10 }, 100)).toBe(true);
    expect(acceptsFile('file', { name: 'big.pdf', size: 101 }, 100)).toBe(false);
    expect(acceptsFile('file', { name: 'empty.pdf', size: 0 }, 100)).toBe(false);
  });

  it('lays short fields two to a row and names every block for tests', () => {
    expect(definition.fields.map(isShortField)).toEqual([false, true, false, false, true, false]);
    expect(definition.fields.map(fieldTestId)).toEqual([
      'field-h',
      'field-result',
      'field-remarks',
      'field-photo',
      'field-load',
      'field-sign',
    ]);
  });

  it('dates "today" in the user’s own calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
