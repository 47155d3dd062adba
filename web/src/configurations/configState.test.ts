import { describe, expect, it } from 'vitest';
import { type ConfigRow, CONFIGURATIONS } from '@portal/contracts';
import { canAdd, canCancel, canSave, isDirty, jsonError, NEW_CONFIG, NONE_SELECTED, nameError, schemaProblem } from './configState';

const row = (id: number, name: string, configJson = '{}') => ({ id, name, configJson }) as ConfigRow;
const ROWS = [row(11, 'namespaceFeatures', '{"jobs": true}'), row(12, 'reportBranding')];

describe('configuration screen rules', () => {
  it('Add Configuration only when nothing (or nothing saved) is current', () => {
    expect(canAdd(NONE_SELECTED)).toBe(true);
    expect(canAdd(NEW_CONFIG)).toBe(false);
    expect(canAdd({ id: 11, name: 'x', text: '{}' })).toBe(false);
    expect(canCancel(NONE_SELECTED)).toBe(false);
    expect(canCancel(NEW_CONFIG)).toBe(true);
  });

  it('the name is mandatory and unique among the others, whatever its case', () => {
    expect(nameError(NONE_SELECTED, ROWS)).toBeNull();
    expect(nameError({ ...NEW_CONFIG, name: '  ' }, ROWS)).toBe(CONFIGURATIONS.nameMandatory);
    expect(nameError({ ...NEW_CONFIG, name: 'REPORTBRANDING' }, ROWS)).toBe(CONFIGURATIONS.duplicateName);
    expect(nameError({ id: 12, name: 'reportbranding', text: '{}' }, ROWS)).toBeNull();
  });

  it('Save needs a selection, valid JSON and a good name; a schema problem does not disable it', () => {
    expect(canSave(NONE_SELECTED, ROWS)).toBe(false);
    expect(canSave({ ...NEW_CONFIG, name: 'new' }, ROWS)).toBe(true);
    const broken = { id: 11, name: 'namespaceFeatures', text: '{"jobs": ' };
    expect(jsonError(broken)).toBe(CONFIGURATIONS.invalidJson);
    expect(canSave(broken, ROWS)).toBe(false);
    const wrong = { id: 11, name: 'namespaceFeatures', text: '{"jobs": "yes"}' };
    expect(schemaProblem(wrong)).toEqual({ path: 'jobs', message: 'jobs: must be true or false' });
    expect(canSave(wrong, ROWS)).toBe(true);
  });

  it('knows when the editor holds unsaved changes', () => {
    expect(isDirty(NONE_SELECTED, ROWS)).toBe(false);
    expect(isDirty(NEW_CONFIG, ROWS)).toBe(false);
    expect(isDirty({ ...NEW_CONFIG, name: 'x' }, ROWS)).toBe(true);
    expect(isDirty({ id: 11, name: 'namespaceFeatures', text: '{"jobs": true}' }, ROWS)).toBe(false);
    expect(isDirty({ id: 11, name: 'namespaceFeatures', text: '{"jobs": false}' }, ROWS)).toBe(true);
  });
});
